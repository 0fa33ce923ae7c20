import { type ApiOrder, COD_HELD_REASON, type RtoRatesAnswer } from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedIfAsked } from '../../test/cod-confirm-fixtures.ts';
import { type Account, createAdmin, insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { placedOrder } from '../../test/shipment-fixtures.ts';
import {
  callerOf,
  type FastAccount,
  PICKUPS,
  quickSeller,
  quickUser,
  stockOf,
} from '../../test/shop-fixtures.ts';
import { auditLog, cartItems, checkouts, codHoldLifts, orders, shipments } from '../db/schema.ts';

/**
 * A shopper's COD risk (issue 38): COD_RTO_LIMIT (2) of their COD parcels turned back in 90 days and
 * they are offered prepaid only, with the reason, until an admin lifts the hold; the admin's RTO
 * rates by shopper, seller and pincode. Parcels turn back through the seller's own tracking updates.
 */
let ctx: TestContext;
let admin: Account;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app, ctx.db);
  seller = await quickSeller(ctx.app, { ...PICKUPS.bengaluru });
});
afterAll(() => ctx?.close());

const asAdmin = () => ({ headers: { 'auth-token': admin.token } });
const DELHI = { address: '1 Janpath', city: 'New Delhi', state: 'Delhi', postalCode: '110001' };
const MUMBAI = { address: '8 Marine Drive', city: 'Mumbai', state: 'Maharashtra', postalCode: '400020' };

/** An order of one piece of each product, placed Cash On Delivery or paid by card on the test page. */
const place = (buyer: FastAccount, productIds: string[], pay: 'cod' | 'card'): Promise<ApiOrder> =>
  placedOrder(
    call,
    ctx.app,
    buyer,
    productIds.map((productId) => ({ productId })),
    pay,
  );

/** The order's seller books it with their own courier; returns the shipment's id. */
async function book(order: ApiOrder, by: FastAccount = seller): Promise<string> {
  // After a returned COD parcel, the shopper confirms a COD order before it ships (issue 39).
  await confirmedIfAsked(ctx.app, order);
  const res = await call('POST', `/api/seller/orders/${order._id}/shipments`, by, {
    itemIds: order.items.map((i) => i._id),
    provider: 'self',
    courier: 'Delhivery',
    awb: 'AWB12345',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shipment._id;
}

/** The parcel turns back to the seller (RTO). */
async function turnBack(shipmentId: string, by: FastAccount = seller) {
  const res = await call('POST', `/api/seller/shipments/${shipmentId}/events`, by, {
    status: 'rto_initiated',
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().shipment.status).toBe('rto_initiated');
}

/** An order placed and returned to origin; its shipment's id. */
async function returned(buyer: FastAccount, pay: 'cod' | 'card', by: FastAccount = seller) {
  const p = await insertProduct(ctx.db, by.id, { pricePaise: 49_900 });
  const id = await book(await place(buyer, [p.id], pay), by);
  await turnBack(id, by);
  return id;
}

const cartOf = async (buyer: FastAccount) => (await call('GET', '/api/user/cart', buyer)).json();
const chooseMethod = (buyer: FastAccount, selectedMethod: 'COD' | 'Stripe') =>
  call('PUT', '/api/user/set-payment-method', buyer, { selectedMethod });
const lift = (userId: string, who: { headers: FastAccount['headers'] } = asAdmin()) =>
  call('POST', `/api/admin/users/${userId}/cod-hold/lift`, who);
const orderCount = async (userId: string) =>
  (await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).length;
const methodOf = async (userId: string) =>
  (await ctx.db.select().from(checkouts).where(eq(checkouts.userId, userId)))[0]?.paymentMethod;

/** A COD order that the hold refuses: 409 with the reason, and nothing written. */
async function expectCodRefused(buyer: FastAccount) {
  const p = await insertProduct(ctx.db, seller.id, { pricePaise: 59_900, stock: 5 });
  expect(
    (await call('POST', '/api/user/add-to-cart', buyer, { productId: p.id, quantity: 2 })).statusCode,
  ).toBe(200);
  const before = await orderCount(buyer.id);
  const res = await call('PUT', '/api/user/order-success', buyer);
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().error).toBe(COD_HELD_REASON);
  expect(await orderCount(buyer.id)).toBe(before);
  expect(await stockOf(ctx.db, p.id)).toBe(5);
  const lines = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, buyer.id));
  expect(lines.map((l) => [l.productId, l.quantity, l.pendingOrderId])).toEqual([[p.id, 2, null]]);
  return p;
}

