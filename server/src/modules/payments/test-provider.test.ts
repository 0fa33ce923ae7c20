import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser, stockOf } from '../../../test/shop-fixtures.ts';
import { cartItems, orderItems, orders, outboxEmails } from '../../db/schema.ts';
import { expireReservations } from '../../workflows/reservations.ts';

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'http://shop.test' } });
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const add = (who: FastAccount, productId: string, quantity = 1) =>
  call('POST', '/api/user/add-to-cart', who, { productId, quantity });
const form = (url: string, fields: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const orderBySession = async (id: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.providerSessionId, id)))[0]!;
const itemsOf = (orderId: string) => ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

async function cartCheckout(priceP = 129_900, stock = 5, quantity = 1) {
  const user = await quickUser(ctx.app);
  const product = await insertProduct(ctx.db, seller.id, { pricePaise: priceP, stock });
  await add(user, product.id, quantity);
  await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'Stripe' });
  const res = await call('POST', '/api/user/checkout-session', user, [{ price: 1, quantity: 99 }]);
  return { user, product, res, session: res.json() as { id: string; url: string; orderId: string } };
}

describe('card checkout with the built-in test provider', () => {
  it('reserves stock in an order awaiting payment and answers the hosted page', async () => {
    const before = Date.now();
    const { user, product, res, session } = await cartCheckout(129_900, 5, 2);
    expect(res.statusCode).toBe(200);
    expect(session).toEqual({
      success: true,
      id: expect.stringMatching(/^test_cs_[0-9a-f]{32}$/),
      url: `http://shop.test/pay/${session.id}`,
      orderId: expect.any(String),
    });
    const order = await orderBySession(session.id);
    expect(order).toMatchObject({
      paymentMethod: 'stripe',
      paymentStatus: 'awaiting_payment',
      provider: 'test',
      subtotalPaise: 259_800,
      gstPaise: 46_764,
      totalPaise: 306_564,
    });
    const expiresIn = order.reservationExpiresAt!.getTime() - before;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 60 * 1000);
    expect(expiresIn).toBeLessThan(31 * 60 * 1000);
    expect((await itemsOf(order.id)).map((i) => i.status)).toEqual(['awaiting_payment']);
    expect(await stockOf(ctx.db, product.id)).toBe(3);
    // Not paid yet: the cart stays, and the order is not in My Orders.
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);
    expect((await call('GET', '/api/user/my-orders', user)).json()).toEqual([]);

    const page = await ctx.app.inject({ method: 'GET', url: `/pay/${session.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Rs. 3,065.64');
    expect(page.body).toContain('4242 4242 4242 4242');
    expect(page.body).toContain(`action="/pay/${session.id}/pay"`);
    expect(page.body).toContain(`action="/pay/${session.id}/cancel"`);
    expect(page.body).not.toMatch(/<script/i);
  });

  it('a forged success leaves the order unpaid; paying on the page marks it paid and redirects like Stripe', async () => {
    const { user, product, session } = await cartCheckout(50_000, 3);
    const [item] = await itemsOf(session.orderId);

    const forged = await call('PUT', '/api/user/order-success', user);
    expect(forged.statusCode).toBe(409);
    expect(forged.json().error).toMatch(/Payment has not been received/);
    expect((await call('PUT', `/api/user/order-buy-success/${item!.id}`, user)).statusCode).toBe(409);
    const look = await call('POST', `/api/payments/session/${session.id}/confirm`, user);
    expect(look.json()).toMatchObject({
      success: true,
      paid: false,
      order: { paymentStatus: 'awaiting_payment' },
    });
    expect((await orderBySession(session.id)).paymentStatus).toBe('awaiting_payment');
    expect(await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email))).toHaveLength(0);

    const paid = await form(`/pay/${session.id}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://shop.test/order-success?session_id=${session.id}`);
    const order = await orderBySession(session.id);
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      paidAt: expect.any(Date),
      reservationExpiresAt: null,
    });
    expect((await itemsOf(order.id)).map((i) => i.status)).toEqual(['pending']);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
    expect(await stockOf(ctx.db, product.id)).toBe(2);
    expect(
      (await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email))).map((m) => m.kind),
    ).toEqual(['order_confirmation']);

    const confirm = await call('POST', `/api/payments/session/${session.id}/confirm`, user);
    expect(confirm.json()).toMatchObject({
      paid: true,
      order: { _id: order.id, paymentMethod: 'Stripe', total: 590 },
    });
    const mine = (await call('GET', '/api/user/my-orders', user)).json();
    expect(mine).toEqual([
      expect.objectContaining({ paymentMethod: 'Stripe', paymentStatus: 'paid', status: 'pending' }),
    ]);
    // Paying twice changes nothing.
    expect((await form(`/pay/${session.id}/pay`, { cardNumber: '4242424242424242' })).statusCode).toBe(303);
    expect(await stockOf(ctx.db, product.id)).toBe(2);
    const other = await quickUser(ctx.app);
    expect((await call('POST', `/api/payments/session/${session.id}/confirm`, other)).statusCode).toBe(404);
  });

  it('a declined test card keeps the order unpaid; Cancel gives the stock back at once', async () => {
    const { product, session } = await cartCheckout(10_000, 4, 3);
    expect(await stockOf(ctx.db, product.id)).toBe(1);
    const declined = await form(`/pay/${session.id}/pay`, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined');
    expect((await orderBySession(session.id)).paymentStatus).toBe('awaiting_payment');

    const cancel = await form(`/pay/${session.id}/cancel`);
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('http://shop.test/cart-page');
    expect((await orderBySession(session.id)).paymentStatus).toBe('failed');
    expect(await stockOf(ctx.db, product.id)).toBe(4);
    const after = await form(`/pay/${session.id}/pay`, { cardNumber: '4242424242424242' });
    expect(after.statusCode).toBe(404);
    expect((await orderBySession(session.id)).paymentStatus).toBe('failed');
    expect((await ctx.app.inject({ method: 'GET', url: '/pay/test_cs_unknown' })).statusCode).toBe(404);
  });

  it('a new checkout replaces an unpaid earlier one instead of holding the stock twice', async () => {
    const { user, product, session } = await cartCheckout(10_000, 2, 2);
    const again = await call('POST', '/api/user/checkout-session', user);
    expect(again.statusCode).toBe(200);
    expect((await orderBySession(session.id)).paymentStatus).toBe('failed');
    expect(await stockOf(ctx.db, product.id)).toBe(0);
    expect((await orderBySession(again.json().id)).paymentStatus).toBe('awaiting_payment');
  });

  it('Buy Now: one product at the database price, legacy success calls confirm only what was paid', async () => {
    const user = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 99_900, stock: 5 });
    const cartProduct = await insertProduct(ctx.db, seller.id);
    await add(user, cartProduct.id);
    const res = await call('POST', '/api/user/checkout-session-buyNow', user, {
      product: { _id: product.id, price: 1, productName: 'Cheap' },
      quantity: 2,
    });
    expect(res.statusCode).toBe(200);
    const session = res.json();
    const order = await orderBySession(session.id);
    expect(order).toMatchObject({ source: 'buy_now', subtotalPaise: 199_800, totalPaise: 235_764 });
    expect(await stockOf(ctx.db, product.id)).toBe(3);

    // The old client calls this before paying: it answers the item id but marks nothing paid.
    const pre = await call('PUT', `/api/user/order-successfull/${product.id}`, user);
    expect(pre.json()).toEqual({
      success: true,
      cartProductObjectId: expect.any(String),
      paymentStatus: 'awaiting_payment',
    });
    const itemId = pre.json().cartProductObjectId;
    expect((await call('PUT', `/api/user/order-buy-success/${itemId}`, user)).statusCode).toBe(409);
    expect((await orderBySession(session.id)).paymentStatus).toBe('awaiting_payment');

    const pay = await form(`/pay/${session.id}/pay`, { cardNumber: '4242424242424242' });
    expect(pay.headers.location).toBe(`http://shop.test/order-successfull?session_id=${session.id}`);
    const done = await call('PUT', `/api/user/order-buy-success/${itemId}`, user);
    expect(done.json()).toEqual({ success: true, paymentStatus: 'paid' });
    expect((await call('PUT', `/api/user/order-successfull/${product.id}`, user)).json()).toMatchObject({
      cartProductObjectId: itemId,
      paymentStatus: 'paid',
    });
    // Buy Now never touches the cart.
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);

    const other = await quickUser(ctx.app);
    expect((await call('PUT', `/api/user/order-buy-success/${itemId}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/api/user/order-successfull/${product.id}`, other)).statusCode).toBe(404);
  });

  it('Buy Now past the stock, of an unknown product or by a seller reserves nothing', async () => {
    const user = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { stock: 2 });
    const over = await call('POST', '/api/user/checkout-session-buyNow', user, {
      product: product.id,
      quantity: 3,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toContain(product.name);
    expect(await stockOf(ctx.db, product.id)).toBe(2);
    const unknown = await call('POST', '/api/user/checkout-session-buyNow', user, {
      product: { _id: '8f1d3a52-5c1e-4a4e-9a59-2f7d2a0b9c11' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('POST', '/api/user/checkout-session-buyNow', user, { product: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/user/checkout-session-buyNow', seller, { product: product.id })).statusCode,
    ).toBe(403);
    expect((await call('POST', '/api/user/checkout-session', user)).statusCode).toBe(409);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });

  it('unpaid reservations expire after 30 minutes exactly once, even with two sweeps at once', async () => {
    const { product, session } = await cartCheckout(10_000, 6, 4);
    expect(await stockOf(ctx.db, product.id)).toBe(2);
    expect(await expireReservations(ctx.db, new Date(Date.now() + 29 * 60 * 1000))).toHaveLength(0);
    const later = new Date(Date.now() + 31 * 60 * 1000);
    const [a, b] = await Promise.all([expireReservations(ctx.db, later), expireReservations(ctx.db, later)]);
    expect([...a, ...b].filter((o) => o.sessionId === session.id)).toHaveLength(1);
    expect(await stockOf(ctx.db, product.id)).toBe(6);
    expect((await orderBySession(session.id)).paymentStatus).toBe('failed');
    expect((await itemsOf(session.orderId)).map((i) => i.status)).toEqual(['cancelled']);
    await expireReservations(ctx.db, later);
    expect(await stockOf(ctx.db, product.id)).toBe(6);
  });

  it('a payment landing after expiry takes the stock again when it is still there', async () => {
    const { product, session } = await cartCheckout(10_000, 3, 1);
    await expireReservations(ctx.db, new Date(Date.now() + 31 * 60 * 1000));
    expect(await stockOf(ctx.db, product.id)).toBe(3);
    await ctx.app.deps.payments.retrieveSession(session.id);
    // The test page refuses an expired session, so record the payment the way a late webhook would.
    const { TestPaymentProvider } = await import('./test-provider.ts');
    const { providerNamed } = await import('./create-provider.ts');
    await providerNamed<InstanceType<typeof TestPaymentProvider>>(ctx.app.deps.payments, 'test')!.pay(
      ctx.db,
      session.id,
    );
    const { confirmSession } = await import('../../workflows/confirm-payment.ts');
    await confirmSession({ ...ctx.app.deps, log: ctx.app.log }, session.id);
    expect((await orderBySession(session.id)).paymentStatus).toBe('paid');
    expect((await itemsOf(session.orderId)).map((i) => i.status)).toEqual(['pending']);
    expect(await stockOf(ctx.db, product.id)).toBe(2);
  });

  it('cancelling paid card items refunds each share and, with the last one, exactly the rest of the total', async () => {
    const user = await quickUser(ctx.app);
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 33_333, stock: 5 });
    const b = await insertProduct(ctx.db, seller.id, { pricePaise: 5, stock: 5 });
    await add(user, a.id, 3);
    await add(user, b.id, 1);
    const session = (await call('POST', '/api/user/checkout-session', user)).json();
    await form(`/pay/${session.id}/pay`, { cardNumber: '4242424242424242' });
    const items = await itemsOf(session.orderId);
    const itemA = items.find((i) => i.productId === a.id)!;
    const itemB = items.find((i) => i.productId === b.id)!;

    expect((await call('POST', `/api/user/orders/${itemA.id}/cancel`, user)).json()).toMatchObject({
      success: true,
    });
    const [afterA] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, itemA.id));
    // 99,999 paise + round(99,999 × 18%) = 99,999 + 18,000.
    expect(afterA).toMatchObject({
      status: 'cancelled',
      refundedPaise: 117_999,
      refundId: `test_re_cancel-${itemA.id}`,
    });
    expect((await orderBySession(session.id)).paymentStatus).toBe('paid');
    expect(await stockOf(ctx.db, a.id)).toBe(5);

    await call('DELETE', '/api/user/add-to-cart', user, { cartProductId: itemB.id });
    const [afterB] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, itemB.id));
    const order = await orderBySession(session.id);
    expect(order.totalPaise).toBe(118_005);
    expect(afterB!.refundedPaise! + afterA!.refundedPaise!).toBe(order.totalPaise);
    expect(order.paymentStatus).toBe('refunded');
  });
});
