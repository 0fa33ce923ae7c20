import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { FakeRazorpay, sendRazorpayWebhook } from '../../../test/fake-razorpay.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser, stockOf } from '../../../test/shop-fixtures.ts';
import { cartItems, orders, refunds } from '../../db/schema.ts';
import { sweepOwedRefunds } from '../../workflows/owed-refunds.ts';
import { PAYMENT_MISMATCH, SIGNATURE_MISMATCH } from '../../workflows/razorpay.ts';
import { expireReservations } from '../../workflows/reservations.ts';

/**
 * Razorpay (issue 17) against a local fake of its HTTP API, through the real SDK: the handler's
 * signature, the payment fetched and checked, the webhook once per event, refunds retried until made.
 */
const fake = new FakeRazorpay();
let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  const env = await fake.start();
  ctx = await createTestContext({ env });
  seller = await quickSeller(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  await fake.close();
});

const orderBySession = async (sessionId: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.providerSessionId, sessionId)))[0]!;
const verify = (body: object) => call('POST', '/api/payments/razorpay/verify', undefined, body);

/** A shopper chooses UPI / Cards / Netbanking and starts paying for `quantity` of a new product. */
async function razorpayCheckout(quantity = 1, pricePaise = 49_900, stock = 10) {
  const buyer = await quickUser(ctx.app);
  const product = await insertProduct(ctx.db, seller.id, { pricePaise, stock });
  expect(
    (await call('PUT', '/api/user/set-payment-method', buyer, { selectedMethod: 'Razorpay' })).json(),
  ).toEqual({ success: true, paymentMethod: 'Razorpay' });
  await call('POST', '/api/user/add-to-cart', buyer, { productId: product.id, quantity });
  const res = await call('POST', '/api/user/checkout-session', buyer);
  expect(res.statusCode).toBe(200);
  const session = res.json() as { id: string; url: string; orderId: string };
  return { buyer, product, session };
}

