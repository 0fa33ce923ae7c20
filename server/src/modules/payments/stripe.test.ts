import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { FakeStripe, fakeStripeEnv, sendStripeWebhook } from '../../../test/fake-stripe.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser, stockOf } from '../../../test/shop-fixtures.ts';
import { cartItems, orderItems, orders, outboxEmails, paymentEvents } from '../../db/schema.ts';

const fake = new FakeStripe();
let ctx: TestContext;
let seller: FastAccount;

beforeAll(async () => {
  const port = await fake.start();
  ctx = await createTestContext({ env: fakeStripeEnv(port) });
  seller = await quickSeller(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  await fake.close();
});

const call = callerOf(() => ctx.app);
const orderBySession = async (id: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.providerSessionId, id)))[0]!;

const webhook = (type: string, object: unknown, opts?: { id?: string; secret?: string }) =>
  sendStripeWebhook(ctx.app, type, object, opts);

async function checkout(pricePaise = 33_333, quantity = 3, stock = 5) {
  const user = await quickUser(ctx.app);
  const product = await insertProduct(ctx.db, seller.id, { pricePaise, stock });
  await call('POST', '/api/user/add-to-cart', user, { productId: product.id, quantity });
  const res = await call('POST', '/api/user/checkout-session', user);
  return { user, product, res, session: res.json() as { id: string; url: string; orderId: string } };
}

describe('Stripe Checkout (through a local fake of the Stripe API)', () => {
  it('creates an INR session priced from the database with a GST line and the SPEC return URLs', async () => {
    const { product, res, session } = await checkout(33_333, 3);
    expect(res.statusCode).toBe(200);
    expect(session).toMatchObject({ success: true, id: expect.stringMatching(/^cs_test_/) });
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const sent = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.params['metadata[orderId]'] === session.orderId,
    )!;
    const created = fake.sessions.get(session.id)!.params;
    expect(created).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '3',
      'line_items[0][price_data][currency]': 'inr',
      'line_items[0][price_data][unit_amount]': '33333',
      'line_items[0][price_data][product_data][name]': product.name,
      'line_items[1][price_data][unit_amount]': '18000',
      'line_items[1][price_data][product_data][name]': 'GST 18%',
      success_url: 'https://shop.example.in/order-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example.in/cart-page',
      'metadata[orderId]': session.orderId,
    });
    expect(sent.idempotencyKey).toBe(`session-${session.orderId}`);
    const order = await orderBySession(session.id);
    expect(fake.amountTotal(fake.sessions.get(session.id)!)).toBe(order.totalPaise);
    expect(order).toMatchObject({
      provider: 'stripe',
      paymentStatus: 'awaiting_payment',
      totalPaise: 117_999,
    });
    expect(await stockOf(ctx.db, product.id)).toBe(2);
  });

  it('Buy Now returns to /order-successfull', async () => {
    const user = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id);
    const res = await call('POST', '/api/user/checkout-session-buyNow', user, {
      product: { _id: product.id },
    });
    expect(fake.sessions.get(res.json().id)!.params.success_url).toBe(
      'https://shop.example.in/order-successfull?session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('a signed checkout.session.completed marks the order paid once; a replay changes nothing', async () => {
    const { user, session } = await checkout(10_000, 1);
    const forged = await call('PUT', '/api/user/order-success', user);
    expect(forged.statusCode).toBe(409);
    expect((await orderBySession(session.id)).paymentStatus).toBe('awaiting_payment');

    const paidView = fake.pay(session.id);
    const res = await webhook('checkout.session.completed', paidView, { id: 'evt_completed_1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const order = await orderBySession(session.id);
    expect(order).toMatchObject({ paymentStatus: 'paid', providerPaymentId: paidView.payment_intent });
    expect((await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)))[0]?.status).toBe(
      'pending',
    );
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
    const mails = async () =>
      (await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email))).length;
    expect(await mails()).toBe(1);

    const replay = await webhook('checkout.session.completed', paidView, { id: 'evt_completed_1' });
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const again = await webhook('checkout.session.completed', paidView, { id: 'evt_completed_2' });
    expect(again.statusCode).toBe(200);
    expect(await mails()).toBe(1);
    expect((await orderBySession(session.id)).updatedAt).toEqual(order.updatedAt);
    const events = await ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_completed_1'));
    expect(events).toHaveLength(1);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { session } = await checkout(10_000, 1);
    const view = fake.pay(session.id);
    const bad = await webhook('checkout.session.completed', view, { secret: 'whsec_wrong' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'Invalid Stripe signature' });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: view } }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderBySession(session.id)).paymentStatus).toBe('awaiting_payment');
  });

  it('a return without a webhook is confirmed by looking the session up at Stripe', async () => {
    const { user, session } = await checkout(10_000, 1);
    fake.pay(session.id);
    const res = await call('PUT', '/api/user/order-success', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      _id: session.orderId,
      paymentStatus: 'paid',
      paymentMethod: 'Stripe',
    });
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session.id}`),
    ).toBe(true);
  });

  it('checkout.session.expired releases the reservation', async () => {
    const { product, session } = await checkout(10_000, 2, 2);
    expect(await stockOf(ctx.db, product.id)).toBe(0);
    const res = await webhook('checkout.session.expired', {
      ...fake.view(fake.sessions.get(session.id)!),
      status: 'expired',
    });
    expect(res.statusCode).toBe(200);
    expect((await orderBySession(session.id)).paymentStatus).toBe('failed');
    expect(await stockOf(ctx.db, product.id)).toBe(2);
  });

  it('cancelling a paid item refunds its share through the Stripe refunds API', async () => {
    const { user, session } = await checkout(20_000, 2);
    const view = fake.pay(session.id);
    await webhook('checkout.session.completed', view);
    const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
    const res = await call('POST', `/api/user/orders/${item!.id}/cancel`, user);
    expect(res.statusCode).toBe(200);
    const refundCall = fake.requests.find(
      (r) => r.path === '/v1/refunds' && r.params.payment_intent === view.payment_intent,
    )!;
    expect(refundCall.params.amount).toBe('47200');
    expect(refundCall.idempotencyKey).toBe(`cancel-${item!.id}`);
    const [after] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, item!.id));
    expect(after).toMatchObject({
      status: 'cancelled',
      refundedPaise: 47_200,
      refundId: expect.stringMatching(/^re_/),
    });
    expect((await orderBySession(session.id)).paymentStatus).toBe('refunded');
  });

  it('a Stripe outage answers 502 and gives the reserved stock back', async () => {
    const user = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { stock: 3 });
    await call('POST', '/api/user/add-to-cart', user, { productId: product.id, quantity: 2 });
    fake.failing = true;
    try {
      const res = await call('POST', '/api/user/checkout-session', user);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/payment service is unavailable/);
    } finally {
      fake.failing = false;
    }
    expect(await stockOf(ctx.db, product.id)).toBe(3);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order?.paymentStatus).toBe('failed');
  });

  it('the built-in test page is off when Stripe is configured', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/pay/test_cs_0123456789abcdef0123456789abcdef' }))
        .statusCode,
    ).toBe(404);
  });
});
