import type { ApiOrder, GstMode, TaxDocument } from '@vastra/contracts';
import { demoGstin } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { act, itemRow, requested, UPI } from '../../test/return-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { coupons, ledgerEntries, type orderItems, refunds, taxDocuments } from '../db/schema.ts';
import { unitsOf } from '../modules/invoices/issue.ts';
import { platformDiscountPaise } from '../modules/ledger/entries.ts';

/**
 * Money after a coupon (issue 36): what the shopper paid for an item is its taxable value + tax
 * after its share of the discount, in both GST modes. Invoices show each line's gross amount and
 * discount; a cancelled or returned item refunds what was paid for it and its credit notes reverse
 * what the invoice charged, to the paisa; the ledger credits a seller-funded coupon's sale as paid
 * and a platform-funded one as if there were no coupon, the platform bearing the difference
 * (docs/decisions/014-marketplace-ledger.md, amendment). An order without a coupon is as before.
 *
 * The figures below are worked out by hand from the rules (contracts offers.ts couponVerdict,
 * tax.ts taxLines): 10% commission, 18% GST on it, 0.5% TCS, HSN 6205 at 5% in `india` mode.
 */

type ItemRow = typeof orderItems.$inferSelect;
const paise = (rupees: number) => Math.round(rupees * 100);

