import { promiseDates } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, PICKUPS, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { orderItems, orders, sellers } from '../../db/schema.ts';

/**
 * Issue 37: an order's new address is checked against India Post's PIN codes before it is saved, and
 * its items' delivery dates are promised again for the new PIN code.
 */

let ctx: TestContext;
let seller: FastAccount;
/** Ships from Bengaluru (560034) in 3 working days, cut-off 11:00. */
let bengaluru: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
  bengaluru = await quickSeller(ctx.app, { ...PICKUPS.bengaluru, dispatchDays: 3, cutoffHour: 11 });
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refusal = (msg: string) => ({ success: false, error: msg, errors: [{ msg, path: 'postalCode' }] });

const itemRows = (orderId: string) =>
  ctx.db
    .select({ dispatchBy: orderItems.dispatchBy, deliverBy: orderItems.deliverBy })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));

async function placedOrder(from = seller) {
  const user = await quickUser(ctx.app);
  const p = await insertProduct(ctx.db, from.id);
  await call('POST', '/api/user/add-to-cart', user, { productId: p.id, quantity: 1 });
  const { order } = (await call('PUT', '/api/user/order-success', user)).json();
  return { user, orderId: order._id as string };
}

describe('PUT /api/user/orders/{orderId}/address', () => {
  it('refuses an unknown PIN code and one in another state, leaving the order where it was going', async () => {
    const { user, orderId } = await placedOrder();
    const jaipur = { address: '1 New Street', city: 'Jaipur', state: 'Rajasthan', postalCode: '302001' };
    const unknown = await call('PUT', `/api/user/orders/${orderId}/address`, user, {
      ...jaipur,
      postalCode: '999999',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(refusal('999999 is not a PIN code we know: please check it'));
    const elsewhere = await call('PUT', `/api/user/orders/${orderId}/address`, user, {
      ...jaipur,
      postalCode: '560001',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual(
      refusal('PIN code 560001 is in Karnataka, not Rajasthan: please check the PIN code or the state'),
    );
    expect(await orderRow(orderId)).toMatchObject({
      address: '22 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
    });

    const moved = await call('PUT', `/api/user/orders/${orderId}/address`, user, jaipur);
    expect(moved.statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject(jaipur);
    // The original client's free-text state: only the PIN code is checked.
    const legacy = { ...jaipur, state: 'RJ' };
    expect((await call('PUT', `/api/user/orders/${orderId}/address`, user, legacy)).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject(legacy);
  });

  it('refuses to move a Cash On Delivery order to a PIN code without COD (409), the order unchanged', async () => {
    const { user, orderId } = await placedOrder();
    expect((await orderRow(orderId)).paymentMethod).toBe('cod');
    const portBlair = {
      address: '4 Aberdeen Bazaar',
      city: 'Port Blair',
      state: 'Andaman and Nicobar Islands',
      postalCode: '744101',
    };
    const res = await call('PUT', `/api/user/orders/${orderId}/address`, user, portBlair);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Cash On Delivery is not available for PIN code 744101: please pay online');
    expect(await orderRow(orderId)).toMatchObject({ city: 'Bengaluru', postalCode: '560001' });
  });
  it('promises the delivery again for the new PIN code, counted from when the order was placed', async () => {
    const { user, orderId } = await placedOrder(bengaluru);
    const placedAt = (await orderRow(orderId)).createdAt;
    const calendar = { holidays: ctx.config.delivery.holidays, cutoffHour: 11 };
    // Placed to 560001, in the seller's city: 3 days to dispatch and 1 in transit.
    const [placed] = await itemRows(orderId);
    const sameCity = promiseDates(placedAt, 3, 1, calendar);
    expect(placed).toEqual({ dispatchBy: sameCity.dispatchBy, deliverBy: sameCity.deliverBy });

    const agartala = {
      address: '7 Hari Ganga Basak Road',
      city: 'Agartala',
      state: 'Tripura',
      postalCode: '799001',
    };
    const moved = await call('PUT', `/api/user/orders/${orderId}/address`, user, agartala);
    expect(moved.statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject(agartala);
    // Tripura is a special zone: 7 days in transit from the same dispatch date.
    const special = promiseDates(placedAt, 3, 7, calendar);
    const [now] = await itemRows(orderId);
    expect(now).toEqual({ dispatchBy: placed!.dispatchBy, deliverBy: special.deliverBy });
    expect(now!.deliverBy! > placed!.deliverBy!).toBe(true);

    // Back to Bengaluru: the first promise again.
    const back = { address: '22 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' };
    expect((await call('PUT', `/api/user/orders/${orderId}/address`, user, back)).statusCode).toBe(200);
    expect(await itemRows(orderId)).toEqual([placed]);
  });

  it('counts the new promise from the day the order was placed, not from the change', async () => {
    const { user, orderId } = await placedOrder(bengaluru);
    // Placed on Thursday 13 August 2026 at 16:00 IST, after the 11:00 cut-off: handling starts on
    // Friday 14; Saturday 15 (Independence Day) and Sunday 16 are not working days.
    const placedAt = new Date('2026-08-13T16:00:00+05:30');
    await ctx.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, orderId));
    const [placed] = await itemRows(orderId);
    const agartala = {
      address: '7 Hari Ganga Basak Road',
      city: 'Agartala',
      state: 'Tripura',
      postalCode: '799001',
    };
    expect((await call('PUT', `/api/user/orders/${orderId}/address`, user, agartala)).statusCode).toBe(200);
    const expected = promiseDates(placedAt, 3, 7, { holidays: ctx.config.delivery.holidays, cutoffHour: 11 });
    // Dispatched by Wednesday 19 August, then 7 working days in transit (Sunday 23 skipped).
    expect(expected).toMatchObject({ dispatchBy: '2026-08-19', deliverBy: '2026-08-27' });
    expect(await itemRows(orderId)).toEqual([
      { dispatchBy: placed!.dispatchBy, deliverBy: expected.deliverBy },
    ]);
  });

  it('promises no delivery date when the seller no longer has a pickup address', async () => {
    const mysuru = await quickSeller(ctx.app, PICKUPS.bengaluru);
    const { user, orderId } = await placedOrder(mysuru);
    const [placed] = await itemRows(orderId);
    expect(placed!.deliverBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await ctx.db.update(sellers).set({ pickupPostalCode: null }).where(eq(sellers.id, mysuru.id));
    const agartala = {
      address: '7 Hari Ganga Basak Road',
      city: 'Agartala',
      state: 'Tripura',
      postalCode: '799001',
    };
    expect((await call('PUT', `/api/user/orders/${orderId}/address`, user, agartala)).statusCode).toBe(200);
    expect(await itemRows(orderId)).toEqual([{ dispatchBy: placed!.dispatchBy, deliverBy: null }]);
  });
});
