import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { cartItems, checkouts, products, productVariants, users } from '../../db/schema.ts';

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
/** The new app's cart (newest first); the old client's `cart-products` is the same, oldest first. */
const cart = async (who: FastAccount) => (await call('GET', '/api/user/cart', who)).json();
const profileOf = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];
const add = (who: FastAccount, productId: string, quantity?: number) =>
  call('POST', '/api/user/add-to-cart', who, { productId, ...(quantity ? { quantity } : {}) });
const lineRow = async (id: string) => (await ctx.db.select().from(cartItems).where(eq(cartItems.id, id)))[0];

describe('the cart', () => {
  it('lists lines newest first with the SPEC shape, amounts and a paise-exact summary', async () => {
    const user = await quickUser(ctx.app);
    const older = await insertProduct(ctx.db, seller.id, { pricePaise: 33_333, stock: 9 });
    const newer = await insertProduct(ctx.db, seller.id, { pricePaise: 5, stock: 9 });
    expect((await add(user, older.id, 3)).statusCode).toBe(200);
    const res = await add(user, newer.id);
    expect(res.json()).toMatchObject({ success: true, message: 'Added to cart', quantity: 1 });

    const body = await cart(user);
    expect(body.success).toBe(true);
    expect(body.userCartProducts.map((l: { productId: string }) => l.productId)).toEqual([
      newer.id,
      older.id,
    ]);
    // SPEC §7 `cart-products`: the original server answered oldest first and its client reverses
    // the list (SPEC §4: the cart is shown newest first), so the same answer comes in adding order.
    const legacy = (await call('GET', '/api/user/cart-products', user)).json();
    expect(legacy).toEqual({ ...body, userCartProducts: [...body.userCartProducts].reverse() });
    const [first, second] = body.userCartProducts;
    expect(first).toEqual({
      _id: expect.any(String),
      productId: newer.id,
      variantId: newer.variantId,
      size: 'Free Size',
      // The one size has no colour of its own: the product's (the factory's Blue).
      color: 'Blue',
      quantity: 1,
      amount: 0.05,
      paymentMethod: '',
      address: '22 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      product: [
        expect.objectContaining({ _id: newer.id, price: 0.05, productName: newer.name, stockQuantity: 9 }),
      ],
      discount: 0,
    });
    expect(second.amount).toBe(999.99);
    // 3 × 333.33 + 0.05 = 1000.04 → GST round(100004 × 0.18) = 18000.72 → 18001 paise.
    expect(body.summary).toEqual({
      pieces: 4,
      subtotal: 1000.04,
      gst: 180.01,
      shipping: 0,
      total: 1180.05,
      taxIncluded: false,
      // The test seller has no registered state: IGST, shipped to Karnataka.
      taxLines: [{ label: 'IGST 18%', rate: 18, amount: 180.01 }],
      discount: 0,
    });
    expect(body.coupon).toBeNull();
  });

  it('adds to the existing line when the same product is added again, up to the stock', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 3 });
    const first = (await add(user, p.id, 2)).json();
    const again = await add(user, p.id);
    expect(again.json()).toMatchObject({ success: true, cartProductId: first.cartProductId, quantity: 3 });
    const over = await add(user, p.id);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ success: false, error: expect.stringMatching(/Only 3 left/) });
    expect((await lineRow(first.cartProductId))?.quantity).toBe(3);
    const lines = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(lines).toHaveLength(1);
  });

  it('refuses sold-out, unknown, removed and malformed products', async () => {
    const user = await quickUser(ctx.app);
    const soldOut = await insertProduct(ctx.db, seller.id, { stock: 0 });
    const removed = await insertProduct(ctx.db, seller.id, { status: 'removed' });
    const r1 = await add(user, soldOut.id);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().error).toBe('This product is sold out');
    expect((await add(user, removed.id)).statusCode).toBe(404);
    expect((await add(user, '8f1d3a52-5c1e-4a4e-9a59-2f7d2a0b9c11')).statusCode).toBe(404);
    const bad = await add(user, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'productId' });
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
  });

  it('refuses a quantity that is not a number (true, [2], "") instead of coercing it', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 5 });
    for (const quantity of [true, [2], '', 'two', 1.5]) {
      const res = await call('POST', '/api/user/add-to-cart', user, { productId: p.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        msg: expect.stringMatching(/^Quantity must be/),
        path: 'quantity',
      });
    }
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
    const asText = await call('POST', '/api/user/add-to-cart', user, { productId: p.id, quantity: '2' });
    expect(asText.json()).toMatchObject({ success: true, quantity: 2 });
  });

  it('ignores a price sent in the body: amounts come from the database', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 129_900 });
    await call('POST', '/api/user/add-to-cart', user, { productId: p.id, price: 1, amount: 1 });
    const body = await cart(user);
    expect(body.userCartProducts[0].amount).toBe(1299);
    expect(body.summary.total).toBe(1532.82);
  });

  it('steps quantity with increament (and increment / absolute quantity) between 1 and the stock', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 2 });
    const { cartProductId } = (await add(user, p.id)).json();
    const plus = await call('PUT', '/api/user/add-to-cart', user, { cartProductId, increament: 1 });
    expect(plus.json()).toEqual({ success: true, cartProductId, quantity: 2 });
    const past = await call('PUT', '/api/user/add-to-cart', user, { cartProductId, increment: '1' });
    expect(past.statusCode).toBe(409);
    expect(past.json().error).toMatch(/Only 2 left/);
    expect(
      (await call('PUT', '/api/user/add-to-cart', user, { cartProductId, increament: -1 })).json().quantity,
    ).toBe(1);
    const below = await call('PUT', '/api/user/add-to-cart', user, { cartProductId, increament: -1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toBe('Quantity must be at least 1');
    expect(
      (await call('PUT', '/api/user/add-to-cart', user, { cartProductId, quantity: 2 })).json().quantity,
    ).toBe(2);
    expect(
      (await call('PUT', '/api/user/add-to-cart', user, { cartProductId, increament: 5 })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/api/user/add-to-cart', user, { cartProductId })).statusCode).toBe(400);
    expect((await lineRow(cartProductId))?.quantity).toBe(2);
  });

  it('lets a quantity go down even when stock dropped below it', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 5 });
    const { cartProductId } = (await add(user, p.id, 5)).json();
    await ctx.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, p.id));
    expect(
      (await call('PUT', '/api/user/add-to-cart', user, { cartProductId, increament: -1 })).json().quantity,
    ).toBe(4);
  });

  it('removes a line; another user cannot touch it (404, unchanged)', async () => {
    const owner = await quickUser(ctx.app);
    const other = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    const { cartProductId } = (await add(owner, p.id, 2)).json();
    const put = await call('PUT', '/api/user/add-to-cart', other, { cartProductId, increament: 1 });
    expect(put.statusCode).toBe(404);
    const del = await call('DELETE', '/api/user/add-to-cart', other, { cartProductId });
    expect(del.statusCode).toBe(404);
    expect((await lineRow(cartProductId))?.quantity).toBe(2);
    expect((await cart(other)).userCartProducts).toEqual([]);

    const mine = await call('DELETE', '/api/user/add-to-cart', owner, { cartProductId });
    expect(mine.json()).toEqual({ success: true });
    expect(await lineRow(cartProductId)).toBeUndefined();
  });

  /** Both routes whose guard reads no account row (requireCustomerToken) answer `status` and `error`. */
  const expectBothRefuse = async (
    who: FastAccount | undefined,
    productId: string,
    status: number,
    error: string,
  ) => {
    for (const res of [
      await add(who as FastAccount, productId),
      await call('PUT', '/api/user/order-success', who),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toBe(error);
    }
  };

  it('refuses a deleted account whose token is still valid, on the routes that read no account first', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 5 });
    await ctx.db.delete(users).where(eq(users.id, user.id));
    await expectBothRefuse(user, p.id, 401, 'This account no longer exists. Please log in again');
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    expect((await ctx.db.select().from(products).where(eq(products.id, p.id)))[0]?.stock).toBe(5);
    // A token that does not verify, or none, is told so before any statement runs.
    const forged = { headers: { 'auth-token': 'not-a-token' } } as FastAccount;
    await expectBothRefuse(forged, p.id, 401, 'Your session is invalid or has expired. Please log in again');
    await expectBothRefuse(undefined, p.id, 401, 'You Must Login First');
  });

  it('refuses sellers, admins and visitors with the SPEC messages', async () => {
    const p = await insertProduct(ctx.db, seller.id);
    await expectBothRefuse(seller, p.id, 403, 'You are in a seller account');
    const adminToken = await ctx.app.deps.tokens.sign({ sub: randomUUID(), role: 'admin' });
    const admin = { headers: { 'auth-token': adminToken } } as FastAccount;
    await expectBothRefuse(admin, p.id, 403, 'This needs a customer account');
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);
    const anon = await call('GET', '/api/user/cart-products');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toBe('You Must Login First');
    for (const [method, url] of [
      ['PUT', '/api/user/add-to-cart'],
      ['DELETE', '/api/user/add-to-cart'],
      ['PUT', '/api/user/set-payment-method'],
      ['PUT', '/api/user/save-shipping-address'],
    ] as const) {
      expect((await call(method, url, seller, {})).statusCode).toBe(403);
    }
  });
});

