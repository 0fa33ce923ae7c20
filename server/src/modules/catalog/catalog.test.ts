import { LISTING_FILTERS, SUB_CATEGORY_PARENT, type SubCategory } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, insertProduct, registerSeller } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { products, sellers } from '../../db/schema.ts';

let ctx: TestContext;
let seller: Account;
let other: Account;
/** Products this file created, newest first. */
const created: Array<{ id: string; subCategory: SubCategory }> = [];
const base = Date.parse('2026-01-01T00:00:00Z');

const SUBS = Object.keys(SUB_CATEGORY_PARENT) as SubCategory[];

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await registerSeller(ctx.app, { companyName: 'Mehta Handlooms' });
  other = await registerSeller(ctx.app, { companyName: 'Kanchi Weaves' });
  // Two of every sub-category, one minute apart, alternating sellers.
  for (let i = 0; i < SUBS.length * 2; i++) {
    const subCategory = SUBS[i % SUBS.length]!;
    const row = await insertProduct(ctx.db, i % 2 ? other.id : seller.id, {
      subCategory,
      createdAt: new Date(base + i * 60_000),
      name: `Product ${i}`,
    });
    created.unshift({ id: row.id, subCategory });
  }
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('public product lists', () => {
  it('answers a bare array of products with every SPEC §3 field, newest first', async () => {
    const res = await get('/api/get-all-Products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((p: { _id: string }) => p._id)).toEqual(created.map((c) => c.id));
    expect(body[0]).toEqual({
      _id: created[0]!.id,
      productName: 'Product 13',
      price: 1299,
      markPrice: null,
      stockQuantity: 10,
      category: 'Kids',
      subCategory: 'KidsWear',
      image: '/media/test/sample-640.webp',
      public_id: expect.any(String),
      date: new Date(base + 13 * 60_000).toISOString(),
      rating: 0,
      ratingCount: 0,
      color: 'Blue',
      brand: 'Vastra Basics',
      companyName: 'Kanchi Weaves',
      sellerId: other.id,
      description: '',
      images: [{ url: '/media/test/sample-640.webp', alt: 'Product 13', public_id: expect.any(String) }],
      variants: [
        {
          _id: expect.any(String),
          size: 'Free Size',
          color: '',
          sku: expect.any(String),
          stock: 10,
          price: 1299,
          mrp: null,
          regularPrice: 1299,
        },
      ],
      sizes: ['Free Size'],
      sizeChart: null,
      // Kids wear's HSN code, the sub-category's default.
      hsn: '6111',
      regularPrice: 1299,
      sale: null,
    });
    expect(res.headers['x-total-count']).toBe(String(created.length));
  });

  it.each(Object.entries(LISTING_FILTERS))('%s lists exactly its filter', async (path, filter) => {
    const res = await get(`/api/${path}`);
    expect(res.statusCode).toBe(200);
    const expected = created.filter(
      (c) =>
        (!('category' in filter) || SUB_CATEGORY_PARENT[c.subCategory] === filter.category) &&
        (!('subCategory' in filter) || c.subCategory === filter.subCategory),
    );
    expect(res.json().map((p: { _id: string }) => p._id)).toEqual(expected.map((c) => c.id));
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    for (const p of res.json()) {
      if ('category' in filter) expect(p.category).toBe(filter.category);
      if ('subCategory' in filter) expect(p.subCategory).toBe(filter.subCategory);
    }
  });

  it('answers under the legacy base path and whatever the case', async () => {
    const res = await get('/.netlify/functions/server/api/GET-MENS-SHIRTS');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect((await get('/api/get-all-products')).json()).toHaveLength(created.length);
  });

  it('pages with page and limit, keeping the total in X-Total-Count', async () => {
    const first = await get('/api/get-all-Products?limit=5');
    const third = await get('/api/get-all-Products?limit=5&page=3');
    const past = await get('/api/get-all-Products?limit=5&page=9');
    expect(first.json().map((p: { _id: string }) => p._id)).toEqual(created.slice(0, 5).map((c) => c.id));
    expect(third.json().map((p: { _id: string }) => p._id)).toEqual(created.slice(10, 15).map((c) => c.id));
    expect(past.json()).toEqual([]);
    for (const res of [first, third, past]) expect(res.headers['x-total-count']).toBe(String(created.length));
  });

  it('orders products added at the same moment by id, so pages never overlap', async () => {
    const sameTime = new Date('2020-01-01T00:00:00Z');
    const a = await insertProduct(ctx.db, seller.id, { subCategory: 'KidsWear', createdAt: sameTime });
    const b = await insertProduct(ctx.db, seller.id, { subCategory: 'KidsWear', createdAt: sameTime });
    const res = await get('/api/get-kids-all-Products?limit=200');
    const ids = res.json().map((p: { _id: string }) => p._id);
    expect(ids.slice(-2)).toEqual([a.id, b.id].sort().reverse());
    await ctx.db.delete(products).where(eq(products.id, a.id));
    await ctx.db.delete(products).where(eq(products.id, b.id));
  });

  it.each([
    ['limit=0', /limit must be 1 or more/],
    ['limit=201', /at most 200/],
    ['limit=abc', /limit/],
    ['page=0', /page must be 1 or more/],
    ['page=1.5', /whole number/],
    ['page=-2', /page/],
  ])('refuses %s with 400', async (query, message) => {
    const res = await get(`/api/get-all-Products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(message) });
  });

  it('pages 48 at a time by default and accepts up to 200; unpaged, it answers the whole list', async () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      insertProduct(ctx.db, seller.id, {
        subCategory: 'KidsWear',
        createdAt: new Date(base - (i + 1) * 1000),
      }),
    );
    const rows = await Promise.all(many);
    const res = await get('/api/get-kids-all-Products?page=1');
    expect(res.json()).toHaveLength(48);
    expect(res.headers['x-total-count']).toBe('52');
    expect((await get('/api/get-kids-all-Products?limit=200')).json()).toHaveLength(52);
    // The original client cannot page (see legacy-lists.test.ts).
    expect((await get('/api/get-kids-all-Products')).json()).toHaveLength(52);
    for (const r of rows) await ctx.db.delete(products).where(eq(products.id, r.id));
  });

  it('leaves out removed products and products of suspended sellers', async () => {
    const removed = await insertProduct(ctx.db, seller.id, { subCategory: 'gentsPant', status: 'removed' });
    const suspended = await registerSeller(ctx.app);
    const hidden = await insertProduct(ctx.db, suspended.id, { subCategory: 'gentsPant' });
    await ctx.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, suspended.id));
    const ids = (await get('/api/get-mens-pants')).json().map((p: { _id: string }) => p._id);
    expect(ids).not.toContain(removed.id);
    expect(ids).not.toContain(hidden.id);
    expect((await get(`/api/product-page/${hidden.id}`)).statusCode).toBe(404);
    expect((await get(`/api/product-page/${removed.id}`)).statusCode).toBe(404);
  });
});

describe('one product', () => {
  it('product-page answers the product object', async () => {
    const res = await get(`/api/product-page/${created[3]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: created[3]!.id, subCategory: created[3]!.subCategory });
    expect(res.json().companyName).toMatch(/Mehta Handlooms|Kanchi Weaves/);
  });

  it('seller/get-a-product answers an array whose first element is the product', async () => {
    const res = await get(`/api/seller/get-a-product/${created[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]._id).toBe(created[0]!.id);
  });

  it.each(['/api/product-page', '/api/seller/get-a-product'])(
    '%s: unknown id 404, malformed id 400',
    async (path) => {
      const unknown = await get(`${path}/00000000-0000-4000-8000-000000000000`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, error: 'Product not found' });
      const malformed = await get(`${path}/not-an-id`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toMatch(/Product id is not a valid id/);
    },
  );
});

describe('featured products', () => {
  it('answers up to 7 in-stock products, best rated first, then newest', async () => {
    const make = (over: Parameters<typeof insertProduct>[2]) => insertProduct(ctx.db, seller.id, over);
    const top = await make({ ratingAvg: 4.9, ratingCount: 12, createdAt: new Date(base - 5000) });
    const soldOut = await make({ ratingAvg: 5, ratingCount: 40, stock: 0 });
    const removed = await make({ ratingAvg: 5, ratingCount: 40, status: 'removed' });
    const olderFour = await make({ ratingAvg: 4.5, ratingCount: 3, createdAt: new Date(base - 9000) });
    const newerFour = await make({ ratingAvg: 4.5, ratingCount: 3, createdAt: new Date(base - 1000) });
    const res = await get('/api/featured');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { _id: string }) => p._id);
    expect(ids).toHaveLength(7);
    expect(ids.slice(0, 3)).toEqual([top.id, newerFour.id, olderFour.id]);
    expect(ids).not.toContain(soldOut.id);
    expect(ids).not.toContain(removed.id);
    // The unrated rest follow newest first.
    expect(ids.slice(3)).toEqual(created.slice(0, 4).map((c) => c.id));
    expect(res.json()[0]).toMatchObject({ rating: 4.9, ratingCount: 12, stockQuantity: 10 });
  });
});
