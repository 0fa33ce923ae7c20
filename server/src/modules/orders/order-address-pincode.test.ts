import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { orders } from '../../db/schema.ts';

/** Issue 37: an order's new address is checked against India Post's PIN codes before it is saved. */

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refusal = (msg: string) => ({ success: false, error: msg, errors: [{ msg, path: 'postalCode' }] });

async function placedOrder() {
  const user = await quickUser(ctx.app);
  const p = await insertProduct(ctx.db, seller.id);
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
});
