import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser, stockOf } from '../../../test/shop-fixtures.ts';
import { orders } from '../../db/schema.ts';

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'http://shop.test' } });
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

/** A customer with one product in the cart, checked out by card: an order awaiting payment. */
async function cardSession() {
  const user = await quickUser(ctx.app, { fullName: 'Zoya Fernandes' });
  const product = await insertProduct(ctx.db, seller.id, { pricePaise: 75_000, stock: 3 });
  const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  expect((await call('POST', '/api/user/add-to-cart', { productId: product.id })).statusCode).toBe(200);
  await call('PUT', '/api/user/set-payment-method', { selectedMethod: 'Stripe' });
  const res = await call('POST', '/api/user/checkout-session');
  expect(res.statusCode, res.body).toBe(200);
  return { user, product, sessionId: res.json().id as string };
}

const paymentStatus = async (sessionId: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.providerSessionId, sessionId)))[0]!.paymentStatus;

describe('the test payment page', () => {
  it('refuses a card number of the wrong type with the page and a message, and takes no payment', async () => {
    const { product, sessionId } = await cardSession();
    const url = `/pay/${sessionId}/pay`;
    const form = (body: string): InjectOptions => ({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    const json = (payload: unknown): InjectOptions => ({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    const bad = [
      json({ cardNumber: { toString: null, valueOf: null } }),
      json({ cardNumber: 4242424242424242 }),
      form('cardNumber[]=4242424242424242&cardNumber[]=4242424242424242'),
      form('cardNumber=4242424242424242&cardNumber=4242424242424242'),
      form('cardNumber=4242424242424242&expiry=12%2F34&expiry=01%2F35'),
      form('cvc=123'),
      json({ cardNumber: ['4242424242424242'] }),
      json({ cardNumber: null }),
      json(['4242424242424242']),
      json('4242424242424242'),
      json(null),
    ];
    for (const request of bad) {
      const res = await ctx.app.inject(request);
      const sent = String(request.payload);
      expect(res.statusCode, sent).toBe(400);
      expect(res.headers['content-type'], sent).toMatch(/text\/html/);
      expect(res.body, sent).toMatch(/<p class="error" role="alert">[^<]+<\/p>/);
      expect(res.body, sent).toContain(`action="/pay/${sessionId}/pay"`);
    }
    expect(await paymentStatus(sessionId)).toBe('awaiting_payment');
    expect(await stockOf(ctx.db, product.id)).toBe(2);

    // The same page still takes a well-formed card.
    const paid = await ctx.app.inject(form('cardNumber=4242+4242+4242+4242&expiry=12+%2F+34&cvc=123'));
    expect(paid.statusCode).toBe(303);
    expect(await paymentStatus(sessionId)).toBe('paid');
  });

  it('shows the payer the amount and the lines, but not the customer’s e-mail or name', async () => {
    const { user, sessionId } = await cardSession();
    const page = await ctx.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Rs. 885.00');
    expect(page.body).toMatch(/Cotton Shirt [0-9a-f]+ × 1/);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/pay/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=1234',
    });
    expect(refused.statusCode).toBe(400);
    for (const shown of [page.body, refused.body]) {
      expect(shown).not.toContain(user.email);
      expect(shown).not.toContain('Zoya');
    }
  });

  it('says plainly that it is test mode and takes no real money', async () => {
    const { sessionId } = await cardSession();
    const page = await ctx.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.body).toMatch(/<strong>TEST MODE<\/strong>: no real money is taken/);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/pay/test_cs_00000000000000000000000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('TEST MODE');
  });
});