describe('checkout', () => {
  it('stores the payment method (any case) on the current checkout and shows it on the lines', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await add(user, p.id);
    const res = await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'stripe' });
    expect(res.json()).toEqual({ success: true, paymentMethod: 'Stripe' });
    expect((await cart(user)).userCartProducts[0].paymentMethod).toBe('Stripe');
    await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'COD' });
    const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(row?.paymentMethod).toBe('cod');
    const bad = await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'Bitcoin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('selectedMethod must be Razorpay, Stripe or COD');
  });

  it('saves the shipping address on the checkout only, as the original server did', async () => {
    const user = await quickUser(ctx.app);
    const before = await profileOf(user.id);
    const p = await insertProduct(ctx.db, seller.id);
    await add(user, p.id);
    const address = { address: '9 Lake View', city: 'Kochi', state: 'Kerala', postalCode: 682001 };
    const res = await call('PUT', '/api/user/save-shipping-address', user, address);
    expect(res.json()).toEqual({ success: true });
    const body = await cart(user);
    expect(body.userCartProducts[0]).toMatchObject({
      address: '9 Lake View',
      city: 'Kochi',
      postalCode: '682001',
    });
    expect(body.checkout).toMatchObject({ address: '9 Lake View', state: 'Kerala', postalCode: '682001' });
    // A gift sent elsewhere does not move the shopper: the profile keeps its own address.
    expect(await profileOf(user.id)).toEqual(before);

    const bad = await call('PUT', '/api/user/save-shipping-address', user, {
      ...address,
      postalCode: '0123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'postalCode', msg: expect.stringMatching(/PIN/) });
    const [row] = await ctx.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, user.id)));
    expect(row?.postalCode).toBe('682001');
  });

  it('also makes it the profile address when the shopper asks (saveToProfile)', async () => {
    const user = await quickUser(ctx.app);
    const address = { address: '3 Fort Road', city: 'Mysuru', state: 'Karnataka', postalCode: '570001' };
    const res = await call('PUT', '/api/user/save-shipping-address', user, {
      ...address,
      saveToProfile: true,
    });
    expect(res.json()).toEqual({ success: true });
    expect(await profileOf(user.id)).toMatchObject(address);
    expect((await cart(user)).checkout).toMatchObject(address);

    const next = { address: '8 Hill Street', city: 'Ooty', state: 'Tamil Nadu', postalCode: '643001' };
    await call('PUT', '/api/user/save-shipping-address', user, { ...next, saveToProfile: false });
    expect(await profileOf(user.id)).toMatchObject(address);
    expect((await cart(user)).checkout).toMatchObject(next);

    const bad = await call('PUT', '/api/user/save-shipping-address', user, { ...next, saveToProfile: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'saveToProfile' });
    expect(await profileOf(user.id)).toMatchObject(address);
  });
});
