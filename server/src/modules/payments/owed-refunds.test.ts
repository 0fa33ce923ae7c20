import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { FakeStripe, fakeStripeEnv, sendStripeWebhook } from '../../../test/fake-stripe.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser, stockOf } from '../../../test/shop-fixtures.ts';
import type { App } from '../../app.ts';
import { cartItems, orderItems, orders, refunds } from '../../db/schema.ts';
import { sweepOwedRefunds } from '../../workflows/owed-refunds.ts';
import { expireReservations } from '../../workflows/reservations.ts';

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

const webhook = (type: string, object: unknown, id?: string) =>
  sendStripeWebhook(ctx.app, type, object, { id });

const orderById = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: string) => ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const refundCalls = (paymentIntent: string) =>
  fake.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === paymentIntent);
const refundsMade = (paymentIntent: string) =>
  fake.refunds.filter((r) => r.params.payment_intent === paymentIntent);
const sweepDeps = (app: App = ctx.app) => ({ ...app.deps, log: app.log });
/** Time passes: every owed refund is due again now. */
const makeDue = () => ctx.db.update(refunds).set({ nextAttemptAt: sql`now()` });

async function cardCheckout(buyer: FastAccount, productId: string, quantity: number) {
  await call('POST', '/api/user/add-to-cart', buyer, { productId, quantity });
  const res = await call('POST', '/api/user/checkout-session', buyer);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; orderId: string };
}

/** A card reservation that expired, then its stock bought by someone else with COD. */
async function expiredAndSoldOut() {
  const buyer = await quickUser(ctx.app);
  const product = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000, stock: 2 });
  const session = await cardCheckout(buyer, product.id, 2);
  await expireReservations(ctx.db, new Date(Date.now() + 31 * 60 * 1000));
  const other = await quickUser(ctx.app);
  await call('POST', '/api/user/add-to-cart', other, { productId: product.id, quantity: 2 });
  expect((await call('PUT', '/api/user/order-success', other)).statusCode).toBe(200);
  expect(await stockOf(ctx.db, product.id)).toBe(0);
  return { buyer, product, session };
}