describe('the figures of part of a discounted item (no database)', () => {
  const item = (over: Partial<ItemRow>) =>
    ({
      unitPricePaise: 99_999,
      quantity: 3,
      amountPaise: 299_997,
      discountPaise: 26_087,
      gstRateBp: 500,
      taxablePaise: 260_867,
      taxPaise: 13_043,
      ...over,
    }) as ItemRow;

  it('adds the units of an item back to the item, and each part reads gross − discount = what was paid', () => {
    for (const mode of ['india', 'flat18'] as const) {
      const whole =
        mode === 'india' ? item({}) : item({ gstRateBp: 1800, taxablePaise: 273_910, taxPaise: 49_304 });
      for (const split of [[1, 1, 1], [1, 2], [2, 1], [3]]) {
        let from = 0;
        const parts = split.map((units) => {
          const part = unitsOf(whole, from, units, mode);
          from += units;
          return part;
        });
        const sum = (k: 'amountPaise' | 'discountPaise' | 'taxablePaise' | 'taxPaise') =>
          parts.reduce((s, p) => s + p[k], 0);
        expect([sum('amountPaise'), sum('discountPaise'), sum('taxablePaise'), sum('taxPaise')]).toEqual([
          whole.amountPaise,
          whole.discountPaise,
          whole.taxablePaise,
          whole.taxPaise,
        ]);
        for (const p of parts) {
          const net = p.amountPaise - p.discountPaise;
          expect(net).toBe(mode === 'india' ? p.taxablePaise + p.taxPaise : p.taxablePaise);
          expect(p.discountPaise).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('splits an item without a coupon exactly as before: the taxable value’s and the tax’s own shares', () => {
    // Rs. 333.33 × 3 in flat18 mode: one unit is floor(999.99 / 3) + floor(180 / 3) (return-money.test.ts).
    const plain = item({
      unitPricePaise: 33_333,
      amountPaise: 99_999,
      discountPaise: 0,
      gstRateBp: 1800,
      taxablePaise: 99_999,
      taxPaise: 18_000,
    });
    expect(unitsOf(plain, 0, 1, 'flat18')).toMatchObject({
      quantity: 1,
      amountPaise: 33_333,
      discountPaise: 0,
      taxablePaise: 33_333,
      taxPaise: 6_000,
    });
  });

  it('has the platform add the taxable value its coupon took off: the discount in flat18, less its GST in india', () => {
    expect(platformDiscountPaise(item({ gstRateBp: 1800, taxablePaise: 273_910 }), 'flat18')).toBe(26_087);
    // Rs. 2,999.97 backed out at 5% is 2,857.11; as invoiced 2,608.67: the platform adds 248.44.
    expect(platformDiscountPaise(item({}), 'india')).toBe(24_844);
    expect(platformDiscountPaise(item({ discountPaise: 0, taxablePaise: 285_711 }), 'india')).toBe(0);
    // A coupon that takes a Rs. 2,700 piece (18%) into the 5% slab (Rs. 2,500 paid): both backed out
    // at the invoiced 5%, 2,571.43 − 2,380.95, so the platform never takes anything from the seller.
    const slab = item({
      unitPricePaise: 270_000,
      quantity: 1,
      amountPaise: 270_000,
      discountPaise: 20_000,
      taxablePaise: 238_095,
      taxPaise: 11_905,
    });
    expect(platformDiscountPaise(slab, 'india')).toBe(19_048);
  });
});

/** The expected figures of each order, per GST mode (paise), worked out from the rules. */
const EXPECTED = {
  flat18: {
    // A Rs. 999.99 × 3 and B Rs. 450 × 1 = 3,449.97; PCT10: 10% = 344.99, capped at 300, shared
    // 260.87 / 39.13 by value. Taxable 2,739.10 + 410.87 = 3,149.97; GST 18% = 566.99 shared by
    // largest remainder 493.04 / 73.95.
    platform: {
      discount: [26_087, 3_913],
      taxable: [273_910, 41_087],
      tax: [49_304, 7_395],
      total: 371_696,
      // The platform adds the discount itself; commission on the value before it (2,999.97, 450).
      ledger: [
        { sale: 323_214, platform: 26_087, commission: 30_000, commissionGst: 5_400, tcs: 1_370 },
        { sale: 48_482, platform: 3_913, commission: 4_500, commissionGst: 810, tcs: 205 },
      ],
      // A's returns, 1 unit then 2: shares of what was paid (3,232.14) and of the taxable value.
      notes: [
        { quantity: 1, amount: 99_999, discount: 8_696, taxable: 91_303, tax: 16_435, total: 107_738 },
        { quantity: 2, amount: 199_998, discount: 17_391, taxable: 182_607, tax: 32_869, total: 215_476 },
      ],
      firstReversal: { commission: 10_000, commissionGst: 1_800, tcs: 456, platform: -8_696 },
    },
    // C Rs. 1,299 × 2 = 2,598; FLAT250 (seller's, minimum Rs. 1,000): taxable 2,348, GST 422.64.
    seller: {
      discount: 25_000,
      taxable: 234_800,
      tax: 42_264,
      commission: 23_480,
      notes: [
        { taxable: 117_400, tax: 21_132, total: 138_532 },
        { taxable: 117_400, tax: 21_132, total: 138_532 },
      ],
    },
    // A Rs. 999.99 and B Rs. 450, FLAT100 (minimum Rs. 500) shared 68.97 / 31.03.
    cancel: { paid: [109_860, 49_439], total: 159_299 },
    // Rs. 999.99 + 18% GST, as the ledger test has it.
    plain: { taxable: 99_999, tax: 18_000, commission: 10_000, tcs: 500 },
  },
  india: {
    // Prices include GST: A pays 2,739.10 (taxable 2,608.67 at 5%), B 410.87 (391.30).
    platform: {
      discount: [26_087, 3_913],
      taxable: [260_867, 39_130],
      tax: [13_043, 1_957],
      total: 314_997,
      // The platform adds the taxable value the coupon took off (2,857.11 − 2,608.67; 428.57 − 391.30).
      ledger: [
        { sale: 273_910, platform: 24_844, commission: 28_571, commissionGst: 5_143, tcs: 1_304 },
        { sale: 41_087, platform: 3_727, commission: 4_286, commissionGst: 771, tcs: 196 },
      ],
      notes: [
        { quantity: 1, amount: 99_999, discount: 8_696, taxable: 86_955, tax: 4_348, total: 91_303 },
        { quantity: 2, amount: 199_998, discount: 17_391, taxable: 173_912, tax: 8_695, total: 182_607 },
      ],
      firstReversal: { commission: 9_523, commissionGst: 1_714, tcs: 434, platform: -8_282 },
    },
    seller: {
      discount: 25_000,
      taxable: 223_619,
      tax: 11_181,
      commission: 22_362,
      notes: [
        { taxable: 111_809, tax: 5_591, total: 117_400 },
        { taxable: 111_810, tax: 5_590, total: 117_400 },
      ],
    },
    cancel: { paid: [93_102, 41_897], total: 134_999 },
    plain: { taxable: 95_237, tax: 4_762, commission: 9_524, tcs: 476 },
  },
} as const;

describe.each(['flat18', 'india'] as const)('money after a coupon (%s)', (mode: GstMode) => {
  const expected = EXPECTED[mode];
  let ctx: TestContext;
  let admin: { headers: { 'auth-token': string } };
  let seller: FastAccount;
  const call = callerOf(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { GST_MODE: mode } });
    admin = { headers: auth((await createAdmin(ctx.app, ctx.db)).token) };
    seller = await quickSeller(ctx.app, {
      gstin: demoGstin('29', 36),
      legalName: 'Das Weaves LLP',
      state: 'Karnataka',
      emailVerifiedAt: new Date(),
    });
  });
  afterAll(() => ctx?.close());

  const KARNATAKA = { state: 'Karnataka', city: 'Bengaluru', postalCode: '560001' };
  const MAHARASHTRA = { state: 'Maharashtra', city: 'Pune', postalCode: '411001' };

  /** A coupon as an admin (platform) or the seller would have made it. */
  async function coupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
    await ctx.db.insert(coupons).values({ kind: 'percent', value: 10, fundedBy: 'platform', ...values });
  }

  /**
   * Orders the lines through the API with the coupon on the cart: Cash On Delivery, or paid by card
   * on the test payment page. Returns the order as the buyer reads it.
   */
  async function placeWithCoupon(
    buyer: FastAccount,
    lines: { productId: string; quantity: number }[],
    code: string,
    pay: 'cod' | 'card',
  ): Promise<ApiOrder> {
    for (const l of lines) {
      const res = await call('POST', '/api/user/add-to-cart', buyer, l);
      expect(res.statusCode, res.body).toBe(200);
    }
    const applied = await call('POST', '/api/user/cart/coupon', buyer, { code });
    expect(applied.statusCode, applied.body).toBe(200);
    let orderId: string;
    if (pay === 'cod') {
      const placed = await call('PUT', '/api/user/order-success', buyer);
      expect(placed.statusCode, placed.body).toBe(200);
      orderId = placed.json().order._id;
    } else {
      const session = await call('POST', '/api/user/checkout-session', buyer);
      expect(session.statusCode, session.body).toBe(200);
      const paid = await ctx.app.inject({
        method: 'POST',
        url: `/pay/${session.json().id}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
      });
      expect(paid.statusCode, paid.body).toBeLessThan(400);
      orderId = session.json().orderId;
    }
    return (await call('GET', `/api/user/orders/${orderId}`, buyer)).json().order;
  }

  const ship = async (itemId: string) =>
    expect((await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {})).statusCode).toBe(200);
  const deliver = async (itemId: string) =>
    expect((await call('POST', `/api/seller/orders/${itemId}/deliver`, seller)).statusCode).toBe(200);
  const documentOf = async (path: string, who: FastAccount): Promise<TaxDocument> => {
    const res = await call('GET', path, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().document;
  };
  const entriesOf = async (itemId: string) =>
    ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderItemId, itemId));
  const sumOf = (entries: { kind: string; amountPaise: number }[], kind: string) =>
    entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amountPaise, 0);
  const platformPeriod = async () =>
    paise((await call('GET', '/api/admin/stats?days=7', admin)).json().period.platformDiscount);

  /** One unit-count of an item returned, approved and received: the return's answer. */
  async function returnUnits(buyer: FastAccount, itemId: string, quantity: number, cod: boolean) {
    const ret = await requested(call, buyer, itemId, {
      kind: 'refund',
      quantity,
      reason: 'defective',
      ...(cod ? { refundTo: UPI } : {}),
    });
    await act(call, seller, 'seller', ret._id, 'approve');
    const done = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().return;
  }

  it('a platform-funded percent coupon (capped, with a minimum), COD within the state: invoice, ledger, returns', async () => {
    const e = expected.platform;
    await coupon({
      code: 'PCT10',
      kind: 'percent',
      value: 10,
      maxDiscountPaise: 30_000,
      minCartPaise: 200_000,
    });
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 99_999, stock: 10 });
    const b = await insertProduct(ctx.db, seller.id, { pricePaise: 45_000, stock: 10 });
    const buyer = await quickUser(ctx.app, KARNATAKA);
    const order = await placeWithCoupon(
      buyer,
      [
        { productId: a.id, quantity: 3 },
        { productId: b.id, quantity: 1 },
      ],
      'PCT10',
      'cod',
    );
    expect(paise(order.total)).toBe(e.total);
    const itemA = order.items.find((i) => i.product[0]!._id === a.id)!;
    const itemB = order.items.find((i) => i.product[0]!._id === b.id)!;
    const rows = [await itemRow(ctx.db, itemA._id), await itemRow(ctx.db, itemB._id)];
    expect(rows.map((r) => [r.discountPaise, r.taxablePaise, r.taxPaise])).toEqual([
      [e.discount[0], e.taxable[0], e.tax[0]],
      [e.discount[1], e.taxable[1], e.tax[1]],
    ]);
    const paid = [0, 1].map((i) => e.taxable[i]! + e.tax[i]!);
    expect(paid[0]! + paid[1]!).toBe(e.total);

    // The courier collects what was paid, not price × quantity.
    const lines = (await call('GET', '/api/seller/orders', seller)).json() as {
      _id: string;
      codToCollect: number;
    }[];
    expect(
      lines.filter((l) => l._id === itemA._id || l._id === itemB._id).map((l) => paise(l.codToCollect)),
    ).toEqual(expect.arrayContaining(paid));

    // The invoice: gross, discount, taxable value and tax per line; totals to the paisa.
    await ship(itemA._id);
    await ship(itemB._id);
    const invoiceId = (await itemRow(ctx.db, itemA._id)).invoiceId!;
    const invoice = await documentOf(`/api/invoices/${invoiceId}`, buyer);
    expect(invoice.couponCode).toBe('PCT10');
    expect(invoice.supply).toBe('intra');
    const lineOf = (id: string) => invoice.lines.find((l) => l.itemId === id)!;
    for (const [i, id] of [itemA._id, itemB._id].entries()) {
      const l = lineOf(id);
      expect([
        paise(l.amount),
        paise(l.discount),
        paise(l.taxableValue),
        paise(l.cgst + l.sgst),
        paise(l.total),
      ]).toEqual([rows[i]!.amountPaise, e.discount[i], e.taxable[i], e.tax[i], paid[i]]);
      expect(l.igst).toBe(0);
    }
    expect(invoice.totals).toMatchObject({
      amount: 3449.97,
      discount: 300,
      taxableValue: (e.taxable[0] + e.taxable[1]) / 100,
      tax: (e.tax[0] + e.tax[1]) / 100,
      total: e.total / 100,
    });
    const pdf = await call('GET', `/api/invoices/${invoiceId}/pdf`, buyer);
    expect(pdf.statusCode).toBe(200);

    // Delivered: the ledger credits what was paid and what the platform adds for its coupon.
    const before = await platformPeriod();
    await deliver(itemA._id);
    await deliver(itemB._id);
    for (const [i, id] of [itemA._id, itemB._id].entries()) {
      const byKind = Object.fromEntries((await entriesOf(id)).map((x) => [x.kind, x.amountPaise]));
      const l = e.ledger[i]!;
      expect(byKind).toEqual({
        cod_collected: l.sale,
        platform_discount: l.platform,
        commission: -l.commission,
        commission_gst: -l.commissionGst,
        tcs: -l.tcs,
      });
    }
    const tcsA = (await entriesOf(itemA._id)).find((x) => x.kind === 'tcs')!;
    expect(tcsA).toMatchObject({ taxablePaise: e.taxable[0], supply: 'intra' });
    expect(await platformPeriod()).toBe(before + e.ledger[0]!.platform + e.ledger[1]!.platform);

    // A comes back, one unit then two: the refunds and credit notes add up to what was paid for A.
    const first = await returnUnits(buyer, itemA._id, 1, true);
    const second = await returnUnits(buyer, itemA._id, 2, true);
    const notes = [
      await documentOf(`/api/credit-notes/${first.creditNoteId}`, buyer),
      await documentOf(`/api/credit-notes/${second.creditNoteId}`, buyer),
    ];
    expect(
      notes.map((n) => {
        const l = n.lines[0]!;
        return {
          quantity: l.quantity,
          amount: paise(l.amount),
          discount: paise(l.discount),
          taxable: paise(l.taxableValue),
          tax: paise(l.cgst + l.sgst),
          total: paise(l.total),
        };
      }),
    ).toEqual(e.notes);
    expect(notes.map((n) => n.couponCode)).toEqual(['PCT10', 'PCT10']);
    const owed = await ctx.db.select().from(refunds).where(eq(refunds.orderItemId, itemA._id));
    expect(owed.map((r) => r.amountPaise).sort((x, y) => x - y)).toEqual(
      e.notes.map((n) => n.total).sort((x, y) => x - y),
    );
    expect(owed.reduce((s, r) => s + r.amountPaise, 0)).toBe(paid[0]);
    expect([first.refund.amount, second.refund.amount].map(paise)).toEqual(e.notes.map((n) => n.total));

    // The ledger: the first return gives back its share; once all three are back, A nets to zero.
    const entries = await entriesOf(itemA._id);
    const ofFirst = Object.fromEntries(
      entries.filter((x) => x.returnId === first._id).map((x) => [x.kind, x.amountPaise]),
    );
    expect(ofFirst).toEqual({
      refund: -e.notes[0]!.total,
      commission_reversal: e.firstReversal.commission,
      commission_gst_reversal: e.firstReversal.commissionGst,
      tcs_reversal: e.firstReversal.tcs,
      platform_discount_reversal: e.firstReversal.platform,
    });
    for (const [kind, back] of [
      ['platform_discount', 'platform_discount_reversal'],
      ['commission', 'commission_reversal'],
      ['commission_gst', 'commission_gst_reversal'],
      ['tcs', 'tcs_reversal'],
      ['cod_collected', 'refund'],
    ]) {
      expect(sumOf(entries, kind!) + sumOf(entries, back!), kind).toBe(0);
    }
    // B stays sold: the platform bore its share of the coupon, and A's is given back.
    expect(await platformPeriod()).toBe(before + e.ledger[1]!.platform);
  });

  it('a seller-funded flat coupon (with a minimum), card across states: sale as paid, refunds of what was paid', async () => {
    const e = expected.seller;
    await coupon({
      code: 'FLAT250',
      kind: 'flat',
      value: 25_000,
      minCartPaise: 100_000,
      sellerId: seller.id,
      fundedBy: 'seller',
    });
    const c = await insertProduct(ctx.db, seller.id, { pricePaise: 129_900, stock: 10 });
    const buyer = await quickUser(ctx.app, MAHARASHTRA);
    const order = await placeWithCoupon(buyer, [{ productId: c.id, quantity: 2 }], 'FLAT250', 'card');
    expect(order.paymentStatus).toBe('paid');
    const paid = e.taxable + e.tax;
    expect(paise(order.total)).toBe(paid);
    const item = order.items[0]!;
    await ship(item._id);
    const invoice = await documentOf(`/api/invoices/${(await itemRow(ctx.db, item._id)).invoiceId}`, buyer);
    expect(invoice.supply).toBe('inter');
    expect(invoice.lines.map((l) => [l.amount, l.discount, l.taxableValue, l.igst, l.cgst, l.total])).toEqual(
      [[2598, 250, e.taxable / 100, e.tax / 100, 0, paid / 100]],
    );
    expect(invoice.totals).toMatchObject({
      amount: 2598,
      discount: 250,
      igst: e.tax / 100,
      total: paid / 100,
    });

    const before = await platformPeriod();
    await deliver(item._id);
    const byKind = Object.fromEntries((await entriesOf(item._id)).map((x) => [x.kind, x.amountPaise]));
    // The seller bears its coupon: the sale is what the shopper paid, the commission on the taxable
    // value after the discount, and the platform adds nothing.
    expect(byKind).toMatchObject({ sale: paid, commission: -e.commission });
    expect(byKind).not.toHaveProperty('platform_discount');
    expect(await platformPeriod()).toBe(before);

    const first = await returnUnits(buyer, item._id, 1, false);
    const second = await returnUnits(buyer, item._id, 1, false);
    expect([first.refund, second.refund]).toMatchObject([
      { amount: e.notes[0]!.total / 100, status: 'succeeded' },
      { amount: e.notes[1]!.total / 100, status: 'succeeded' },
    ]);
    const notes = [
      await documentOf(`/api/credit-notes/${first.creditNoteId}`, buyer),
      await documentOf(`/api/credit-notes/${second.creditNoteId}`, buyer),
    ];
    expect(
      notes.map((n) => ({
        taxable: paise(n.totals.taxableValue),
        tax: paise(n.totals.igst),
        total: paise(n.totals.total),
      })),
    ).toEqual(e.notes);
    expect(notes.map((n) => [n.totals.amount, n.totals.discount])).toEqual([
      [1299, 125],
      [1299, 125],
    ]);
    const entries = await entriesOf(item._id);
    expect(sumOf(entries, 'sale') + sumOf(entries, 'refund')).toBe(0);
    expect(sumOf(entries, 'commission') + sumOf(entries, 'commission_reversal')).toBe(0);
    expect(entries.reduce((s, x) => s + x.amountPaise, 0)).toBe(0);
  });

  it('a cancelled item refunds what was paid for it; an invoiced one is credited exactly as invoiced', async () => {
    const e = expected.cancel;
    await coupon({ code: 'FLAT100', kind: 'flat', value: 10_000, minCartPaise: 50_000 });
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 99_999, stock: 10 });
    const b = await insertProduct(ctx.db, seller.id, { pricePaise: 45_000, stock: 10 });
    const lines = [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ];
    const itemsOf = (order: ApiOrder) => [
      order.items.find((i) => i.product[0]!._id === a.id)!,
      order.items.find((i) => i.product[0]!._id === b.id)!,
    ];

    // Both cancelled before anything shipped: each refunds what was paid for it, together the total.
    const buyer = await quickUser(ctx.app, KARNATAKA);
    const order = await placeWithCoupon(buyer, lines, 'FLAT100', 'card');
    expect(paise(order.total)).toBe(e.total);
    const [itemA, itemB] = itemsOf(order);
    for (const item of [itemA!, itemB!]) {
      const res = await call('POST', `/api/user/orders/${item._id}/cancel`, buyer);
      expect(res.statusCode, res.body).toBe(200);
    }
    const made = [
      (await itemRow(ctx.db, itemA!._id)).refundedPaise,
      (await itemRow(ctx.db, itemB!._id)).refundedPaise,
    ];
    expect(made).toEqual(e.paid);

    // B ships (the invoice bills A too), then A is cancelled: its credit note is its invoice line.
    const other = await quickUser(ctx.app, KARNATAKA);
    const [x, y] = itemsOf(await placeWithCoupon(other, lines, 'FLAT100', 'card'));
    await ship(y!._id);
    const res = await call('POST', `/api/user/orders/${x!._id}/cancel`, other);
    expect(res.statusCode, res.body).toBe(200);
    const row = await itemRow(ctx.db, x!._id);
    expect(row.refundedPaise).toBe(e.paid[0]);
    const invoice = await documentOf(`/api/invoices/${row.invoiceId}`, other);
    const note = await documentOf(`/api/credit-notes/${row.creditNoteId}`, other);
    expect(note.lines).toEqual([invoice.lines.find((l) => l.itemId === x!._id)]);
    expect(paise(note.totals.total)).toBe(e.paid[0]);
    expect(paise(note.totals.discount)).toBe(row.discountPaise);
  });

  it('an order without a coupon is as it always was', async () => {
    const e = expected.plain;
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 99_999, stock: 10 });
    const buyer = await quickUser(ctx.app, KARNATAKA);
    await call('POST', '/api/user/add-to-cart', buyer, { productId: p.id, quantity: 1 });
    const placed = await call('PUT', '/api/user/order-success', buyer);
    expect(placed.statusCode, placed.body).toBe(200);
    const item = placed.json().order.items[0];
    expect(paise(placed.json().order.total)).toBe(e.taxable + e.tax);
    await ship(item._id);
    await deliver(item._id);
    const row = await itemRow(ctx.db, item._id);
    expect([row.discountPaise, row.taxablePaise, row.taxPaise]).toEqual([0, e.taxable, e.tax]);
    const invoice = await documentOf(`/api/invoices/${row.invoiceId}`, buyer);
    expect(invoice.couponCode).toBeNull();
    expect(invoice.lines[0]).toMatchObject({ amount: 999.99, discount: 0, taxableValue: e.taxable / 100 });
    expect(invoice.totals).toMatchObject({ amount: 999.99, discount: 0, total: (e.taxable + e.tax) / 100 });
    // An invoice issued before coupons (no gross amounts, discounts or coupon code stored) reads the same.
    await ctx.db.execute(sql`
      update ${taxDocuments} set document = (document - 'couponCode')
        || jsonb_build_object('totals', (document->'totals') - 'amount' - 'discount')
        || jsonb_build_object('lines', (select jsonb_agg(l - 'amount' - 'discount')
             from jsonb_array_elements(document->'lines') l))
      where id = ${row.invoiceId}`);
    const [stored] = await ctx.db.select().from(taxDocuments).where(eq(taxDocuments.id, row.invoiceId!));
    expect(stored!.document).not.toHaveProperty('couponCode');
    expect(await documentOf(`/api/invoices/${row.invoiceId}`, buyer)).toEqual(invoice);
    const byKind = Object.fromEntries((await entriesOf(item._id)).map((x) => [x.kind, x.amountPaise]));
    expect(byKind).toEqual({
      cod_collected: e.taxable + e.tax,
      commission: -e.commission,
      commission_gst: -Math.round(e.commission * 0.18),
      tcs: -e.tcs,
    });
    const ret = await returnUnits(buyer, item._id, 1, true);
    expect(paise(ret.refund.amount)).toBe(e.taxable + e.tax);
  });
});
