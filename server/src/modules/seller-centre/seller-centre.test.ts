import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertOrderRow } from '../../../test/order-rows.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { orderItems, outboxEmails, sellers } from '../../db/schema.ts';
import { code128Widths, decodeCode128 } from './code128.ts';
import { sendLowStockDigests } from './low-stock.ts';

/** The seller centre (issue 23): dashboard figures, low stock, bulk shipping, labels, exports, ownership. */
let ctx: TestContext;
let seller: FastAccount;
let rival: FastAccount;
let buyer: FastAccount;
const call = callerOf(() => ctx.app);
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
  rival = await quickSeller(ctx.app);
  buyer = await quickUser(ctx.app);
});
afterAll(async () => ctx?.close());

const pdfText = async (body: Buffer) => {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, ' ');
};

describe('the dashboard', () => {
  it('adds up a known set of orders over 7, 30 and 90 days, GST included, the seller’s own only', async () => {
    const shop = await quickSeller(ctx.app);
    const shirt = await insertProduct(ctx.db, shop.id, { name: 'Linen Shirt', pricePaise: 50_000 });
    const kurta = await insertProduct(ctx.db, shop.id, { name: 'Cotton Kurta', pricePaise: 89_900 });
    // Card, paid 1 day ago: 2 × Rs. 500 + 18% = Rs. 1,180.
    await insertOrderRow(ctx.db, buyer.id, shirt, {
      quantity: 2,
      itemStatus: 'shipped',
      order: { paymentMethod: 'stripe', paymentStatus: 'paid', paidAt: ago(1), createdAt: ago(1) },
    });
    // COD delivered and collected 2 days ago: Rs. 899 + 18% = Rs. 1,060.82; one unit came back.
    await insertOrderRow(ctx.db, buyer.id, kurta, {
      itemStatus: 'delivered',
      order: { paymentStatus: 'cod_collected', createdAt: ago(2) },
      item: { codCollectedAt: ago(1), returnedQuantity: 1 },
    });
    // COD due, today: Rs. 590 in sales, not revenue yet; waiting to ship.
    const due = await insertOrderRow(ctx.db, buyer.id, shirt, { order: { createdAt: ago(0) } });
    // `india` mode, 10 days ago: the price includes GST, the buyer paid Rs. 1,050.
    await insertOrderRow(ctx.db, buyer.id, shirt, {
      itemStatus: 'delivered',
      order: {
        gstMode: 'india',
        paymentMethod: 'stripe',
        paymentStatus: 'paid',
        paidAt: ago(10),
        createdAt: ago(10),
      },
      item: { amountPaise: 105_000, unitPricePaise: 105_000, taxablePaise: 100_000, taxPaise: 5_000 },
    });
    // Cancelled: not counted. 40 days ago: only in 90 days. An unpaid card checkout: never counted.
    await insertOrderRow(ctx.db, buyer.id, kurta, { itemStatus: 'cancelled', order: { createdAt: ago(1) } });
    await insertOrderRow(ctx.db, buyer.id, shirt, { quantity: 3, order: { createdAt: ago(40) } });
    await insertOrderRow(ctx.db, buyer.id, shirt, {
      itemStatus: 'awaiting_payment',
      order: { paymentMethod: 'stripe', paymentStatus: 'awaiting_payment', createdAt: ago(1) },
    });
    // Another seller's sale.
    await insertOrderRow(ctx.db, buyer.id, await insertProduct(ctx.db, rival.id), {
      order: { createdAt: ago(1) },
    });

    const week = (await call('GET', '/api/seller/dashboard?days=7', shop)).json();
    expect(week.revenue).toEqual({ paid: 1180, collected: 1060.82, total: 2240.82 });
    expect(week.sales).toBe(2830.82);
    expect(week.orders).toBe(3);
    expect(week.units).toBe(4);
    expect(week.returnsRate).toBe(25);
    expect(week.averageOrderValue).toBe(943.61);
    expect(week.series).toHaveLength(7);
    expect(week.series.reduce((s: number, p: { orders: number }) => s + p.orders, 0)).toBe(3);
    expect(week.series.at(-1)).toMatchObject({ sales: 590, orders: 1 });
    expect(week.topProducts[0]).toMatchObject({
      productId: shirt.id,
      productName: 'Linen Shirt',
      units: 3,
      sales: 1770,
    });
    // Items to ship: the pending ones (the 40-day-old one too), with what the courier collects.
    expect(week.toShip.count).toBe(2);
    expect(week.toShip.items.find((i: { itemId: string }) => i.itemId === due.item.id)).toMatchObject({
      paymentMethod: 'COD',
      buyerPays: 590,
      codToCollect: 590,
    });

    const month = (await call('GET', '/api/seller/dashboard?days=30', shop)).json();
    expect(month.revenue).toEqual({ paid: 2230, collected: 1060.82, total: 3290.82 });
    expect(month.orders).toBe(4);
    const quarter = (await call('GET', '/api/seller/dashboard?days=90', shop)).json();
    expect(quarter.units).toBe(5 + 3);
    expect(quarter.sales).toBe(month.sales + 1770);
    // The default is 30 days; anything else is a clear 400.
    expect((await call('GET', '/api/seller/dashboard', shop)).json().days).toBe(30);
    const bad = await call('GET', '/api/seller/dashboard?days=14', shop);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ msg: 'days must be 7, 30 or 90', path: 'days' });
    // A seller with nothing sold sees zeros, not someone else's figures.
    const fresh = (await call('GET', '/api/seller/dashboard?days=90', await quickSeller(ctx.app))).json();
    expect(fresh).toMatchObject({ sales: 0, orders: 0, units: 0, returnsRate: 0, averageOrderValue: 0 });
    expect(fresh.toShip.count).toBe(0);
  });
});

