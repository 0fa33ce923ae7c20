import {
  cartAnswerSchema,
  errorBodySchema,
  orderLineListSchema,
  productListSchema,
  sellerOrderLineListSchema,
  userAuthAnswerSchema,
} from '@vastra/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auth, insertProduct, registerSeller, userFields } from '../test/factories.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema };
interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
  >;
}

const answerIn = (doc: OpenApiDoc, method: string, path: string, status = '200') =>
  doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;

/**
 * The answer, read back through its schema, is the answer itself: every field is declared (none
 * would be dropped) and in the order the server writes them (the serialiser writes schema order).
 */
function expectDescribedBy(schema: z.ZodType, body: string) {
  const parsed = schema.safeParse(JSON.parse(body));
  expect(parsed.error).toBeUndefined();
  expect(JSON.stringify(parsed.data)).toBe(body);
}

describe('the OpenAPI document at /api/docs/json', () => {
  it('shows the answer of login, the product list, the cart, my-orders and seller-orders', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApiDoc;

    expect(Object.keys(answerIn(doc, 'post', '/api/auth/user/login')?.properties ?? {})).toEqual([
      'success',
      'authToken',
      'userFullName',
    ]);
    const list = answerIn(doc, 'get', '/api/get-all-Products');
    expect(list?.type).toBe('array');
    expect(list?.items?.properties).toHaveProperty('productName');
    expect(list?.items?.properties).toHaveProperty('price');
    const cart = answerIn(doc, 'get', '/api/user/cart-products');
    expect(cart?.properties?.userCartProducts?.items?.properties).toHaveProperty('amount');
    expect(answerIn(doc, 'get', '/api/user/my-orders')?.items?.properties).toHaveProperty('status');
    expect(answerIn(doc, 'get', '/api/seller/seller-orders')?.items?.properties).toHaveProperty(
      'customerName',
    );
  });

  it('shows the one error answer on every call', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDoc;
    const errorOf = (method: string, path: string) =>
      answerIn(doc, method, path, '4XX') ?? answerIn(doc, method, path, '4xx');
    for (const [method, path] of [
      ['post', '/api/auth/user/login'],
      ['get', '/api/user/cart-products'],
      ['put', '/api/user/order-success'],
    ]) {
      expect(Object.keys(errorOf(method!, path!)?.properties ?? {})).toEqual(['success', 'error', 'errors']);
    }
  });
});

describe('real answers', () => {
  it('are exactly what their schemas describe, from login to the seller’s orders', async () => {
    const seller = await registerSeller(ctx.app);
    const product = await insertProduct(ctx.db, seller.id);
    const fields = userFields();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/user/register', payload: fields });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: fields.email, password: fields.password },
    });
    expect(login.statusCode).toBe(200);
    expectDescribedBy(userAuthAnswerSchema, login.body);
    const user = auth(login.json().authToken);

    const listing = await ctx.app.inject({ method: 'GET', url: '/api/get-all-Products' });
    expect(listing.headers['content-type']).toBe('application/json; charset=utf-8');
    expectDescribedBy(productListSchema, listing.body);

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: object) =>
      ctx.app.inject({ method, url, headers: headers as Record<string, string>, payload });
    expect((await call('POST', '/api/user/add-to-cart', user, { productId: product.id })).statusCode).toBe(
      200,
    );
    const cart = await call('GET', '/api/user/cart-products', user);
    expect(cart.json().userCartProducts).toHaveLength(1);
    expectDescribedBy(cartAnswerSchema, cart.body);

    await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'COD' });
    expect((await call('PUT', '/api/user/order-success', user)).statusCode).toBe(200);
    const mine = await call('GET', '/api/user/my-orders', user);
    expect(mine.json()).toHaveLength(1);
    expectDescribedBy(orderLineListSchema, mine.body);
    const sold = await call('GET', '/api/seller/seller-orders', auth(seller.token));
    expect(sold.json()).toHaveLength(1);
    expectDescribedBy(sellerOrderLineListSchema, sold.body);

    const refused = await call('GET', '/api/user/cart-products', {});
    expect(refused.statusCode).toBe(401);
    expectDescribedBy(errorBodySchema, refused.body);
  });
});
