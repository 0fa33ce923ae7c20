import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  auth,
  createAdmin,
  insertProduct,
  registerSeller,
  registerUser,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertOrderRow } from '../../../test/order-rows.ts';
import { buildApp } from '../../app.ts';
import { cartItems, contactMessages, products, sellers } from '../../db/schema.ts';

let ctx: TestContext;
let admin: Account;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app, ctx.db);
});
afterAll(() => ctx?.close());

const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
  ctx.app.inject({ method, url, headers: { 'auth-Token': admin.token } });

const noHashIn = (body: string) => {
  expect(body).not.toMatch(/argon2/);
  // `hasPassword` (a boolean: whether there is one, issue 39) is the only mention allowed.
  expect(body.toLowerCase().replace(/"haspassword":(true|false)/g, '')).not.toContain('password');
};

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('admin refusals', () => {
  const endpoints: Array<['GET' | 'POST' | 'DELETE', string]> = [
    ['GET', '/api/admin/getAllSellers'],
    ['GET', '/api/admin/getAllUsers'],
    ['GET', '/api/admin/sellers'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/products'],
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/messages'],
    ['GET', '/api/admin/stats'],
    ['POST', `/api/admin/sellers/${UNKNOWN}/suspend`],
    ['POST', `/api/admin/sellers/${UNKNOWN}/reinstate`],
    ['DELETE', `/api/admin/products/${UNKNOWN}`],
  ];

  it.each(endpoints)('%s %s: 401 for visitors, 403 for users and sellers', async (method, url) => {
    const user = await registerUser(ctx.app);
    const seller = await registerSeller(ctx.app);
    const visitor = await ctx.app.inject({ method, url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe('You Must Login First');
    for (const token of [user.token, seller.token]) {
      const res = await ctx.app.inject({ method, url, headers: auth(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    const forged = await ctx.app.inject({ method, url, headers: auth('not-a-token') });
    expect(forged.statusCode).toBe(401);
  });

  it('leaves a suspended seller untouched when a seller tries to suspend', async () => {
    const victim = await registerSeller(ctx.app);
    const seller = await registerSeller(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sellers/${victim.id}/suspend`,
      headers: auth(seller.token),
    });
    const [row] = await ctx.db.select().from(sellers).where(eq(sellers.id, victim.id));
    expect(row!.status).toBe('active');
  });
});

describe('people', () => {
  it('answers every seller and user as bare arrays without password hashes (legacy counts)', async () => {
    const seller = await registerSeller(ctx.app, { companyName: 'Bare Array Co' });
    const user = await registerUser(ctx.app, { fullName: 'Counted Person' });
    const sellersRes = await asAdmin('GET', '/.netlify/functions/server/api/admin/getAllSellers');
    expect(sellersRes.statusCode).toBe(200);
    expect(Array.isArray(sellersRes.json())).toBe(true);
    expect(sellersRes.json()).toContainEqual(
      expect.objectContaining({ _id: seller.id, companyName: 'Bare Array Co', status: 'active' }),
    );
    noHashIn(sellersRes.body);
    const usersRes = await asAdmin('GET', '/api/admin/getallusers');
    expect(usersRes.json()).toContainEqual(
      expect.objectContaining({ _id: user.id, fullName: 'Counted Person' }),
    );
    noHashIn(usersRes.body);
  });

  it('gives an admin the whole catalogue on the unpaged product list, as the old dashboard counts it', async () => {
    const seller = await registerSeller(ctx.app);
    const made = [];
    for (let i = 0; i < 50; i++) made.push((await insertProduct(ctx.db, seller.id)).id);
    // Everyone else's unpaged list stops at LEGACY_LIST_LIMIT (a smaller one here than the catalogue).
    const cap = 20;
    const capped = await buildApp({
      config: { ...ctx.config, legacyListLimit: cap },
      database: ctx.database,
    });
    const visitor = await capped.inject({ method: 'GET', url: '/api/get-all-Products' });
    const total = Number(visitor.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(50);
    expect(visitor.json()).toHaveLength(cap);
    const customer = await registerUser(ctx.app);
    const asCustomer = await capped.inject({
      method: 'GET',
      url: '/api/get-all-products',
      headers: auth(customer.token),
    });
    expect(asCustomer.json()).toHaveLength(cap);
    const adminsCount = await capped.inject({
      method: 'GET',
      url: '/api/get-all-products',
      headers: { 'auth-Token': admin.token },
    });
    expect(adminsCount.json()).toHaveLength(total);
    await capped.close();

    const all = await asAdmin('GET', '/.netlify/functions/server/api/get-all-products');
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    const ids = all.json().map((p: { _id: string }) => p._id);
    expect(ids).toHaveLength(total);
    expect(ids).toEqual(expect.arrayContaining(made));
    // An explicit page is still a page, for admins too.
    expect((await asAdmin('GET', '/api/get-all-products?limit=5')).json()).toHaveLength(5);
  });

  it('searches and pages sellers, with their product counts', async () => {
    const tag = `zq${Date.now()}`;
    const made: Account[] = [];
    for (let i = 0; i < 3; i++)
      made.push(await registerSeller(ctx.app, { companyName: `${tag} Looms ${i}` }));
    await insertProduct(ctx.db, made[2]!.id);
    await insertProduct(ctx.db, made[2]!.id);
    await insertProduct(ctx.db, made[2]!.id, { status: 'removed' });
    const first = await asAdmin('GET', `/api/admin/sellers?q=${tag.toUpperCase()}&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json()).toMatchObject({ total: 3, page: 1, limit: 2 });
    // Newest first: the third registered seller leads, with its two products in the shop.
    expect(first.json().items[0]).toMatchObject({ _id: made[2]!.id, productCount: 2 });
    const second = await asAdmin('GET', `/api/admin/sellers?q=${tag}&limit=2&page=2`);
    expect(second.json().items.map((s: { _id: string }) => s._id)).toEqual([made[0]!.id]);
    noHashIn(first.body + second.body);
    // LIKE wildcards typed by the admin are taken literally.
    expect((await asAdmin('GET', '/api/admin/sellers?q=%25')).json().total).toBe(0);
  });

  it('searches users and counts their placed orders', async () => {
    const user = await registerUser(ctx.app, { fullName: 'Findable Farhan' });
    const seller = await registerSeller(ctx.app);
    const product = await insertProduct(ctx.db, seller.id);
    await insertOrderRow(ctx.db, user.id, product);
    await insertOrderRow(ctx.db, user.id, product, {
      itemStatus: 'awaiting_payment',
      order: { paymentMethod: 'stripe', paymentStatus: 'awaiting_payment' },
    });
    const res = await asAdmin('GET', '/api/admin/users?q=findable%20farhan');
    expect(res.json().items).toEqual([expect.objectContaining({ _id: user.id, orderCount: 1 })]);
    noHashIn(res.body);
  });

  it('rejects bad list parameters with 400', async () => {
    for (const query of ['limit=0', 'limit=500', 'page=-1', `q=${'x'.repeat(101)}`]) {
      expect((await asAdmin('GET', `/api/admin/users?${query}`)).statusCode).toBe(400);
    }
  });
});

describe('seller suspension', () => {
  it('blocks login and tokens, hides products from the shop, keeps orders visible, and is undone by reinstating', async () => {
    const seller = await registerSeller(ctx.app, { companyName: 'Suspended Silks' });
    const product = await insertProduct(ctx.db, seller.id, { name: 'Banarasi Silk Saree Zqx' });
    const buyer = await registerUser(ctx.app);
    await insertOrderRow(ctx.db, buyer.id, product);
    const searchTotal = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/products?q=zqx' })).json().total as number;
    expect(await searchTotal()).toBe(1);

    const res = await asAdmin('POST', `/api/admin/sellers/${seller.id}/suspend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, seller: expect.objectContaining({ status: 'suspended' }) });
    noHashIn(res.body);
    const [row] = await ctx.db.select().from(sellers).where(eq(sellers.id, seller.id));
    expect(row!.status).toBe('suspended');

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/seller/login',
      payload: { email: seller.email, password: seller.password },
    });
    expect(login.statusCode).toBe(403);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/seller/get-seller-profile',
      headers: auth(seller.token),
    });
    expect(profile.statusCode).toBe(403);
    expect(await searchTotal()).toBe(0);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/product-page/${product.id}` });
    expect(page.statusCode).toBe(404);
    const adminProducts = await asAdmin('GET', '/api/admin/products?q=zqx');
    expect(adminProducts.json().items).toEqual([
      expect.objectContaining({ _id: product.id, status: 'active', sellerStatus: 'suspended' }),
    ]);
    const adminOrders = await asAdmin('GET', '/api/admin/orders?q=');
    expect(
      adminOrders
        .json()
        .items.some((o: { items: Array<{ productId: string }> }) =>
          o.items.some((i) => i.productId === product.id),
        ),
    ).toBe(true);

    const back = await asAdmin('POST', `/api/admin/sellers/${seller.id}/reinstate`);
    expect(back.json().seller.status).toBe('active');
    expect(await searchTotal()).toBe(1);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/seller/login',
      payload: { email: seller.email, password: seller.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers 404 for an unknown seller and 400 for a malformed id', async () => {
    expect((await asAdmin('POST', `/api/admin/sellers/${UNKNOWN}/suspend`)).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/sellers/xyz/suspend')).statusCode).toBe(400);
  });
});

describe('product removal', () => {
  it('removes the product from the shop and from every cart, keeping it in the admin list', async () => {
    const seller = await registerSeller(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { name: 'Rulebreaker Tee Qzv' });
    const user = await registerUser(ctx.app);
    await ctx.db
      .insert(cartItems)
      .values({ userId: user.id, productId: product.id, variantId: product.variantId, quantity: 2 });
    const res = await asAdmin('DELETE', `/api/admin/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, productId: product.id, status: 'removed' });
    const [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.status).toBe('removed');
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.productId, product.id))).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products?q=qzv' })).json().total).toBe(0);
    const listed = await asAdmin('GET', '/api/admin/products?q=qzv');
    expect(listed.json().items).toEqual([expect.objectContaining({ _id: product.id, status: 'removed' })]);
    expect((await asAdmin('DELETE', `/api/admin/products/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/api/admin/products/nope')).statusCode).toBe(400);
  });
});

describe('orders, messages and figures', () => {
  it('lists orders with customer, total, payment state and items, searchable by customer', async () => {
    const seller = await registerSeller(ctx.app, { companyName: 'Order List Looms' });
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000 });
    const user = await registerUser(ctx.app);
    const { order } = await insertOrderRow(ctx.db, user.id, product, {
      quantity: 2,
      order: { customerName: 'Orderly Oommen', customerEmail: 'oommen@example.in' },
    });
    const res = await asAdmin('GET', '/api/admin/orders?q=oommen');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json().items).toEqual([
      {
        _id: order.id,
        date: expect.any(String),
        customerName: 'Orderly Oommen',
        customerEmail: 'oommen@example.in',
        paymentMethod: 'cod',
        paymentStatus: 'cod_due',
        total: 1180,
        totalPaise: 118_000,
        city: 'Pune',
        state: 'Maharashtra',
        items: [
          {
            _id: expect.any(String),
            productId: product.id,
            productName: product.name,
            sellerId: seller.id,
            companyName: 'Order List Looms',
            quantity: 2,
            amount: 1000,
            status: 'pending',
          },
        ],
      },
    ]);
    expect((await asAdmin('GET', `/api/admin/orders?q=${order.id}`)).json().total).toBe(1);
  });

  it('lists contact messages newest first, searchable', async () => {
    await ctx.db.insert(contactMessages).values([
      {
        name: 'Old Note',
        email: 'a@example.in',
        subject: 'Sizing zmsg',
        message: 'first',
        createdAt: new Date(1),
      },
      { name: 'New Note', email: 'b@example.in', subject: 'Refund zmsg', message: 'second' },
    ]);
    const res = await asAdmin('GET', '/api/admin/messages?q=ZMSG');
    expect(res.json().total).toBe(2);
    expect(res.json().items.map((m: { name: string }) => m.name)).toEqual(['New Note', 'Old Note']);
  });

  it('counts sellers, users, active products, placed orders and 30-day revenue', async () => {
    const before = (await asAdmin('GET', '/api/admin/stats')).json();
    const seller = await registerSeller(ctx.app);
    await registerUser(ctx.app);
    const user = await registerUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000 });
    await insertProduct(ctx.db, seller.id, { status: 'removed' });
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    // Counted: a paid card order and a COD order delivered with its cash collected (1,000 + 2 × 1,000
    // rupees, GST excluded).
    await insertOrderRow(ctx.db, user.id, product, {
      order: { paymentMethod: 'stripe', paymentStatus: 'paid' },
    });
    await insertOrderRow(ctx.db, user.id, product, {
      quantity: 2,
      itemStatus: 'delivered',
      order: { paymentStatus: 'cod_collected' },
      item: { deliveredAt: new Date(), codCollectedAt: new Date() },
    });
    // Not revenue: COD still due, cancelled item, unpaid checkout, refunded order, older than 30 days.
    await insertOrderRow(ctx.db, user.id, product, { itemStatus: 'shipped' });
    await insertOrderRow(ctx.db, user.id, product, { itemStatus: 'cancelled' });
    await insertOrderRow(ctx.db, user.id, product, {
      itemStatus: 'awaiting_payment',
      order: { paymentMethod: 'stripe', paymentStatus: 'awaiting_payment' },
    });
    await insertOrderRow(ctx.db, user.id, product, {
      itemStatus: 'cancelled',
      order: { paymentMethod: 'stripe', paymentStatus: 'refunded' },
    });
    await insertOrderRow(ctx.db, user.id, product, { order: { createdAt: old } });
    const res = await asAdmin('GET', '/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.sellers - before.sellers).toBe(1);
    expect(after.users - before.users).toBe(2);
    expect(after.products - before.products).toBe(1);
    // Placed: paid, COD ×4 (collected, due, one cancelled item, one old) and refunded; the unpaid
    // checkout is not.
    expect(after.orders - before.orders).toBe(6);
    expect(after.revenue30dPaise - before.revenue30dPaise).toBe(300_000);
    expect(after.revenue30d).toBe(after.revenue30dPaise / 100);
    expect(Object.keys(after).sort()).toEqual(
      [
        'orders',
        'period',
        'products',
        'revenue30d',
        'revenue30dPaise',
        'sellers',
        'suspendedSellers',
        'users',
      ].sort(),
    );
  });
});
