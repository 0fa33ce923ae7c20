import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser, stockOf } from '../../../test/shop-fixtures.ts';
import { cartItems, orderItems, orders } from '../../db/schema.ts';

/** Cash On Delivery completed (issue 17): cash collected on delivery, revenue, and COD_MAX_RUPEES. */
let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ env: { COD_MAX_RUPEES: '1000' } });
  seller = await quickSeller(ctx.app);
});
afterAll(async () => ctx?.close());

const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const itemRow = async (id: string) =>
  (await ctx.db.select().from(orderItems).where(eq(orderItems.id, id)))[0]!;

describe('Cash On Delivery', () => {
  it('is collected item by item on delivery; the order is collected once every item is settled', async () => {
    const admin = { headers: auth((await createAdmin(ctx.app, ctx.db)).token) };
    const revenue = async () =>
      (await call('GET', '/api/admin/stats', admin)).json().revenue30dPaise as number;
    const before = await revenue();
    const buyer = await quickUser(ctx.app);
    const shirt = await insertProduct(ctx.db, seller.id, { pricePaise: 30_000, stock: 5 });
    const scarf = await insertProduct(ctx.db, seller.id, { pricePaise: 20_000, stock: 5 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId: shirt.id, quantity: 1 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId: scarf.id, quantity: 1 });
    const { order } = (await call('PUT', '/api/user/order-success', buyer)).json();
    const shirtItem = order.items.find((i: { productId: string }) => i.productId === shirt.id)._id;
    const scarfItem = order.items.find((i: { productId: string }) => i.productId === scarf.id)._id;
    // Due, not revenue: nothing has been collected.
    expect(await revenue()).toBe(before);

    await call('POST', `/api/seller/orders/${shirtItem}/ship`, seller, {});
    const delivered = await call('POST', `/api/seller/orders/${shirtItem}/deliver`, seller);
    expect(delivered.statusCode).toBe(200);
    expect((await itemRow(shirtItem)).codCollectedAt).toBeInstanceOf(Date);
    expect((await itemRow(scarfItem)).codCollectedAt).toBeNull();
    expect((await orderRow(order._id)).paymentStatus).toBe('cod_due');
    expect(await revenue()).toBe(before + 30_000);

    // The other item is cancelled: everything left was delivered, so the order's cash is collected.
    expect((await call('POST', `/api/user/orders/${scarfItem}/cancel`, buyer)).statusCode).toBe(200);
    expect((await orderRow(order._id)).paymentStatus).toBe('cod_collected');
    const mine = (await call('GET', `/api/user/orders/${order._id}`, buyer)).json().order;
    expect(mine.paymentStatus).toBe('cod_collected');
    expect(await revenue()).toBe(before + 30_000);
  });

  it("an item's payment status follows its own cash: cod_collected once delivered, the other still cod_due", async () => {
    const buyer = await quickUser(ctx.app);
    const kurta = await insertProduct(ctx.db, seller.id, { pricePaise: 30_000, stock: 5 });
    const stole = await insertProduct(ctx.db, seller.id, { pricePaise: 20_000, stock: 5 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId: kurta.id, quantity: 1 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId: stole.id, quantity: 1 });
    const { order } = (await call('PUT', '/api/user/order-success', buyer)).json();
    const idOf = (productId: string) =>
      order.items.find((i: { productId: string }) => i.productId === productId)._id as string;
    const [delivered, due] = [idOf(kurta.id), idOf(stole.id)];
    await call('POST', `/api/seller/orders/${delivered}/ship`, seller, {});
    expect((await call('POST', `/api/seller/orders/${delivered}/deliver`, seller)).statusCode).toBe(200);

    type Line = { _id: string; paymentStatus: string };
    const statuses = (lines: Line[]) =>
      Object.fromEntries(
        lines.filter((l) => l._id === delivered || l._id === due).map((l) => [l._id, l.paymentStatus]),
      );
    const expected = { [delivered]: 'cod_collected', [due]: 'cod_due' };
    const detail = (await call('GET', `/api/user/orders/${order._id}`, buyer)).json().order;
    expect(statuses(detail.items)).toEqual(expected);
    // The order as a whole is still due: one item's cash is not collected yet.
    expect(detail.paymentStatus).toBe('cod_due');
    expect(statuses((await call('GET', '/api/user/my-orders', buyer)).json())).toEqual(expected);
    const mine = (await call('GET', '/api/user/orders', buyer)).json();
    expect(statuses(mine.find((o: { _id: string }) => o._id === order._id).items)).toEqual(expected);
    expect(statuses((await call('GET', '/api/seller/seller-orders', seller)).json())).toEqual(expected);
    const sellerLines = (await call('GET', '/api/seller/orders', seller)).json();
    expect(statuses(sellerLines)).toEqual(expected);
    expect(sellerLines.find((l: Line) => l._id === delivered).codToCollect).toBe(0);
    // The seller's export says the same per item.
    const csv = (await call('GET', '/api/seller/orders/export.csv', seller)).body.split('\n');
    const header = csv[0]!.split(',');
    const cellOf = (id: string) =>
      csv.find((l) => l.includes(id))!.split(',')[header.indexOf('payment_status')];
    expect([cellOf(delivered), cellOf(due)]).toEqual(['cod_collected', 'cod_due']);
    expect((await orderRow(order._id)).paymentStatus).toBe('cod_due');
  });

  it('refuses an order over COD_MAX_RUPEES with a clear message and changes nothing', async () => {
    const buyer = await quickUser(ctx.app);
    // Rs. 900 + 18% GST = Rs. 1,062: over the Rs. 1,000 limit set for this test.
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 90_000, stock: 3 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId: product.id, quantity: 1 });
    const res = await call('PUT', '/api/user/order-success', buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Cash On Delivery is available for orders up to Rs. 1,000: please pay online',
    );
    expect(await stockOf(ctx.db, product.id)).toBe(3);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, buyer.id))).toHaveLength(1);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    // Paying online is not limited.
    const card = await call('POST', '/api/user/checkout-session', buyer);
    expect(card.statusCode).toBe(200);
  });
});