describe('low stock', () => {
  it('lists variants under the seller’s threshold, which the seller sets; others’ stock never shows', async () => {
    const shop = await quickSeller(ctx.app);
    const low = await insertProduct(ctx.db, shop.id, { name: 'Silk Saree', stock: 2 });
    await insertProduct(ctx.db, shop.id, { name: 'Wool Shawl', stock: 7 });
    await insertProduct(ctx.db, rival.id, { stock: 0 });
    const list = (await call('GET', '/api/seller/low-stock', shop)).json();
    expect(list.threshold).toBe(5);
    expect(list.items).toEqual([
      expect.objectContaining({ productId: low.id, variantId: low.variantId, stock: 2 }),
    ]);

    const saved = await call('PUT', '/api/seller/settings', shop, { lowStockThreshold: 10 });
    expect(saved.json()).toEqual({ success: true, lowStockThreshold: 10, dispatchDays: 2, cutoffHour: 14 });
    const more = (await call('GET', '/api/seller/low-stock', shop)).json();
    expect(more.items.map((i: { stock: number }) => i.stock)).toEqual([2, 7]);
    expect((await call('GET', '/api/seller/dashboard?days=7', shop)).json().lowStock).toEqual({
      threshold: 10,
      count: 2,
    });

    for (const bad of [
      { lowStockThreshold: -1 },
      { lowStockThreshold: 2.5 },
      { lowStockThreshold: '5' },
      {},
    ]) {
      const res = await call('PUT', '/api/seller/settings', shop, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('lowStockThreshold');
    }
  });

  it('e-mails each seller once a day from 08:00 India time, only when something is low', async () => {
    const shop = await quickSeller(ctx.app);
    await insertProduct(ctx.db, shop.id, { name: 'Chikan Kurti', stock: 1 });
    const calm = await quickSeller(ctx.app);
    await insertProduct(ctx.db, calm.id, { stock: 50 });
    const mails = async (to: string) => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    const deps = { db: ctx.db, mailer: ctx.app.deps.mailer };
    // 07:30 IST: too early. 09:00 IST: sent. Again the same day: not sent. The next day: sent again.
    expect(await sendLowStockDigests(deps, new Date('2026-11-20T02:00:00Z'))).toBe(0);
    expect(await sendLowStockDigests(deps, new Date('2026-11-20T03:30:00Z'))).toBeGreaterThanOrEqual(1);
    const [mail] = await mails(shop.email);
    expect(mail).toMatchObject({ kind: 'low_stock', subject: 'Vastra: 1 size is running low' });
    expect(mail!.text).toContain('Chikan Kurti – Free Size');
    expect(mail!.text).toContain('1 left');
    await Promise.all([
      sendLowStockDigests(deps, new Date('2026-11-20T10:00:00Z')),
      sendLowStockDigests(deps, new Date('2026-11-20T11:00:00Z')),
    ]);
    expect(await mails(shop.email)).toHaveLength(1);
    await sendLowStockDigests(deps, new Date('2026-11-21T03:00:00Z'));
    expect(await mails(shop.email)).toHaveLength(2);
    expect(await mails(calm.email)).toHaveLength(0);
  });
});

describe('shipping', () => {
  it('ships several items with one courier and AWB; the shopper sees the tracking link', async () => {
    const shirt = await insertProduct(ctx.db, seller.id, { stock: 20 });
    const a = await insertOrderRow(ctx.db, buyer.id, shirt);
    const b = await insertOrderRow(ctx.db, buyer.id, shirt, { quantity: 2 });
    const res = await call('POST', '/api/seller/orders/ship', seller, {
      itemIds: [a.item.id, b.item.id],
      courier: 'Delhivery',
      awb: 'DL12345678',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { status: string }) => i.status)).toEqual(['shipped', 'shipped']);
    const order = (await call('GET', `/api/user/orders/${b.order.id}`, buyer)).json().order;
    expect(order.items[0].tracking).toEqual({
      courier: 'Delhivery',
      awb: 'DL12345678',
      url: 'https://www.delhivery.com/track/package/DL12345678',
    });
    // Each order got its tax invoice.
    const [row] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, a.item.id));
    expect(row!.invoiceId).toBeTruthy();
  });

  it('is all or nothing: another seller’s item is 404, a shipped one 409, and nothing ships', async () => {
    const shirt = await insertProduct(ctx.db, seller.id, { stock: 20 });
    const mine = await insertOrderRow(ctx.db, buyer.id, shirt);
    const theirs = await insertOrderRow(ctx.db, buyer.id, await insertProduct(ctx.db, rival.id));
    const shipped = await insertOrderRow(ctx.db, buyer.id, shirt, { itemStatus: 'shipped' });
    const body = (ids: string[]) => ({ itemIds: ids, courier: 'Blue Dart', awb: 'BD99887766' });
    const notMine = await call(
      'POST',
      '/api/seller/orders/ship',
      seller,
      body([mine.item.id, theirs.item.id]),
    );
    expect(notMine.statusCode).toBe(404);
    const twice = await call(
      'POST',
      '/api/seller/orders/ship',
      seller,
      body([mine.item.id, shipped.item.id]),
    );
    expect(twice.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, mine.item.id));
    expect(row!.status).toBe('pending');
    // Without an AWB only self-delivery ships; a bad body is a 400 naming the field.
    const noAwb = await call('POST', '/api/seller/orders/ship', seller, {
      itemIds: [mine.item.id],
      courier: 'DTDC',
    });
    expect(noAwb.json().errors[0]).toMatchObject({ path: 'awb', msg: 'Enter the AWB number' });
    const self = await call('POST', '/api/seller/orders/ship', seller, {
      itemIds: [mine.item.id],
      courier: 'Self-delivery',
    });
    expect(self.statusCode).toBe(200);
    const order = (await call('GET', `/api/user/orders/${mine.order.id}`, buyer)).json().order;
    expect(order.items[0].tracking).toEqual({ courier: 'Self-delivery', awb: '', url: null });
    expect((await call('POST', '/api/seller/orders/ship', seller, { itemIds: [] })).statusCode).toBe(400);
  });

  it('keeps the SPEC §7 Confirm Shipment with no body, and takes courier and AWB on one item', async () => {
    const shirt = await insertProduct(ctx.db, seller.id, { stock: 20 });
    const plain = await insertOrderRow(ctx.db, buyer.id, shirt);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/seller/orders/${plain.item.id}/ship`,
      headers: seller.headers,
    });
    expect(res.json()).toEqual({ success: true, _id: plain.item.id, status: 'shipped' });
    const tracked = await insertOrderRow(ctx.db, buyer.id, shirt);
    await call('POST', `/api/seller/orders/${tracked.item.id}/ship`, seller, {
      courier: 'Ekart',
      awb: 'EK1234567',
    });
    const [row] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, tracked.item.id));
    expect(row).toMatchObject({
      courier: 'Ekart',
      awb: 'EK1234567',
      trackingUrl: 'https://ekartlogistics.com/shipmenttrack/EK1234567',
    });
  });

  it('shows the seller what the buyer pays and the COD cash to collect on every order line', async () => {
    const kurta = await insertProduct(ctx.db, seller.id, { pricePaise: 89_900 });
    const { item } = await insertOrderRow(ctx.db, buyer.id, kurta);
    const lines = (await call('GET', '/api/seller/orders?limit=50', seller)).json();
    const line = lines.find((l: { _id: string }) => l._id === item.id);
    expect(line).toMatchObject({
      amount: 899,
      paymentMethod: 'COD',
      buyerPays: 1060.82,
      codToCollect: 1060.82,
    });
  });
});

describe('packing slips and labels', () => {
  it('prints the COD amount to collect, addresses, contents and the order number as a barcode', async () => {
    await ctx.db
      .update(sellers)
      .set({ companyAddress: '3 Park Street, Kolkata 700016' })
      .where(eq(sellers.id, seller.id));
    const kurta = await insertProduct(ctx.db, seller.id, { name: 'Cotton Kurta', pricePaise: 89_900 });
    const { order } = await insertOrderRow(ctx.db, buyer.id, kurta, { quantity: 1 });
    for (const size of ['4x6', 'a4']) {
      const res = await call('GET', `/api/seller/orders/${order.id}/label.pdf?size=${size}`, seller);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Rs. 1,060.82');
      expect(text).toContain('CASH ON DELIVERY');
      expect(text).toContain('14 Residency Road');
      expect(text).toContain('3 Park Street, Kolkata 700016');
      expect(text).toContain(`VA-${order.id.slice(0, 8).toUpperCase()}`);
      expect(text).toContain('1 × Cotton Kurta (Free Size)');
    }
    const slip = await call('GET', `/api/seller/orders/${order.id}/packing-slip.pdf`, seller);
    const text = await pdfText(slip.rawPayload);
    expect(text).toContain('Packing slip');
    expect(text).toContain('Rs. 1,060.82');
    expect(text).toContain('Free Size');
    expect((await call('GET', `/api/seller/orders/${order.id}/label.pdf?size=a5`, seller)).statusCode).toBe(
      400,
    );
  });

  it('prints a prepaid order as not to collect, and several orders in one PDF', async () => {
    const shirt = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000 });
    const paid = await insertOrderRow(ctx.db, buyer.id, shirt, {
      order: { paymentMethod: 'stripe', paymentStatus: 'paid', paidAt: new Date() },
    });
    const cod = await insertOrderRow(ctx.db, buyer.id, shirt);
    const res = await call(
      'GET',
      `/api/seller/labels.pdf?size=4x6&orderIds=${paid.order.id},${cod.order.id}`,
      seller,
    );
    const { totalPages } = await extractText(new Uint8Array(res.rawPayload));
    expect(totalPages).toBe(2);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('PREPAID – DO NOT COLLECT CASH');
    expect(text).toContain('Rs. 590.00');
  });

  it('draws Code 128 that reads back as the order number', () => {
    expect(decodeCode128(code128Widths('VA-1A2B3C4D'))).toBe('VA-1A2B3C4D');
    expect(() => code128Widths('कुर्ता')).toThrow();
  });
});

describe('ownership of the seller centre', () => {
  it('gives another seller 404 for an order’s slip or label, and shoppers 403 everywhere', async () => {
    const shirt = await insertProduct(ctx.db, seller.id);
    const { order } = await insertOrderRow(ctx.db, buyer.id, shirt);
    for (const url of [
      `/api/seller/orders/${order.id}/packing-slip.pdf`,
      `/api/seller/orders/${order.id}/label.pdf`,
      `/api/seller/labels.pdf?orderIds=${order.id}`,
      `/api/seller/packing-slips.pdf?orderIds=${order.id}`,
    ]) {
      const res = await call('GET', url, rival);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('Order not found');
    }
    for (const [method, url] of [
      ['GET', '/api/seller/dashboard'],
      ['GET', '/api/seller/low-stock'],
      ['PUT', '/api/seller/settings'],
      ['GET', '/api/seller/orders/export.csv'],
      ['POST', '/api/seller/orders/ship'],
      ['GET', `/api/seller/orders/${order.id}/label.pdf`],
      ['GET', '/api/seller/catalogue/template.csv'],
      ['GET', '/api/seller/catalogue/export.csv'],
      ['POST', '/api/seller/catalogue/import'],
    ] as const) {
      expect((await call(method, url, buyer)).statusCode, url).toBe(403);
      expect((await call(method, url)).statusCode, url).toBe(401);
    }
  });

  it('exports only the seller’s own orders, with formulas neutralised', async () => {
    const shirt = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000 });
    const { item } = await insertOrderRow(ctx.db, buyer.id, shirt, {
      order: { customerName: '=HYPERLINK("http://evil.example")' },
    });
    const theirs = await insertOrderRow(ctx.db, buyer.id, await insertProduct(ctx.db, rival.id));
    const res = await call('GET', '/api/seller/orders/export.csv', seller);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^order_number,order_id,item_id,date,product/);
    const line = lines.find((l) => l.includes(item.id))!;
    expect(line).toContain(',590.00,COD,cod_due,590.00,pending,');
    expect(line).toContain('"\'=HYPERLINK(""http://evil.example"")"');
    expect(res.body).not.toContain(theirs.item.id);
  });
});