describe('a payment the shop cannot honour is refunded eventually and exactly once', () => {
  it('a late payment whose refund call fails is recorded as owed, answered 200, and refunded by the sweep once', async () => {
    const { session, product } = await expiredAndSoldOut();
    const paid = fake.pay(session.id);
    const pi = paid.payment_intent!;
    fake.failingRefunds = true;
    try {
      const first = await webhook('checkout.session.completed', paid, `evt_late_${session.id}`);
      // The event and the debt are committed together: Stripe must not retry it.
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      const replay = await webhook('checkout.session.completed', paid, `evt_late_${session.id}`);
      expect(replay.json()).toEqual({ received: true, duplicate: true });

      const [owed] = await refundsOf(session.orderId);
      expect(owed).toMatchObject({
        reason: 'late_payment',
        status: 'pending',
        amountPaise: 118_000,
        paymentId: pi,
        idempotencyKey: `late-${session.orderId}`,
        attempts: 1,
        lastError: expect.stringContaining('fake refund outage'),
      });
      expect(await orderById(session.orderId)).toMatchObject({
        paymentStatus: 'failed',
        providerPaymentId: pi,
      });
      expect(refundsMade(pi)).toHaveLength(0);

      // Not due yet: a sweep leaves it alone; once due, a failing provider only counts the attempt.
      const asked = refundCalls(pi).length;
      expect(asked).toBeGreaterThan(0);
      expect(await sweepOwedRefunds(sweepDeps())).toBe(0);
      expect(refundCalls(pi).length).toBe(asked);
      await makeDue();
      expect(await sweepOwedRefunds(sweepDeps())).toBe(0);
      expect((await refundsOf(session.orderId))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    } finally {
      fake.failingRefunds = false;
    }

    // The provider is back: two processes sweep at once, and exactly one refund is asked for and made.
    await makeDue();
    const other = await ctx.spawnSeparateApp();
    const made = await Promise.all([sweepOwedRefunds(sweepDeps()), sweepOwedRefunds(sweepDeps(other))]);
    expect(made[0] + made[1]).toBe(1);
    expect(refundsMade(pi)).toHaveLength(1);
    expect(refundsMade(pi)[0]!.params.amount).toBe('118000');
    expect(refundCalls(pi).every((r) => r.idempotencyKey === `late-${session.orderId}`)).toBe(true);
    expect((await refundsOf(session.orderId))[0]).toMatchObject({
      status: 'succeeded',
      providerRefundId: refundsMade(pi)[0]!.id,
      attempts: 3,
    });
    expect((await orderById(session.orderId)).paymentStatus).toBe('refunded');
    expect(await stockOf(ctx.db, product.id)).toBe(0);

    // Later sweeps and later reports of the same payment change nothing.
    await makeDue();
    expect(await sweepOwedRefunds(sweepDeps())).toBe(0);
    const asked = refundCalls(pi).length;
    await webhook('checkout.session.async_payment_succeeded', paid);
    expect(refundCalls(pi)).toHaveLength(asked);
    expect(await refundsOf(session.orderId)).toHaveLength(1);
  });

  it('a late payment whose refund works at once is refunded within the webhook', async () => {
    const { session } = await expiredAndSoldOut();
    const paid = fake.pay(session.id);
    expect((await webhook('checkout.session.completed', paid)).statusCode).toBe(200);
    expect(refundsMade(paid.payment_intent!)).toHaveLength(1);
    expect((await refundsOf(session.orderId))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect((await orderById(session.orderId)).paymentStatus).toBe('refunded');
  });

  it('a late payment is refunded, not honoured, when its cart has become a COD order meanwhile', async () => {
    const buyer = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 10_000, stock: 10 });
    const session = await cardCheckout(buyer, product.id, 1);
    await expireReservations(ctx.db, new Date(Date.now() + 31 * 60 * 1000));
    await call('PUT', '/api/user/set-payment-method', buyer, { selectedMethod: 'COD' });
    expect((await call('PUT', '/api/user/order-success', buyer)).statusCode).toBe(200);
    expect(await stockOf(ctx.db, product.id)).toBe(9);

    const paid = fake.pay(session.id);
    expect((await webhook('checkout.session.completed', paid)).statusCode).toBe(200);
    expect((await orderById(session.orderId)).paymentStatus).toBe('refunded');
    expect(refundsMade(paid.payment_intent!)[0]!.params.amount).toBe('11800');
    // One cart, one order: the stock was taken once.
    expect(await stockOf(ctx.db, product.id)).toBe(9);
  });

  it('a provider outage while cancelling a paid item answers 502 and changes nothing', async () => {
    const buyer = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 20_000, stock: 5 });
    const session = await cardCheckout(buyer, product.id, 2);
    const paid = fake.pay(session.id);
    await webhook('checkout.session.completed', paid);
    const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
    expect(await stockOf(ctx.db, product.id)).toBe(3);

    fake.failing = true;
    try {
      const res = await call('POST', `/api/user/orders/${item!.id}/cancel`, buyer);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        success: false,
        error: expect.stringMatching(/payment service is unavailable/),
      });
      const legacy = await call('DELETE', '/api/user/add-to-cart', buyer, { cartProductId: item!.id });
      expect(legacy.statusCode).toBe(502);
      const seller502 = await call('POST', `/api/seller/orders/${item!.id}/cancel`, seller);
      expect(seller502.statusCode).toBe(502);
    } finally {
      fake.failing = false;
    }
    const [after] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, item!.id));
    expect(after).toMatchObject({ status: 'pending', refundId: null, refundedPaise: null });
    expect(await stockOf(ctx.db, product.id)).toBe(3);
    expect(await refundsOf(session.orderId)).toHaveLength(0);
    expect((await orderById(session.orderId)).paymentStatus).toBe('paid');

    // Once the provider answers, the same cancel goes through with one refund.
    expect((await call('POST', `/api/user/orders/${item!.id}/cancel`, buyer)).statusCode).toBe(200);
    expect(refundsMade(paid.payment_intent!)).toHaveLength(1);
    expect((await refundsOf(session.orderId))[0]).toMatchObject({
      reason: 'cancellation',
      status: 'succeeded',
      amountPaise: 47_200,
      orderItemId: item!.id,
    });
    expect(await stockOf(ctx.db, product.id)).toBe(5);
  });
});

