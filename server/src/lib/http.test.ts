import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { cartItems, orders, users } from '../db/schema.ts';

/**
 * How the old client really calls the API (SPEC §7): every fetch carries
 * `Content-Type: application/json`, also the PUTs and DELETEs that send no body, under the
 * `/.netlify/functions/server` base. Bad requests of any kind get the one error shape (DESIGN §4).
 */
let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const LEGACY = '/.netlify/functions/server';
const oldClient = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: FastAccount,
  body?: string,
) =>
  ctx.app.inject({
    method,
    url: `${LEGACY}${url}`,
    headers: { 'content-type': 'application/json', ...who?.headers },
    ...(body === undefined ? {} : { payload: body }),
  });

const expectErrorShape = (body: unknown, message: string | RegExp) =>
  expect(body).toEqual({
    success: false,
    error: expect.stringMatching(message),
    errors: [expect.objectContaining({ msg: expect.stringMatching(message) })],
  });

describe('bodiless calls with Content-Type: application/json', () => {
  it('places a COD order through PUT order-success', async () => {
    const user = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { stock: 3 });
    await oldClient('POST', '/api/user/add-to-cart', user, JSON.stringify({ productId: product.id }));
    await oldClient('PUT', '/api/user/set-payment-method', user, JSON.stringify({ selectedMethod: 'COD' }));

    const res = await oldClient('PUT', '/api/user/order-success', user);

    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
  });

  it('answers the Buy Now calls order-successfull and order-buy-success instead of refusing the empty body', async () => {
    const user = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { stock: 3 });
    const productJson = (await oldClient('GET', `/api/seller/get-a-product/${product.id}`)).json()[0];
    const session = await oldClient(
      'POST',
      '/api/user/checkout-session-buyNow',
      user,
      JSON.stringify({ product: productJson, quantity: 1 }),
    );
    expect(session.statusCode).toBe(200);

    const marked = await oldClient('PUT', `/api/user/order-successfull/${product.id}`, user);
    expect(marked.statusCode).toBe(200);
    const itemId = marked.json().cartProductObjectId;
    expect(itemId).toEqual(expect.any(String));

    // Not paid yet: a clear 409 from the route itself, not "The request body is empty".
    const unpaid = await oldClient('PUT', `/api/user/order-buy-success/${itemId}`, user);
    expect(unpaid.statusCode).toBe(409);
    expectErrorShape(unpaid.json(), /Payment has not been received/);
  });

  it('deletes the account through DELETE delete-account', async () => {
    const user = await quickUser(ctx.app);
    const res = await oldClient('DELETE', '/api/user/delete-account', user);
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });

  it('names the missing field when a call that needs a body gets none', async () => {
    const user = await quickUser(ctx.app);
    const res = await oldClient('DELETE', '/api/user/add-to-cart', user);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'cartProductId is required', path: 'cartProductId' }]);
  });
});

