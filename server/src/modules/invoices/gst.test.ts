import { type ApiOrder, demoGstin, type GstMode, type TaxDocument } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { orderItems } from '../../db/schema.ts';

/**
 * GST end to end (issue 16, DESIGN §11): tax of awkward prices in both modes and both supply types,
 * to the paisa, the same on the order, its items and the seller's invoice; invoice numbering under
 * concurrent shipments; who may read a document; the PDF; credit notes.
 */

// Awkward prices (paise) and quantities: a repeating 333.33, both sides of the Rs. 2,625 slab edge
// (Rs. 2,500 + 5%), and 999.99 twice.
const LINES = [
  { pricePaise: 33_333, quantity: 3 },
  { pricePaise: 262_500, quantity: 1 },
  { pricePaise: 262_501, quantity: 1 },
  { pricePaise: 99_999, quantity: 2 },
];

// Worked by hand (see docs/decisions/010-gst-tax-invoices.md), in LINES order: [taxable, tax] in paise.
const EXPECTED: Record<GstMode, { lines: [number, number][]; rates: number[] }> = {
  // 18% of 8,249.98 = 1,484.9964 → 1,485.00 once; the lines' floors (179.99, 472.50, 472.50, 359.99)
  // leave 2 paise, which go to the two largest remainders (.82 and .64).
  flat18: {
    lines: [
      [99_999, 18_000],
      [262_500, 47_250],
      [262_501, 47_250],
      [199_998, 36_000],
    ],
    rates: [18, 18, 18, 18],
  },
  // Prices include GST: 999.99 / 1.05 = 952.37; 2,625.00 / 1.05 = 2,500.00 (5%, the edge);
  // 2,625.01 is over it: / 1.18 = 2,224.58 (18%); 1,999.98 / 1.05 = 1,904.74.
  india: {
    lines: [
      [95_237, 4_762],
      [250_000, 12_500],
      [222_458, 40_043],
      [190_474, 9_524],
    ],
    rates: [5, 5, 18, 5],
  },
};

const SELLER_GSTIN = demoGstin('29', 7);

