import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser, stockOf } from '../../test/shop-fixtures.ts';
import { cartItems, orders } from '../db/schema.ts';

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
/** A shopper who signed up with the four essentials: no address anywhere. */
const newShopper = () => quickUser(ctx.app, { address: '', city: '', state: '', postalCode: '' });
const NO_ADDRESS = {
  success: false,
  error: 'Add a shipping address first',
  errors: [{ msg: 'Add a shipping address first' }],
};

async function cartOf(user: FastAccount, method: 'COD' | 'Stripe') {
  const product = await insertProduct(ctx.db, seller.id, { pricePaise: 49_900, stock: 4 });
  await call('POST', '/api/user/add-to-cart', user, { productId: product.id, quantity: 2 });
  await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: method });
  return product;
}

async function nothingWritten(user: FastAccount, productId: string) {
  expect(await ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  expect(await stockOf(ctx.db, productId)).toBe(4);
  const lines = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
  expect(lines).toMatchObject([{ quantity: 2, pendingOrderId: null }]);
}

describe('a checkout with no shipping address', () => {
  it('refuses Cash On Delivery with 409 and writes nothing', async () => {
    const user = await newShopper();
    const product = await cartOf(user, 'COD');
    const res = await call('PUT', '/api/user/order-success', user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(NO_ADDRESS);
    await nothingWritten(user, product.id);
  });

  it('refuses a card checkout of the cart and a Buy Now with 409 and writes nothing', async () => {
    const user = await newShopper();
    const product = await cartOf(user, 'Stripe');
    const cart = await call('POST', '/api/user/checkout-session', user, {});
    expect(cart.statusCode).toBe(409);
    expect(cart.json()).toEqual(NO_ADDRESS);
    const buyNow = await call('POST', '/api/user/checkout-session-buyNow', user, { product: product.id });
    expect(buyNow.statusCode).toBe(409);
    expect(buyNow.json()).toEqual(NO_ADDRESS);
    await nothingWritten(user, product.id);
  });

  it('still says the cart is empty when there is nothing to order', async () => {
    const user = await newShopper();
    const res = await call('PUT', '/api/user/order-success', user);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Your cart is empty');
  });

  it('places the order once an address is chosen for the checkout', async () => {
    const user = await newShopper();
    const product = await cartOf(user, 'COD');
    const saved = await call('PUT', '/api/user/save-shipping-address', user, {
      address: '7 Lake View',
      city: 'Kochi',
      state: 'Kerala',
      postalCode: '682001',
    });
    expect(saved.statusCode).toBe(200);
    const res = await call('PUT', '/api/user/order-success', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ address: '7 Lake View', city: 'Kochi', postalCode: '682001' });
    expect(await stockOf(ctx.db, product.id)).toBe(2);
  });
});
