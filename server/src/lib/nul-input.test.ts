import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, insertProduct, userFields } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { contactMessages, products, reviews, users } from '../db/schema.ts';
import { pngImage, uploadImage } from '../modules/media/upload-testkit.ts';

/**
 * PostgreSQL cannot store U+0000 in text: a request carrying it must be refused by the shared
 * schemas with a 400 naming the field, before any query runs (DESIGN §4). Each case sends the
 * request with a NUL, checks the refusal and that nothing changed, then sends the same request
 * without the NUL and sees it succeed, so the refusal is about that one character.
 */
const NUL = '\u0000';

let ctx: TestContext;
let user: FastAccount;
let seller: FastAccount;
let productId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await quickUser(ctx.app);
  seller = await quickSeller(ctx.app);
  productId = (await insertProduct(ctx.db, seller.id)).id;
});
afterAll(() => ctx?.close());

async function expectRefused(request: InjectOptions, field: string) {
  const res = await ctx.app.inject(request);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body).toEqual({ success: false, error: expect.any(String), errors: expect.any(Array) });
  expect(body.errors).toContainEqual({ msg: expect.stringMatching(/not allowed/), path: field });
  expect(body.error).toBe(body.errors[0].msg);
}

async function expectAccepted(request: InjectOptions) {
  const res = await ctx.app.inject(request);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

describe('a NUL character in a request', () => {
  it('is refused in the login and registration forms', async () => {
    const login = { method: 'POST', url: '/api/auth/user/login' } as const;
    await expectRefused(
      { ...login, payload: { email: `a${NUL}@example.in`, password: 'whatever-1' } },
      'email',
    );

    const fields = userFields();
    const register = { method: 'POST', url: '/api/auth/user/register' } as const;
    await expectRefused({ ...register, payload: { ...fields, fullName: `Asha${NUL} Verma` } }, 'fullName');
    await expectRefused({ ...register, payload: { ...fields, address: `14 Road${NUL}` } }, 'address');
    expect(await ctx.db.select().from(users).where(eq(users.email, fields.email))).toHaveLength(0);
    await expectAccepted({ ...register, payload: fields });
    await expectAccepted({ ...login, payload: { email: fields.email, password: fields.password } });
  });

  it('is refused in a new product, which is then not created', async () => {
    const upload = await uploadImage(ctx.app, seller.token, await pngImage(800, 800));
    expect(upload.statusCode, upload.body).toBe(200);
    const name = `Linen Kurta ${Date.now()}`;
    const fields = {
      productName: name,
      price: 899,
      stockQuantity: 4,
      category: 'Mens',
      subCategory: 'gentsShirt',
      imageUrl: upload.json().secure_url,
      public_id: upload.json().public_id,
      color: 'Indigo',
    };
    const add = { method: 'POST', url: '/api/seller/add-product', headers: seller.headers } as const;
    await expectRefused({ ...add, payload: { ...fields, productName: `${name}${NUL}` } }, 'productName');
    await expectRefused({ ...add, payload: { ...fields, color: `Ind${NUL}igo` } }, 'color');
    const mine = () => ctx.db.select().from(products).where(eq(products.sellerId, seller.id));
    expect(await mine()).toHaveLength(1);
    await expectAccepted({ ...add, payload: fields });
    expect((await mine()).map((p) => p.name)).toContain(name);
  });

  it('is refused in the search text and filters, and in the admin lists', async () => {
    await expectRefused({ method: 'GET', url: '/api/products?q=kurta%00' }, 'q');
    await expectRefused({ method: 'GET', url: '/api/products?color=Blue&color=Re%00d' }, 'color.1');
    await expectAccepted({ method: 'GET', url: '/api/products?q=kurta&color=Blue&color=Red' });

    const admin = await createAdmin(ctx.app, ctx.db);
    const headers = { 'auth-token': admin.token };
    await expectRefused({ method: 'GET', url: '/api/admin/users?q=%00', headers }, 'q');
    await expectAccepted({ method: 'GET', url: '/api/admin/users?q=asha', headers });
  });

  it('is refused in a path parameter', async () => {
    const confirm = (id: string) => ({
      method: 'POST' as const,
      url: `/api/payments/session/${id}/confirm`,
      headers: user.headers,
    });
    await expectRefused(confirm('cs_test_%00'), 'sessionId');
    // Without the NUL the id is well-formed but unknown: a miss, not a malformed request.
    expect((await ctx.app.inject(confirm('cs_test_'))).statusCode).toBe(404);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/product-page/%00' });
    expect(page.statusCode).toBe(400);
  });

  it('is refused in a review, which is then not stored', async () => {
    const add = { method: 'POST', url: '/api/user/add-review', headers: user.headers } as const;
    const review = { productId, rating: 4, reviewInput: 'Soft cotton, true to size' };
    await expectRefused({ ...add, payload: { ...review, reviewInput: `Soft${NUL} cotton` } }, 'reviewInput');
    await expectRefused({ ...add, payload: { ...review, rating: `4${NUL}` } }, 'rating');
    expect(await ctx.db.select().from(reviews).where(eq(reviews.productId, productId))).toHaveLength(0);
    await expectAccepted({ ...add, payload: review });
    expect(await ctx.db.select().from(reviews).where(eq(reviews.productId, productId))).toHaveLength(1);
  });

  it('is refused in the contact form, which then stores nothing', async () => {
    const subject = `Exchange ${Date.now()}`;
    const message = {
      name: 'Nisha Rao',
      email: 'nisha@example.in',
      subject,
      message: 'A larger size, please.',
    };
    const send = { method: 'POST', url: '/api/contact', remoteAddress: '10.9.0.1' } as const;
    await expectRefused({ ...send, payload: { ...message, subject: `${subject}${NUL}` } }, 'subject');
    await expectRefused({ ...send, payload: { ...message, message: `A larger${NUL} size` } }, 'message');
    const stored = () => ctx.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
    expect(await stored()).toHaveLength(0);
    await expectAccepted({ ...send, payload: message });
    expect(await stored()).toHaveLength(1);
  });

  it('is refused in a shipping address, which is then left as it was', async () => {
    const save = { method: 'PUT', url: '/api/user/save-shipping-address', headers: user.headers } as const;
    const address = {
      address: '9 Brigade Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560025',
    };
    const checkout = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/user/cart-products', headers: user.headers })).json()
        .checkout;
    const before = await checkout();
    await expectRefused({ ...save, payload: { ...address, city: `Benga${NUL}luru` } }, 'city');
    expect(await checkout()).toEqual(before);
    await expectAccepted({ ...save, payload: address });
    expect(await checkout()).toMatchObject({ address: '9 Brigade Road', city: 'Bengaluru' });
  });

  it('never gives a 500 outside the API, nor in a header', async () => {
    for (const url of ['/%00', '/shop%00.js', '/media/a%00b.webp', '/pay/test_cs_%00', '/api/%00']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // The test payment page's forms, which have no route schema: refused by the shared hook.
    for (const url of ['/pay/test_cs_%00/pay', '/pay/test_cs_%00/cancel']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload: { method: 'upi', vpa: 'success@upi' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual([{ msg: expect.stringMatching(/not allowed/), path: 'sessionId' }]);
    }
    const headers = { 'auth-token': `${user.token}${NUL}`, 'if-none-match': `"v1${NUL}"` };
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/user/cart-products', headers });
    expect(cart.statusCode).toBe(401);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/get-all-Products', headers });
    expect(list.statusCode).toBe(200);
  });
});