describe.each(['flat18', 'india'] as const)('GST in %s mode', (mode) => {
  let ctx: TestContext;
  let seller: FastAccount;
  let productIds: string[];
  const call = callerOf(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { GST_MODE: mode } });
    seller = await quickSeller(ctx.app, {
      gstin: SELLER_GSTIN,
      legalName: 'Das Weaves Private Limited',
      state: 'Karnataka',
    });
    productIds = [];
    for (const l of LINES) {
      const p = await insertProduct(ctx.db, seller.id, { pricePaise: l.pricePaise, stock: 500 });
      productIds.push(p.id);
    }
  });
  afterAll(async () => ctx?.close());

  async function placeAll(buyer: FastAccount) {
    for (const [i, l] of LINES.entries()) {
      const res = await call('POST', '/api/user/add-to-cart', buyer, {
        productId: productIds[i],
        quantity: l.quantity,
      });
      expect(res.statusCode).toBe(200);
    }
    const placed = await call('PUT', '/api/user/order-success', buyer);
    expect(placed.statusCode).toBe(200);
    return placed.json().order as ApiOrder;
  }

  const byProduct = (order: ApiOrder) => productIds.map((id) => order.items.find((i) => i.productId === id)!);

  it.each([
    ['intra-state (Karnataka to Karnataka)', 'Karnataka', 'intra'],
    ['inter-state (Karnataka to Maharashtra)', 'Maharashtra', 'inter'],
  ] as const)('taxes an order %s to the paisa, and its invoice says the same', async (_, state, supply) => {
    const buyer = await quickUser(ctx.app, {
      state,
      ...(state === 'Karnataka'
        ? { city: 'Bengaluru', postalCode: '560001' }
        : { city: 'Pune', postalCode: '411001' }),
    });
    const order = await placeAll(buyer);
    const expected = EXPECTED[mode];
    const taxable = expected.lines.reduce((s, [t]) => s + t, 0);
    const tax = expected.lines.reduce((s, [, g]) => s + g, 0);
    expect(Math.round(order.subtotal * 100)).toBe(taxable);
    expect(Math.round(order.gst * 100)).toBe(tax);
    expect(Math.round(order.total * 100)).toBe(taxable + tax);
    expect(order.taxIncluded).toBe(mode === 'india');
    const gross = LINES.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
    if (mode === 'flat18') {
      // The original client shows 18% of the subtotal, rounded once: unchanged.
      expect(Math.round(order.gst * 100)).toBe(Math.round((gross * 18) / 100));
    } else {
      expect(Math.round(order.total * 100)).toBe(gross); // the shopper pays the prices shown
    }

    const items = byProduct(order);
    for (const [i, item] of items.entries()) {
      const [t, g] = expected.lines[i]!;
      expect(Math.round(item.tax.taxableValue * 100), `taxable of line ${i}`).toBe(t);
      expect(item.tax.rate).toBe(expected.rates[i]);
      const cgst = Math.round(item.tax.cgst * 100);
      const sgst = Math.round(item.tax.sgst * 100);
      const igst = Math.round(item.tax.igst * 100);
      expect(cgst + sgst + igst, `tax of line ${i}`).toBe(g);
      if (supply === 'intra') {
        expect([cgst, sgst, igst]).toEqual([Math.ceil(g / 2), Math.floor(g / 2), 0]);
      } else expect([cgst, sgst]).toEqual([0, 0]);
    }
    const labels = order.taxLines.map((l: { label: string }) => l.label);
    expect(
      labels.every((l: string) => l.startsWith(supply === 'intra' ? 'CGST' : 'IGST') || l.startsWith('SGST')),
    ).toBe(true);
    const lineSum = order.taxLines.reduce(
      (s: number, l: { amount: number }) => s + Math.round(l.amount * 100),
      0,
    );
    expect(lineSum).toBe(tax);

    // Shipping one item issues the seller's invoice for every item of the order.
    const shipped = await call('POST', `/api/seller/orders/${items[0]!._id}/ship`, seller, {});
    expect(shipped.statusCode).toBe(200);
    const rows = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    const invoiceId = rows[0]!.invoiceId;
    expect(invoiceId).toBeTruthy();
    expect(rows.every((r) => r.invoiceId === invoiceId)).toBe(true);

    const res = await call('GET', `/api/invoices/${invoiceId}`, buyer);
    expect(res.statusCode).toBe(200);
    const doc: TaxDocument = res.json().document;
    expect(doc.number).toMatch(/^INV\/\d{4}\/\d{6}$/);
    expect(doc.number.length).toBeLessThanOrEqual(16);
    expect(doc.supply).toBe(supply);
    expect(doc.seller).toMatchObject({
      gstin: SELLER_GSTIN,
      stateCode: '29',
      name: 'Das Weaves Private Limited',
    });
    expect(doc.placeOfSupply).toEqual({ state, stateCode: state === 'Karnataka' ? '29' : '27' });
    expect(doc.mode).toBe(mode);
    expect(Math.round(doc.totals.taxableValue * 100)).toBe(taxable);
    expect(Math.round(doc.totals.tax * 100)).toBe(tax);
    expect(Math.round(doc.totals.total * 100)).toBe(Math.round(order.total * 100));
    expect(doc.lines.map((l) => Math.round(l.taxableValue * 100)).sort()).toEqual(
      expected.lines.map(([t]) => t).sort(),
    );
    expect(doc.reverseCharge).toBe('Tax is not payable on reverse charge');
    expect(doc.operator.gstin).toBe(ctx.config.shop.gstin);
    expect(doc.totals.inWords).toMatch(/^Rupees .* Only$/);
    // The order answers carry it too.
    const again = await call('GET', `/api/user/orders/${order._id}`, buyer);
    expect(again.json().order.items.every((i: { invoiceId: string }) => i.invoiceId === invoiceId)).toBe(
      true,
    );
  });
});