describe('Razorpay checkout', () => {
  it('creates a Razorpay order from database prices, in paise and INR, and reserves the stock', async () => {
    const { product, session } = await razorpayCheckout(2, 49_900);
    expect(session.id).toMatch(/^order_/);
    expect(session.url).toBe(`${ctx.config.publicUrl}/pay/razorpay/${session.id}`);
    const order = await orderBySession(session.id);
    expect(order).toMatchObject({ provider: 'razorpay', paymentStatus: 'awaiting_payment' });
    // 2 × 499.00 + 18% GST, as the shop computed it; the receipt is our order id.
    expect(fake.orders.get(session.id)).toMatchObject({
      amount: 117_764,
      currency: 'INR',
      receipt: order.id,
    });
    expect(order.totalPaise).toBe(117_764);
    expect(await stockOf(ctx.db, product.id)).toBe(8);
    const page = await ctx.app.inject({ method: 'GET', url: `/pay/razorpay/${session.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('https://checkout.razorpay.com/v1/checkout.js');
    expect(page.body).toContain(`data-order="${session.id}"`);
    expect(page.headers['content-security-policy']).toContain(
      "script-src 'self' https://checkout.razorpay.com",
    );
  });

  it('pays on a correct signature and a captured payment of the whole order; a replay changes nothing', async () => {
    const { buyer, session } = await razorpayCheckout();
    const payment = fake.pay(session.id);
    const res = await verify(fake.handlerResult(payment));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, paid: true });
    const paid = await orderBySession(session.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', providerPaymentId: payment.id });
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, buyer.id))).toEqual([]);

    const replay = await verify(fake.handlerResult(payment));
    expect(replay.statusCode).toBe(200);
    expect((await orderBySession(session.id)).paidAt).toEqual(paid.paidAt);
  });

  it('captures a payment that is only authorized before marking the order paid', async () => {
    const { session } = await razorpayCheckout();
    const payment = fake.pay(session.id, { status: 'authorized' });
    expect((await verify(fake.handlerResult(payment))).statusCode).toBe(200);
    expect(fake.payments.get(payment.id)!.status).toBe('captured');
    expect((await orderBySession(session.id)).paymentStatus).toBe('paid');
  });

  it('refuses a wrong signature, a forged amount and another order’s payment, changing nothing', async () => {
    const { session } = await razorpayCheckout();
    const payment = fake.pay(session.id);
    const forgedSignature = { ...fake.handlerResult(payment), razorpay_signature: 'ab'.repeat(32) };
    const wrong = await verify(forgedSignature);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(SIGNATURE_MISMATCH);
    // Signed with another key: not Razorpay's signature for this shop.
    expect((await verify(fake.handlerResult(payment, 'some-other-secret'))).statusCode).toBe(400);

    const { session: cheap } = await razorpayCheckout();
    const underpaid = fake.pay(cheap.id, { amount: fake.orders.get(cheap.id)!.amount - 100 });
    const forged = await verify(fake.handlerResult(underpaid));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe(PAYMENT_MISMATCH);
    // A genuine payment of the first order presented as the second's.
    const swapped = { ...fake.handlerResult(payment), razorpay_order_id: cheap.id };
    swapped.razorpay_signature = fake.handlerResult({ ...payment, order_id: cheap.id }).razorpay_signature;
    expect((await verify(swapped)).json().error).toBe(PAYMENT_MISMATCH);

    expect((await orderBySession(session.id)).paymentStatus).toBe('awaiting_payment');
    expect((await orderBySession(cheap.id)).paymentStatus).toBe('awaiting_payment');
    expect((await verify({ razorpay_order_id: session.id })).statusCode).toBe(400);
  });

  it('settles a payment the browser never reported through the webhook, once per event', async () => {
    const { session } = await razorpayCheckout();
    const payment = fake.pay(session.id);
    const bad = await sendRazorpayWebhook(
      ctx.app,
      'payment.captured',
      { payment: { entity: payment } },
      {
        secret: 'not-the-webhook-secret',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect((await orderBySession(session.id)).paymentStatus).toBe('awaiting_payment');

    const first = await sendRazorpayWebhook(
      ctx.app,
      'payment.captured',
      { payment: { entity: payment } },
      {
        eventId: `evt_${session.id}`,
      },
    );
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const paid = await orderBySession(session.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', providerPaymentId: payment.id });
    const replay = await sendRazorpayWebhook(
      ctx.app,
      'payment.captured',
      { payment: { entity: payment } },
      {
        eventId: `evt_${session.id}`,
      },
    );
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await orderBySession(session.id)).updatedAt).toEqual(paid.updatedAt);
  });

  it('ignores a webhook whose payment is not for the order’s amount', async () => {
    const { session } = await razorpayCheckout();
    const payment = fake.pay(session.id, { amount: 100 });
    const res = await sendRazorpayWebhook(ctx.app, 'payment.captured', { payment: { entity: payment } });
    expect(res.statusCode).toBe(200);
    expect((await orderBySession(session.id)).paymentStatus).toBe('awaiting_payment');
  });

  it('refunds a late payment through Razorpay, retried until it is made, exactly once', async () => {
    const { product, session } = await razorpayCheckout(2, 50_000, 2);
    await expireReservations(ctx.db, new Date(Date.now() + 31 * 60 * 1000));
    const other = await quickUser(ctx.app);
    await call('POST', '/api/user/add-to-cart', other, { productId: product.id, quantity: 2 });
    expect((await call('PUT', '/api/user/order-success', other)).statusCode).toBe(200);
    // The tab was closed; the payment arrives late, after its stock was sold: it is refunded.
    const payment = fake.pay(session.id);
    fake.failRefunds = 2;
    const res = await sendRazorpayWebhook(ctx.app, 'payment.captured', { payment: { entity: payment } });
    expect(res.statusCode).toBe(200);
    const order = await orderBySession(session.id);
    const owed = async () => (await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id)))[0]!;
    expect(await owed()).toMatchObject({
      status: 'pending',
      provider: 'razorpay',
      attempts: 1,
      amountPaise: 118_000,
    });
    const deps = { ...ctx.app.deps, log: ctx.app.log };
    await ctx.db.update(refunds).set({ nextAttemptAt: sql`now()` });
    expect(await sweepOwedRefunds(deps)).toBe(0); // the second failure
    await ctx.db.update(refunds).set({ nextAttemptAt: sql`now()` });
    expect(await sweepOwedRefunds(deps)).toBe(1);
    const made = fake.refunds.filter((r) => r.payment_id === payment.id);
    expect(made).toEqual([
      { id: expect.any(String), payment_id: payment.id, amount: 118_000, receipt: `late-${order.id}` },
    ]);
    expect(await owed()).toMatchObject({ status: 'succeeded', providerRefundId: made[0]!.id, attempts: 3 });
    // Asked again (a lost answer, a retry): the receipt finds the refund already made.
    const again = await ctx.app.deps.payments.refund({
      sessionId: session.id,
      paymentId: payment.id,
      amountPaise: 118_000,
      idempotencyKey: `late-${order.id}`,
    });
    expect(again.id).toBe(made[0]!.id);
    expect(fake.refunds.filter((r) => r.payment_id === payment.id)).toHaveLength(1);
  });

  it('refunds a cancelled item of a paid Razorpay order through Razorpay', async () => {
    const { buyer, session } = await razorpayCheckout(1, 99_900);
    const payment = fake.pay(session.id);
    await verify(fake.handlerResult(payment));
    const order = await orderBySession(session.id);
    const mine = (await call('GET', `/api/user/orders/${order.id}`, buyer)).json().order;
    expect(mine.paymentMethod).toBe('Razorpay');
    const cancelled = await call('POST', `/api/user/orders/${mine.items[0]._id}/cancel`, buyer);
    expect(cancelled.statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_id === payment.id)).toEqual([
      {
        id: expect.any(String),
        payment_id: payment.id,
        amount: order.totalPaise,
        receipt: `cancel-${mine.items[0]._id}`,
      },
    ]);
  });
});
