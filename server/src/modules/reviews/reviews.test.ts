import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct, registerSeller, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertOrderRow } from '../../../test/order-rows.ts';
import { products, reviews, sellers } from '../../db/schema.ts';
import { readCatalogVersion } from '../catalog/version.ts';
import { buildHistogram } from './histogram.ts';

let ctx: TestContext;
let sellerId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  sellerId = (await registerSeller(ctx.app)).id;
});
afterAll(() => ctx?.close());

const post = (token: string | undefined, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/add-review',
    headers: token ? auth(token) : {},
    payload,
  });

const summary = (productId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews` }).then((r) => r.json());

describe('posting a review', () => {
  it('refuses visitors with 401 and sellers and admins with 403, storing nothing', async () => {
    const product = await insertProduct(ctx.db, sellerId);
    const payload = { productId: product.id, rating: 5, reviewInput: 'Great' };
    const visitor = await post(undefined, payload);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe('You Must Login First');
    const seller = await registerSeller(ctx.app);
    const admin = await createAdmin(ctx.app, ctx.db);
    for (const [token, message] of [
      [seller.token, 'You are in a seller account'],
      [admin.token, 'This needs a customer account'],
    ] as const) {
      const res = await post(token, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(message);
    }
    expect(await ctx.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(0);
  });

  it('stores the review under the account name and updates the product in the same call', async () => {
    const product = await insertProduct(ctx.db, sellerId);
    const user = await registerUser(ctx.app, { fullName: 'Kavya Nair' });
    const versionBefore = await readCatalogVersion(ctx.db);
    const text = '<b>Lovely</b> fabric & fit <script>alert(1)</script>';
    const res = await post(user.token, {
      productId: product.id,
      rating: 4,
      reviewInput: text,
      userFullName: 'Someone Else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      review: {
        _id: expect.any(String),
        customerName: 'Kavya Nair',
        rating: 4,
        review: text,
        date: expect.any(String),
        verifiedPurchase: false,
      },
      rating: 4,
      ratingCount: 1,
    });
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(row).toMatchObject({ userId: user.id, customerName: 'Kavya Nair', rating: 4, text });
    const [p] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(p).toMatchObject({ ratingAvg: 4, ratingCount: 1 });
    expect(await readCatalogVersion(ctx.db)).toBeGreaterThan(versionBefore);
  });

  it('edits the earlier review when the same user posts again', async () => {
    const product = await insertProduct(ctx.db, sellerId);
    const user = await registerUser(ctx.app);
    const first = await post(user.token, { productId: product.id, rating: 2, reviewInput: 'Meh' });
    const second = await post(user.token, { productId: product.id, rating: 5, reviewInput: 'Grew on me' });
    expect(second.json()).toMatchObject({ rating: 5, ratingCount: 1 });
    expect(second.json().review._id).toBe(first.json().review._id);
    const rows = await ctx.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, text: 'Grew on me' });
  });

  it.each([
    ['rating', 0, /from 1 to 5/],
    ['rating', 6, /from 1 to 5/],
    ['rating', 3.5, /whole number/],
    ['rating', undefined, /rating/i],
    // Wrong types must not coerce into a star value (`true` → 1, `[3]` → 3).
    ['rating', true, /must be a number/],
    ['rating', [3], /must be a number/],
    ['rating', '', /must be a number/],
    ['reviewInput', '   ', /required/],
    ['reviewInput', 'x'.repeat(2001), /at most 2000/],
    ['productId', 'not-an-id', /not a valid id/],
  ])('rejects %s = %j with 400 and stores nothing', async (field, value, message) => {
    const product = await insertProduct(ctx.db, sellerId);
    const user = await registerUser(ctx.app);
    const payload: Record<string, unknown> = { productId: product.id, rating: 3, reviewInput: 'Fine' };
    payload[field] = value;
    const res = await post(user.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: expect.stringMatching(message), path: field });
    expect(await ctx.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(0);
  });

  it('accepts 2,000 characters and a rating sent as a string', async () => {
    const product = await insertProduct(ctx.db, sellerId);
    const user = await registerUser(ctx.app);
    const res = await post(user.token, { productId: product.id, rating: '5', reviewInput: 'y'.repeat(2000) });
    expect(res.statusCode).toBe(200);
    expect(res.json().review.review).toHaveLength(2000);
  });

  it('answers 404 for an unknown, removed or suspended-seller product', async () => {
    const user = await registerUser(ctx.app);
    const unknown = await post(user.token, {
      productId: '00000000-0000-4000-8000-000000000000',
      rating: 3,
      reviewInput: 'Hm',
    });
    expect(unknown.statusCode).toBe(404);
    const removed = await insertProduct(ctx.db, sellerId, { status: 'removed' });
    expect((await post(user.token, { productId: removed.id, rating: 3, reviewInput: 'Hm' })).statusCode).toBe(
      404,
    );
    const other = await registerSeller(ctx.app);
    const hidden = await insertProduct(ctx.db, other.id);
    await ctx.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, other.id));
    expect((await post(user.token, { productId: hidden.id, rating: 3, reviewInput: 'Hm' })).statusCode).toBe(
      404,
    );
  });
});

describe('rating arithmetic', () => {
  it('averages to 2 decimals and gives a histogram whose whole percentages add up to 100', async () => {
    const product = await insertProduct(ctx.db, sellerId);
    for (const rating of [5, 4, 4]) {
      const user = await registerUser(ctx.app);
      await post(user.token, { productId: product.id, rating, reviewInput: `Rated ${rating}` });
    }
    const body = await summary(product.id);
    expect(body.average).toBe(4.33);
    expect(body.count).toBe(3);
    expect(body.histogram).toEqual([
      { stars: 5, count: 1, percent: 33 },
      { stars: 4, count: 2, percent: 67 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
    const [p] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.ratingCount).toBe(3);
    expect(p!.ratingAvg).toBeCloseTo(13 / 3, 10);
  });

  it('rounds thirds so the bars still sum to 100 (the extra point goes to the most stars)', () => {
    const bars = buildHistogram(
      new Map([
        [5, 1],
        [3, 1],
        [1, 1],
      ]),
    );
    expect(bars.map((b) => b.percent)).toEqual([34, 0, 33, 0, 33]);
  });

  it('sums to 100 for many awkward mixes, and is all zero without reviews', () => {
    for (let seed = 1; seed < 300; seed++) {
      const counts = new Map([1, 2, 3, 4, 5].map((s) => [s, (seed * s * 7919) % 13]));
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const bars = buildHistogram(counts);
      const sum = bars.reduce((a, b) => a + b.percent, 0);
      expect(sum).toBe(total === 0 ? 0 : 100);
      for (const b of bars) expect(Math.abs(b.percent - (b.count * 100) / (total || 1))).toBeLessThan(1);
    }
    expect(buildHistogram(new Map()).every((b) => b.percent === 0 && b.count === 0)).toBe(true);
  });

  it('counts every review when several users post at once', async () => {
    const product = await insertProduct(ctx.db, sellerId);
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerUser(ctx.app)));
    const answers = await Promise.all(
      users.map((u, i) => post(u.token, { productId: product.id, rating: (i % 5) + 1, reviewInput: 'Hi' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [p] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.ratingCount).toBe(6);
    expect(p!.ratingAvg).toBeCloseTo(16 / 6, 10);
  });
});

describe('reading reviews', () => {
  it('lists reviews with the verified-purchase flag: newest first, and in posting order for the old client', async () => {
    const product = await insertProduct(ctx.db, sellerId);
    const buyer = await registerUser(ctx.app, { fullName: 'Buyer Bhat' });
    const canceller = await registerUser(ctx.app, { fullName: 'Cancel Chopra' });
    const unpaid = await registerUser(ctx.app, { fullName: 'Unpaid Udupa' });
    await insertOrderRow(ctx.db, buyer.id, product, { itemStatus: 'delivered' });
    await insertOrderRow(ctx.db, canceller.id, product, { itemStatus: 'cancelled' });
    await insertOrderRow(ctx.db, unpaid.id, product, {
      itemStatus: 'awaiting_payment',
      order: { paymentMethod: 'stripe', paymentStatus: 'awaiting_payment' },
    });
    for (const u of [buyer, canceller, unpaid]) {
      const res = await post(u.token, {
        productId: product.id,
        rating: 3,
        reviewInput: `From ${u.fullName}`,
      });
      expect(res.json().review.verifiedPurchase).toBe(u === buyer);
    }
    const legacy = await ctx.app.inject({
      method: 'GET',
      url: `/.netlify/functions/server/api/user/show-reviews/${product.id}`,
    });
    expect(legacy.statusCode).toBe(200);
    // SPEC §7 `reviews[]`: the old client reads `json.reviews.reverse()`, so the list comes in
    // posting order and its screen shows the newest first.
    expect(legacy.json().success).toBe(true);
    const list = legacy.json().reviews;
    expect(list.map((r: { customerName: string }) => r.customerName)).toEqual([
      'Buyer Bhat',
      'Cancel Chopra',
      'Unpaid Udupa',
    ]);
    expect(list.map((r: { verifiedPurchase: boolean }) => r.verifiedPurchase)).toEqual([true, false, false]);
    expect(Object.keys(list[0]).sort()).toEqual(
      ['_id', 'customerName', 'date', 'rating', 'review', 'verifiedPurchase'].sort(),
    );
    const paged = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/reviews?limit=2&page=2`,
    });
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.json()).toMatchObject({ count: 3, page: 2, limit: 2, average: 3 });
    expect(paged.json().reviews.map((r: { customerName: string }) => r.customerName)).toEqual(['Buyer Bhat']);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/api/user/show-reviews/${unknown}`, `/api/products/${unknown}/reviews`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    for (const url of ['/api/user/show-reviews/123', '/api/products/abc/reviews']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/not a valid id/);
    }
  });

  it('gives an empty list and zero figures for a product without reviews', async () => {
    const product = await insertProduct(ctx.db, sellerId);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/user/show-reviews/${product.id}` })).json(),
    ).toEqual({ success: true, reviews: [] });
    const body = await summary(product.id);
    expect(body).toMatchObject({ reviews: [], average: 0, count: 0 });
    expect(body.histogram.map((b: { percent: number }) => b.percent)).toEqual([0, 0, 0, 0, 0]);
  });
});
