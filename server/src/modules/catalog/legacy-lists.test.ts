import { PAGE_DEFAULT_LIMIT } from '@vastra/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { type FastAccount, quickSeller } from '../../../test/shop-fixtures.ts';
import { type App, buildApp } from '../../app.ts';
import { products } from '../../db/schema.ts';
import { bumpCatalogVersion } from './version.ts';

/**
 * The original client cannot page (SPEC §7): its list calls, made without page or limit, get every
 * active product of the list, newest first, up to LEGACY_LIST_LIMIT. More than one page (48) of
 * products is the case that matters.
 */
let ctx: TestContext;
let seller: FastAccount;
/** The shirts, newest first (more than a page of them), and a few dresses. */
let shirts: string[];
let dresses: string[];

const SHIRTS = PAGE_DEFAULT_LIMIT + 12;
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute));

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
  // One statement for the lot, dresses and shirts interleaved in time.
  const rows = await ctx.db
    .insert(products)
    .values(
      Array.from({ length: SHIRTS + 5 }, (_, i) => {
        const dress = i % 13 === 0;
        return {
          sellerId: seller.id,
          name: `${dress ? 'Anarkali Dress' : 'Oxford Shirt'} ${i}`,
          category: dress ? ('Womens' as const) : ('Mens' as const),
          subCategory: dress ? ('LadiesDress' as const) : ('gentsShirt' as const),
          pricePaise: 99_900 + i,
          stock: 5,
          imageUrl: '/media/test/sample-640.webp',
          imageId: `test/legacy-${i}`,
          createdAt: at(i),
        };
      }),
    )
    .returning({ id: products.id, subCategory: products.subCategory });
  await bumpCatalogVersion(ctx.db);
  const newestFirst = rows.reverse();
  shirts = newestFirst.filter((r) => r.subCategory === 'gentsShirt').map((r) => r.id);
  dresses = newestFirst.filter((r) => r.subCategory === 'LadiesDress').map((r) => r.id);
  // A removed product is never listed.
  await insertProduct(ctx.db, seller.id, { status: 'removed', createdAt: at(500) });
});
afterAll(() => ctx?.close());

const get = async (url: string, app: App = ctx.app) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { res, ids: (res.json() as Array<{ _id: string }>).map((p) => p._id) };
};

describe('the SPEC §7 product lists, called as the original client calls them', () => {
  it('answer every active product of the list, newest first, past the first 48', async () => {
    expect(shirts.length).toBeGreaterThan(PAGE_DEFAULT_LIMIT);
    const mensShirts = await get('/api/get-mens-shirts');
    expect(mensShirts.ids).toEqual(shirts);
    expect(mensShirts.res.headers['x-total-count']).toBe(String(shirts.length));
    expect((await get('/api/get-mens-all-Products')).ids).toEqual(shirts);
    expect((await get('/api/get-womens-dresses')).ids).toEqual(dresses);
    expect((await get('/api/get-kids-all-Products')).ids).toEqual([]);

    const all = await get('/api/get-all-Products');
    expect(all.ids).toHaveLength(shirts.length + dresses.length);
    expect(new Set(all.ids)).toEqual(new Set([...shirts, ...dresses]));
    expect(all.res.headers['x-total-count']).toBe(String(all.ids.length));
    // The old client calls them under its own base path.
    expect((await get('/.netlify/functions/server/api/get-mens-shirts')).ids).toEqual(shirts);
  });

  it('still page when page or limit is given (the new app pages), in the same order', async () => {
    const first = await get(`/api/get-mens-shirts?limit=${PAGE_DEFAULT_LIMIT}`);
    const second = await get('/api/get-mens-shirts?page=2');
    expect(first.ids).toEqual(shirts.slice(0, PAGE_DEFAULT_LIMIT));
    expect(second.ids).toEqual(shirts.slice(PAGE_DEFAULT_LIMIT));
    for (const { res } of [first, second]) expect(res.headers['x-total-count']).toBe(String(shirts.length));
    expect((await get('/api/get-mens-shirts?limit=7&page=3')).ids).toEqual(shirts.slice(14, 21));
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/get-mens-shirts?limit=500' });
    expect(bad.statusCode).toBe(400);
  });

  it('stop at LEGACY_LIST_LIMIT, keeping the newest', async () => {
    const cap = PAGE_DEFAULT_LIMIT + 2;
    const capped = await buildApp({
      config: { ...ctx.config, legacyListLimit: cap },
      database: ctx.database,
    });
    try {
      const list = await get('/api/get-mens-shirts', capped);
      expect(list.ids).toEqual(shirts.slice(0, cap));
      expect(list.res.headers['x-total-count']).toBe(String(shirts.length));
      // The seller's own legacy list, oldest first, keeps the newest too.
      const own = await capped.inject({
        method: 'GET',
        url: '/api/seller/get-products',
        headers: seller.headers,
      });
      const ownIds = (own.json() as Array<{ _id: string }>).map((p) => p._id);
      expect(ownIds).toHaveLength(cap);
      expect(ownIds.at(-1)).toBe((await get('/api/get-all-Products')).ids[0]);
    } finally {
      await capped.close();
    }
  });

  it('serve the whole list from the catalogue cache until the catalogue changes', async () => {
    const warm = await get('/api/get-womens-dresses');
    // A row written without bumping the catalogue version is invisible to a cached answer: the
    // repeated read did not query the products.
    const [sneaked] = await ctx.db
      .insert(products)
      .values({
        sellerId: seller.id,
        name: 'Chanderi Dress',
        category: 'Womens',
        subCategory: 'LadiesDress',
        pricePaise: 150_000,
        stock: 3,
        imageUrl: '/media/test/sample-640.webp',
        imageId: 'test/legacy-sneaked',
        createdAt: at(900),
      })
      .returning({ id: products.id });
    const again = await get('/api/get-womens-dresses');
    expect(again.ids).toEqual(warm.ids);
    expect(again.res.headers.etag).toBe(warm.res.headers.etag);
    await bumpCatalogVersion(ctx.db);
    expect((await get('/api/get-womens-dresses')).ids).toEqual([sneaked!.id, ...dresses]);
  });
});