describe('tax documents', () => {
  let ctx: TestContext;
  let seller: FastAccount;
  let productId: string;
  const call = callerOf(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestContext();
    seller = await quickSeller(ctx.app, {
      gstin: demoGstin('33', 3),
      legalName: 'Kanchi Silks LLP',
      state: 'Tamil Nadu',
    });
    productId = (await insertProduct(ctx.db, seller.id, { pricePaise: 149_900, stock: 1000 })).id;
  });
  afterAll(async () => ctx?.close());

  async function orderOf(buyer: FastAccount, quantity = 1) {
    await call('POST', '/api/user/add-to-cart', buyer, { productId, quantity });
    const res = await call('PUT', '/api/user/order-success', buyer);
    expect(res.statusCode).toBe(200);
    return res.json().order;
  }

  it('numbers 50 concurrent shipments of one seller 1 to 50, no gap and no duplicate', async () => {
    const other = await ctx.spawnSeparateApp();
    const orders = [];
    for (let i = 0; i < 50; i++) orders.push(await orderOf(await quickUser(ctx.app)));
    const results = await Promise.all(
      orders.map((o, i) =>
        call('POST', `/api/seller/orders/${o.items[0]._id}/ship`, seller, {}, i % 2 ? other : ctx.app),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const numbers = [];
    for (const o of orders) {
      const [row] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, o.items[0]._id));
      const doc = (await call('GET', `/api/invoices/${row!.invoiceId}`, seller)).json().document;
      numbers.push(Number(doc.number.split('/')[2]));
    }
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('shows a document to its buyer, its seller and an admin; 404 to anyone else', async () => {
    const buyer = await quickUser(ctx.app);
    const order = await orderOf(buyer);
    await call('POST', `/api/seller/orders/${order.items[0]._id}/ship`, seller, {});
    const invoiceId = (await call('GET', `/api/user/orders/${order._id}`, buyer)).json().order.items[0]
      .invoiceId;
    const admin = await createAdmin(ctx.app, ctx.db).then((a) => ({ headers: auth(a.token) }));
    const stranger = await quickUser(ctx.app);
    const rival = await quickSeller(ctx.app);
    const url = `/api/invoices/${invoiceId}`;
    for (const who of [buyer, seller, admin]) expect((await call('GET', url, who)).statusCode).toBe(200);
    for (const who of [stranger, rival]) {
      const res = await call('GET', url, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Invoice not found');
      expect((await call('GET', `${url}/pdf`, who)).statusCode).toBe(404);
    }
    expect((await call('GET', url)).statusCode).toBe(401);
    // An invoice is not a credit note, and a malformed id is a 400.
    expect((await call('GET', `/api/credit-notes/${invoiceId}`, buyer)).statusCode).toBe(404);
    expect((await call('GET', '/api/invoices/not-an-id', buyer)).statusCode).toBe(400);
  });

  it('serves the invoice as a PDF that reads back with its number, GSTIN and total in words', async () => {
    const buyer = await quickUser(ctx.app, { fullName: 'अनीता शर्मा' });
    const order = await orderOf(buyer, 2);
    await call('POST', `/api/seller/orders/${order.items[0]._id}/ship`, seller, {});
    const invoiceId = (await call('GET', `/api/user/orders/${order._id}`, buyer)).json().order.items[0]
      .invoiceId;
    const doc: TaxDocument = (await call('GET', `/api/invoices/${invoiceId}`, buyer)).json().document;
    const res = await call('GET', `/api/invoices/${invoiceId}/pdf`, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${doc.number.replaceAll('/', '-')}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(text).toContain(doc.number);
    expect(text).toContain(demoGstin('33', 3));
    expect(text.replace(/\s+/g, ' ')).toContain(doc.totals.inWords);
    // Tamil Nadu seller, Karnataka buyer: inter-state.
    expect(doc.supply).toBe('inter');
    expect(doc.totals.igst).toBeGreaterThan(0);
  });

  it('credits a cancelled item of an invoiced order in its own series, referencing the invoice', async () => {
    const buyer = await quickUser(ctx.app);
    const second = await insertProduct(ctx.db, seller.id, { pricePaise: 59_900, stock: 5 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId, quantity: 1 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId: second.id, quantity: 1 });
    const order = (await call('PUT', '/api/user/order-success', buyer)).json().order;
    const shipNow = order.items.find((i: { productId: string }) => i.productId === productId);
    const later = order.items.find((i: { productId: string }) => i.productId === second.id);
    await call('POST', `/api/seller/orders/${shipNow._id}/ship`, seller, {});
    const cancelled = await call('POST', `/api/user/orders/${later._id}/cancel`, buyer);
    expect(cancelled.statusCode).toBe(200);
    const items = (await call('GET', `/api/user/orders/${order._id}`, buyer)).json().order.items;
    const credited = items.find((i: { _id: string }) => i._id === later._id);
    expect(credited.creditNoteId).toBeTruthy();
    expect(items.find((i: { _id: string }) => i._id === shipNow._id).creditNoteId).toBeNull();
    const invoice: TaxDocument = (await call('GET', `/api/invoices/${credited.invoiceId}`, buyer)).json()
      .document;
    const note: TaxDocument = (await call('GET', `/api/credit-notes/${credited.creditNoteId}`, seller)).json()
      .document;
    expect(note.kind).toBe('credit_note');
    expect(note.number).toMatch(/^CN\/\d{4}\/000001$/);
    expect(note.reference).toEqual({ invoiceId: invoice._id, number: invoice.number, date: invoice.date });
    expect(note.reason).toBe('cancelled');
    expect(note.lines).toEqual([invoice.lines.find((l) => l.itemId === later._id)]);
    expect(note.supply).toBe(invoice.supply);
    // Cancelling again credits nothing more.
    expect((await call('POST', `/api/user/orders/${later._id}/cancel`, buyer)).statusCode).toBe(409);
  });
});

describe('seller GST registration', () => {
  let ctx: TestContext;
  const call = callerOf(() => ctx.app);
  const product = {
    productName: 'Silk Saree Blouse',
    price: 899,
    stockQuantity: 4,
    category: 'Womens',
    subCategory: 'girlsTop',
    imageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/blouse.jpg',
    public_id: 'blouse',
  };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { GST_MODE: 'india' } });
  });
  afterAll(async () => ctx?.close());

  it('keeps an unregistered seller’s products off sale in india mode until a GSTIN is given', async () => {
    const seller = await quickSeller(ctx.app);
    const added = await call('POST', '/api/seller/add-product', seller, product);
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toMatch(/add your GSTIN/);
    const id = added.json().product._id;
    expect(added.json().product.hsn).toBe('6106');
    expect((await call('GET', `/api/product-page/${id}`)).statusCode).toBe(404);
    const profile = (await call('GET', '/api/auth/seller/get-seller-profile', seller)).json()[0];
    expect(profile).toMatchObject({ gstin: null, canPublish: false });

    const bad = await call('PUT', '/api/seller/gst-details', seller, {
      gstin: '29ABCDE1234F1Z5',
      legalName: 'X Y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/check digit/);
    const wrongState = await call('PUT', '/api/seller/gst-details', seller, {
      gstin: demoGstin('29', 11),
      legalName: 'Das Weaves LLP',
      state: 'Kerala',
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().error).toMatch(/registered in Karnataka, not Kerala/);
    expect((await call('GET', `/api/product-page/${id}`)).statusCode).toBe(404);

    const saved = await call('PUT', '/api/seller/gst-details', seller, {
      gstin: ` ${demoGstin('29', 11).toLowerCase()} `,
      legalName: 'Das Weaves LLP',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      gstin: demoGstin('29', 11),
      legalName: 'Das Weaves LLP',
      state: 'Karnataka',
      published: 1,
    });
    expect((await call('GET', `/api/product-page/${id}`)).statusCode).toBe(200);
    const after = (await call('GET', '/api/auth/seller/get-seller-profile', seller)).json()[0];
    expect(after).toMatchObject({ gstin: demoGstin('29', 11), state: 'Karnataka', canPublish: true });
  });

  it('takes GST details at seller registration, the state following the GSTIN', async () => {
    const res = await call('POST', '/api/auth/seller/register', undefined, {
      fullName: 'Asha Menon',
      companyName: 'Menon Handlooms',
      email: 'asha@menon.example',
      password: 'handloom-2026',
      mobile: '9847012345',
      companyAddress: '4 Broadway, Kochi',
      gstin: demoGstin('32', 5),
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().authToken;
    const profile = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/seller/get-seller-profile',
        headers: { 'auth-token': token },
      })
    ).json()[0];
    expect(profile).toMatchObject({
      gstin: demoGstin('32', 5),
      legalName: 'Menon Handlooms',
      state: 'Kerala',
    });
    const bad = await call('POST', '/api/auth/seller/register', undefined, {
      fullName: 'Ravi Rao',
      companyName: 'Rao Textiles',
      email: 'ravi@rao.example',
      password: 'textiles-2026',
      mobile: '9847012346',
      companyAddress: '9 MG Road, Pune',
      gstin: '27AAPFU0939F1ZX',
    });
    expect(bad.statusCode).toBe(400);
  });
});