describe('a shopper whose COD parcels come back', () => {
  it('COD blocked after two RTOs and allowed again when the admin lifts it', async () => {
    const buyer = await quickUser(ctx.app);
    await returned(buyer, 'cod');
    // One returned parcel is under the limit.
    expect(await cartOf(buyer)).toMatchObject({ codAvailable: true });
    expect((await cartOf(buyer)).codReason).toBeUndefined();
    await returned(buyer, 'cod');

    // Two: the checkout offers prepaid only and says why.
    const cart = await cartOf(buyer);
    expect(cart.codAvailable).toBe(false);
    expect(cart.codReason).toBe(COD_HELD_REASON);
    // Placing a COD order is refused and changes nothing (stock, orders, the cart).
    const waiting = await expectCodRefused(buyer);
    // Choosing COD is refused too; the card stays chosen.
    expect((await chooseMethod(buyer, 'Stripe')).statusCode).toBe(200);
    const choose = await chooseMethod(buyer, 'COD');
    expect(choose.statusCode).toBe(409);
    expect(choose.json().error).toBe(COD_HELD_REASON);
    expect(await methodOf(buyer.id)).toBe('stripe');
    // Paying by card still works: the waiting cart becomes a paid order.
    const paid = await place(buyer, [], 'card');
    expect(paid.items.map((i) => i.product[0]!._id)).toEqual([waiting.id]);
    expect(await stockOf(ctx.db, waiting.id)).toBe(3);

    // The admin lifts the hold: recorded, and COD is offered and placed again.
    const lifted = await lift(buyer.id);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ success: true });
    const [row] = await ctx.db.select().from(codHoldLifts).where(eq(codHoldLifts.userId, buyer.id));
    expect(row).toMatchObject({ liftedBy: admin.id });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, buyer.id), eq(auditLog.action, 'user.cod_hold_lift')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminEmail: admin.email, targetKind: 'user' });
    expect(await cartOf(buyer)).toMatchObject({ codAvailable: true });
    expect((await chooseMethod(buyer, 'COD')).statusCode).toBe(200);
    expect(await methodOf(buyer.id)).toBe('cod');

    // The returns after the lift count from it: one is under the limit, a second holds COD again.
    await returned(buyer, 'cod');
    expect(await cartOf(buyer)).toMatchObject({ codAvailable: true });
    await returned(buyer, 'cod');
    expect(await cartOf(buyer)).toMatchObject({ codAvailable: false, codReason: COD_HELD_REASON });
    await expectCodRefused(buyer);
  });

  it('counts only the last 90 days', async () => {
    const buyer = await quickUser(ctx.app);
    const first = await returned(buyer, 'cod');
    await returned(buyer, 'cod');
    expect((await cartOf(buyer)).codAvailable).toBe(false);
    // The first came back 91 days ago: one in the window, COD again.
    await ctx.db
      .update(shipments)
      .set({ rtoAt: sql`now() - interval '91 days'` })
      .where(eq(shipments.id, first));
    expect(await cartOf(buyer)).toMatchObject({ codAvailable: true });
    expect((await chooseMethod(buyer, 'COD')).statusCode).toBe(200);
    const p = await insertProduct(ctx.db, seller.id, { stock: 4 });
    await place(buyer, [p.id], 'cod');
    expect(await stockOf(ctx.db, p.id)).toBe(3);
    // 89 days ago is still in it.
    await ctx.db
      .update(shipments)
      .set({ rtoAt: sql`now() - interval '89 days'` })
      .where(eq(shipments.id, first));
    expect((await cartOf(buyer)).codAvailable).toBe(false);
  });

  it('does not count prepaid parcels that came back', async () => {
    const buyer = await quickUser(ctx.app);
    await returned(buyer, 'card');
    await returned(buyer, 'card');
    await returned(buyer, 'cod');
    expect(await cartOf(buyer)).toMatchObject({ codAvailable: true });
    const p = await insertProduct(ctx.db, seller.id, { stock: 2 });
    await place(buyer, [p.id], 'cod');
    expect(await stockOf(ctx.db, p.id)).toBe(1);
  });

  it('only an admin lifts a hold, of a shopper who exists', async () => {
    const buyer = await quickUser(ctx.app);
    expect((await lift(buyer.id, buyer)).statusCode).toBe(403);
    expect((await lift(buyer.id, seller)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/users/${buyer.id}/cod-hold/lift`)).statusCode).toBe(401);
    const unknown = await lift('7d1c3f0e-2a4b-4c5d-8e9f-0a1b2c3d4e5f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('User not found');
    expect((await lift('not-an-id')).statusCode).toBe(400);
    expect(await ctx.db.select().from(codHoldLifts).where(eq(codHoldLifts.userId, buyer.id))).toEqual([]);
  });
});

describe('RTO rates', () => {
  let alpha: FastAccount;
  let beta: FastAccount;
  let gamma: FastAccount;
  let main: FastAccount;
  let lone: FastAccount;

  // Sellers, shoppers and pincodes of their own, so the other tests' parcels are other rows.
  beforeAll(async () => {
    main = await quickSeller(ctx.app, { ...PICKUPS.bengaluru });
    lone = await quickSeller(ctx.app, { ...PICKUPS.jaipur });
    // Their profile's address: each order ships there (a checkout's saved address lasts one order).
    const shopper = (fullName: string, to: typeof MUMBAI) => quickUser(ctx.app, { fullName, ...to });
    const parcel = async (buyer: FastAccount, from: FastAccount) =>
      book(await place(buyer, [(await insertProduct(ctx.db, from.id)).id], 'cod'), from);
    // Alpha (Mumbai): three COD parcels from main, two came back (the last one holds their COD).
    alpha = await shopper('Alpha Rao', MUMBAI);
    await parcel(alpha, main);
    await returned(alpha, 'cod', main);
    await returned(alpha, 'cod', main);
    // Beta (New Delhi): a prepaid parcel from lone came back, a COD parcel from main did not.
    beta = await shopper('Beta Shah', DELHI);
    await returned(beta, 'card', lone);
    await parcel(beta, main);
    // Gamma (Mumbai): one parcel from lone, not back: no row of their own.
    gamma = await shopper('Gamma Iyer', MUMBAI);
    await parcel(gamma, lone);
  });

  const ratesBy = (by: string, who: { headers: FastAccount['headers'] } = asAdmin()) =>
    call('GET', `/api/admin/rto-rates?by=${by}`, who);
  /** The answer's rows of these keys, in the answer's order. */
  const rowsOf = async (by: string, keys: string[]): Promise<RtoRatesAnswer['rows']> => {
    const res = await ratesBy(by);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().by).toBe(by);
    return (res.json() as RtoRatesAnswer).rows.filter((r) => keys.includes(r.key));
  };

  it('by shopper: parcels, returns, the rate and whether COD is held', async () => {
    expect(await rowsOf('shopper', [alpha.id, beta.id, gamma.id])).toEqual([
      {
        key: alpha.id,
        label: `Alpha Rao <${alpha.email}>`,
        shipments: 3,
        rto: 2,
        rate: 66.7,
        codHeld: true,
        codLiftedAt: null,
      },
      {
        key: beta.id,
        label: `Beta Shah <${beta.email}>`,
        shipments: 2,
        rto: 1,
        rate: 50,
        codHeld: false,
        codLiftedAt: null,
      },
    ]);
    // Lifted: no longer held, and since when.
    expect((await lift(alpha.id)).statusCode).toBe(200);
    const [row] = await rowsOf('shopper', [alpha.id]);
    expect(row).toMatchObject({ key: alpha.id, rto: 2, codHeld: false });
    expect(Date.now() - new Date(row!.codLiftedAt!).getTime()).toBeLessThan(60_000);
  });

  it('by seller and by pincode', async () => {
    // main: alpha's three and beta's one, two back; lone: beta's and gamma's, one back.
    const bySeller = await rowsOf('seller', [main.id, lone.id]);
    expect(bySeller.map(({ key, shipments, rto, rate }) => ({ key, shipments, rto, rate }))).toEqual([
      { key: main.id, shipments: 4, rto: 2, rate: 50 },
      { key: lone.id, shipments: 2, rto: 1, rate: 50 },
    ]);
    expect(bySeller[0]!.label).toMatch(/^Das Weaves/);
    expect(bySeller[0]).not.toHaveProperty('codHeld');
    // Mumbai: alpha's three and gamma's one, two back; New Delhi: beta's two, one back.
    expect(await rowsOf('pincode', [MUMBAI.postalCode, DELHI.postalCode])).toEqual([
      { key: MUMBAI.postalCode, label: MUMBAI.postalCode, shipments: 4, rto: 2, rate: 50 },
      { key: DELHI.postalCode, label: DELHI.postalCode, shipments: 2, rto: 1, rate: 50 },
    ]);
  });

  it('are the admin’s only, by a known key', async () => {
    const bad = await ratesBy('city');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/by must be shopper, seller or pincode/);
    expect((await ratesBy('shopper', alpha)).statusCode).toBe(403);
    expect((await ratesBy('seller', main)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/rto-rates')).statusCode).toBe(401);
    // Without `by`: by shopper.
    expect((await call('GET', '/api/admin/rto-rates', asAdmin())).json().by).toBe('shopper');
  });
});