describe('malformed requests', () => {
  it('refuses a JSON body that is not an object with one clear message, changing nothing', async () => {
    const user = await quickUser(ctx.app);
    for (const body of ['[]', '"text"', 'null', '42']) {
      const res = await oldClient('POST', '/api/user/add-to-cart', user, body);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json(), /^The request body must be a JSON object$/);
    }
    const broken = await oldClient('POST', '/api/user/add-to-cart', user, '{"productId":');
    expect(broken.statusCode).toBe(400);
    expectErrorShape(broken.json(), /^The request body is not valid JSON$/);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
  });

  it('tells a field of the wrong type apart from a missing one', async () => {
    const user = await quickUser(ctx.app);
    const wrongType = await oldClient(
      'POST',
      '/api/user/add-to-cart',
      user,
      JSON.stringify({ productId: 123 }),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual([{ msg: 'productId must be text', path: 'productId' }]);

    const login = await oldClient(
      'POST',
      '/api/auth/user/login',
      undefined,
      JSON.stringify({ email: ['a'] }),
    );
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual([
      { msg: 'email must be text', path: 'email' },
      { msg: 'Password is required', path: 'password' },
    ]);
  });

  it('names every field of a wrong-typed address, never calling a present value missing', async () => {
    const user = await quickUser(ctx.app);
    const res = await oldClient(
      'PUT',
      '/api/user/save-shipping-address',
      user,
      JSON.stringify({ address: { a: 1 }, city: 1, state: true, postalCode: null }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { msg: 'address must be text', path: 'address' },
      { msg: 'city must be text', path: 'city' },
      { msg: 'state must be text', path: 'state' },
      { msg: 'PIN code is not valid', path: 'postalCode' },
    ]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.address).toBe('22 MG Road');
  });

  it('answers a malformed %-escape or an over-long id in the path with the usual error shape', async () => {
    const badEscape = await ctx.app.inject({ method: 'GET', url: `${LEGACY}/api/product-page/%zz` });
    expect(badEscape.statusCode).toBe(400);
    expectErrorShape(badEscape.json(), /not a valid URL/);

    const longId = await ctx.app.inject({ method: 'GET', url: `/api/product-page/${'a'.repeat(500)}` });
    expect(longId.statusCode).toBe(414);
    expectErrorShape(longId.json(), /too long/);
  });

  it('words paging errors of the order lists like every other list', async () => {
    const user = await quickUser(ctx.app);
    const res = await oldClient('GET', '/api/user/my-orders?limit=0', user);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'limit must be 1 or more', path: 'limit' }]);
  });
});

/** Sends raw bytes to a listening app and returns everything it answers before closing. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests Node refuses before routing', () => {
  it('answers over-long headers and broken HTTP with the usual JSON error shape', async () => {
    const app = await ctx.spawnApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const huge = await rawRequest(
      port,
      `GET /api/get-all-Products HTTP/1.1\r\nHost: x\r\nauth-token: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge).toMatch(/^HTTP\/1.1 431 /);
    expectErrorShape(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4)), /headers are too large/);

    const broken = await rawRequest(port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1.1 400 /);
    expectErrorShape(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4)), /malformed/);
  });
});

describe('cross-origin old clients', () => {
  it('may preflight PUT and DELETE with the auth-token header', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const res = await ctx.app.inject({
        method: 'OPTIONS',
        url: `${LEGACY}/api/user/add-to-cart`,
        headers: {
          origin: 'https://old-shop.example.in',
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type,auth-token',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://old-shop.example.in');
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method);
      expect(String(res.headers['access-control-allow-headers'])).toMatch(/auth-token/);
    }
  });
});

describe('tokens', () => {
  it('refuses an expired token or one signed with another key with 401', async () => {
    const user = await quickUser(ctx.app);
    const sign = (secret: string, exp: number) =>
      new SignJWT({ role: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(exp - 60)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    // The same signing code with a future expiry is accepted, so the refusals below are about expiry and key.
    const fresh = await sign(ctx.config.jwtSecret, now + 600);
    expect(
      (await oldClient('GET', '/api/user/cart-products', { ...user, headers: { 'auth-token': fresh } }))
        .statusCode,
    ).toBe(200);

    for (const token of [
      await sign(ctx.config.jwtSecret, now - 60),
      await sign('another-secret-key', now + 600),
    ]) {
      const res = await oldClient('GET', '/api/user/cart-products', {
        ...user,
        headers: { 'auth-token': token },
      });
      expect(res.statusCode).toBe(401);
      expectErrorShape(res.json(), /invalid or has expired/);
    }
  });

  it('tells an admin on a customer call that it needs a customer account, not a seller one', async () => {
    const admin = await createAdmin(ctx.app, ctx.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/cart-products',
      headers: { 'auth-Token': admin.token },
    });
    expect(res.statusCode).toBe(403);
    expectErrorShape(res.json(), /^This needs a customer account$/);
  });
});