describe('one cart, one order', () => {
  it('choosing COD after an unpaid card checkout closes that checkout, so the COD order can be placed', async () => {
    const buyer = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 10_000, stock: 5 });
    const session = await cardCheckout(buyer, product.id, 2);
    expect(await stockOf(ctx.db, product.id)).toBe(3);
    // Back from the payment page without paying; COD is refused while the card payment is open.
    expect((await call('PUT', '/api/user/order-success', buyer)).statusCode).toBe(409);

    expect(
      (await call('PUT', '/api/user/set-payment-method', buyer, { selectedMethod: 'COD' })).statusCode,
    ).toBe(200);
    expect(await orderById(session.orderId)).toMatchObject({ paymentStatus: 'failed' });
    expect(fake.sessions.get(session.id)!.status).toBe('expired');
    expect(await stockOf(ctx.db, product.id)).toBe(5);

    const cod = await call('PUT', '/api/user/order-success', buyer);
    expect(cod.statusCode).toBe(200);
    expect(cod.json().order).toMatchObject({ paymentMethod: 'COD', total: 236 });
    expect(await stockOf(ctx.db, product.id)).toBe(3);
  });

  it('choosing COD while the payment provider is down still closes the unpaid card checkout', async () => {
    const buyer = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 10_000, stock: 5 });
    const session = await cardCheckout(buyer, product.id, 2);
    fake.failing = true;
    try {
      const res = await call('PUT', '/api/user/set-payment-method', buyer, { selectedMethod: 'COD' });
      expect(res.statusCode).toBe(200);
    } finally {
      fake.failing = false;
    }
    expect(await orderById(session.orderId)).toMatchObject({ paymentStatus: 'failed' });
    expect(await stockOf(ctx.db, product.id)).toBe(5);
    expect((await call('PUT', '/api/user/order-success', buyer)).statusCode).toBe(200);
  });

  it('choosing COD leaves a card payment that was in fact made as it is', async () => {
    const buyer = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 10_000, stock: 5 });
    const session = await cardCheckout(buyer, product.id, 1);
    fake.pay(session.id);
    expect(
      (await call('PUT', '/api/user/set-payment-method', buyer, { selectedMethod: 'COD' })).statusCode,
    ).toBe(200);
    expect(await orderById(session.orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect(await stockOf(ctx.db, product.id)).toBe(4);
  });

  // Two app processes with their own connection pools on one PostgreSQL; on PGlite both share one.
  it('a card checkout and a COD order of the same cart at once: exactly one wins', async () => {
    const other = await ctx.spawnSeparateApp();
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 10_000, stock: 1_000 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => quickUser(ctx.app)));
    for (const b of buyers) {
      await call('POST', '/api/user/add-to-cart', b, { productId: product.id, quantity: 2 });
      // The old client sets the method before either call; COD must not be refused for that reason.
      await call('PUT', '/api/user/set-payment-method', b, { selectedMethod: 'COD' });
    }
    const answers = await Promise.all(
      buyers.map(async (b, i) => {
        const card = () => call('POST', '/api/user/checkout-session', b, undefined, i % 2 ? ctx.app : other);
        const cod = () => call('PUT', '/api/user/order-success', b, undefined, i % 2 ? other : ctx.app);
        // Alternate which one starts first, a few milliseconds apart at most.
        const [c, d] =
          i % 3 === 0
            ? await Promise.all([card(), cod()])
            : await Promise.all([cod(), card()]).then(([x, y]) => [y, x]);
        return { buyer: b, card: c!, cod: d! };
      }),
    );
    for (const { buyer, card, cod } of answers) {
      expect([card.statusCode, cod.statusCode].sort()).toEqual([200, 409]);
      const loser = card.statusCode === 409 ? card : cod;
      expect(loser.json()).toMatchObject({ success: false, error: expect.any(String) });
      const live = await ctx.db
        .select()
        .from(orders)
        .where(sql`${orders.userId} = ${buyer.id} and ${orders.paymentStatus} <> 'failed'`);
      expect(live).toHaveLength(1);
      // The card side's session is payable only if it won.
      if (card.statusCode === 200) expect(live[0]!.paymentStatus).toBe('awaiting_payment');
      else expect(live[0]!.paymentStatus).toBe('cod_due');
    }
    // Stock taken exactly once per cart.
    expect(await stockOf(ctx.db, product.id)).toBe(1_000 - 2 * buyers.length);
    // The carts that went to card keep their lines until paid; the COD ones are empty.
    for (const { buyer, card } of answers) {
      const lines = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, buyer.id));
      expect(lines).toHaveLength(card.statusCode === 200 ? 1 : 0);
    }
  });
});
