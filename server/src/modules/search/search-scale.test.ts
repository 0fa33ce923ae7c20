import { randomUUID } from 'node:crypto';
import {
  PRICE_BANDS,
  type ProductSearchAnswer,
  SUB_CATEGORIES,
  SUB_CATEGORY_PARENT,
  type SubCategory,
} from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, registerSeller } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { parseSearchQuery } from '../../../test/search-query.ts';
import { products, productVariants, sellers } from '../../db/schema.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { bumpCatalogVersion } from '../catalog/index.ts';
import { closest, editDistance } from './typos.ts';

/**
 * Search at scale (ADR 012): facet counts checked against a plain count(*) on products (exact,
 * never estimated), synonyms and typos, and deep pages by cursor while products are being added,
 * on a catalogue of 260 generated products.
 */
let ctx: TestContext;
let sellerId: string;
const BRANDS = ['Rangrez', 'Desi Loom', 'Khadi Craft', ' rangrez '];
const COLORS = ['Blue', 'Maroon', 'White', 'blue'];
const SIZE_RUNS = [['S', 'M', 'L'], ['M', 'L', 'XL'], ['30', '32', '34'], ['Free Size']];
const GENERATED = 260;

/** Inserts `count` products in two statements (the variants' trigger sums their stock and price). */
async function insertMany(count: number, seed: number, named?: (i: number) => string | undefined) {
  const rows: (typeof products.$inferInsert)[] = [];
  const variants: (typeof productVariants.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const n = seed * 1000 + i;
    const name = named?.(i);
    // Named garments are kids' wear, so no category word of theirs matches what the tests type.
    const subCategory = name ? 'KidsWear' : (SUB_CATEGORIES[n % SUB_CATEGORIES.length] as SubCategory);
    const id = randomUUID();
    const pricePaise = rupeesToPaise(199 + ((n * 137) % 48) * 100);
    rows.push({
      id,
      sellerId,
      name: name ?? `Item ${seed}-${i}`,
      category: SUB_CATEGORY_PARENT[subCategory],
      subCategory,
      pricePaise,
      stock: 0,
      imageUrl: '/media/test/sample-640.webp',
      imageId: `test/${id}`,
      color: COLORS[n % COLORS.length],
      brand: n % 11 === 0 ? null : BRANDS[n % BRANDS.length],
      ratingAvg: (n * 7) % 5 === 0 ? 0 : 2 + ((n * 13) % 30) / 10,
      ratingCount: (n * 7) % 5 === 0 ? 0 : 1 + (n % 40),
      createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + ((n * 7919) % 100_000) * 60_000),
    });
    for (const [k, size] of SIZE_RUNS[n % SIZE_RUNS.length]!.entries())
      variants.push({
        productId: id,
        sellerId,
        size,
        sku: `SC-${id}-${k}`,
        stock: (n + k) % 6 === 0 ? 0 : 1 + ((n + k) % 9),
        pricePaise: pricePaise + k * 10_000,
      });
  }
  await ctx.db.insert(products).values(rows);
  await ctx.db.insert(productVariants).values(variants);
  await bumpCatalogVersion(ctx.db);
}

const NAMES = [
  'Cotton Kurta',
  'Printed Kurti',
  'Formal Trousers',
  'Palazzo Pants',
  'Boys Cotton T-Shirt',
  'Slim Fit Jeans',
  'Oxford Shirt',
  'Running Shorts',
];

beforeAll(async () => {
  ctx = await createTestContext();
  sellerId = (await registerSeller(ctx.app)).id;
  await insertMany(GENERATED, 1, (i) => NAMES[i]);
  // Never counted: removed, and from a suspended seller.
  await insertProduct(ctx.db, sellerId, { name: 'Removed Kurta', status: 'removed' });
  const suspended = await registerSeller(ctx.app);
  await insertProduct(ctx.db, suspended.id, { name: 'Suspended Kurta' });
  await ctx.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, suspended.id));
});
afterAll(() => ctx?.close());

async function search(query: string): Promise<ProductSearchAnswer> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const parse = parseSearchQuery;

/** The same filters written plainly against products and sellers: the count a facet must equal. */
async function plainCount(query: string): Promise<number> {
  const q = parse(query);
  const where = [sql`p.status = 'active'`, sql`s.status = 'active'`];
  if (q.q) where.push(sql`p.search @@ to_tsquery('english', ${`${q.q}:*`})`);
  if (q.category) where.push(sql`p.category = ${q.category}`);
  if (q.subCategory) where.push(sql`p.sub_category = ${q.subCategory}`);
  if (q.minPrice !== undefined) where.push(sql`p.price_paise >= ${rupeesToPaise(q.minPrice)}`);
  if (q.maxPrice !== undefined) where.push(sql`p.price_paise <= ${rupeesToPaise(q.maxPrice)}`);
  if (q.brand) where.push(sql`lower(trim(p.brand)) in ${q.brand.map((b) => b.trim().toLowerCase())}`);
  if (q.size) where.push(sql`exists (select 1 from unnest(p.sizes_in_stock) x where x in ${q.size})`);
  if (q.color) {
    const keys = q.color.map((c) => c.trim().toLowerCase());
    where.push(
      sql`(lower(trim(p.color)) in ${keys} or exists (select 1 from unnest(p.colors_in_stock) c where lower(trim(c)) in ${keys}))`,
    );
  }
  if (q.inStock) where.push(sql`p.stock > 0`);
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`products p join sellers s on s.id = p.seller_id`)
    .where(sql.join(where, sql` and `));
  return row!.n;
}

/** `query` with `name` set to `value` (or removed, when undefined). */
function withParam(query: string, name: string, value: string | undefined) {
  const params = new URLSearchParams(query);
  params.delete(name);
  if (value !== undefined) params.set(name, value);
  return params.toString();
}

describe('facet counts', () => {
  it.each([
    '',
    'category=Mens',
    'subCategory=LadiesPant&maxPrice=2499',
    'q=item&minPrice=1000&inStock=true',
    'brand=rangrez&size=M',
    'color=blue&maxPrice=2999',
    'q=cotton',
    'category=Kids&brand=Desi%20Loom&inStock=true&minPrice=500',
  ])('for %s equal a plain count(*) over the same filters, and are exact', async (query) => {
    const a = await search(query);
    expect(a.total).toBe(await plainCount(query));
    expect(a.totalIsEstimate).toBe(false);
    for (const dim of ['category', 'subCategory', 'brand', 'size', 'color'] as const) {
      for (const { value, count, estimated } of a.facets[dim]) {
        expect(estimated, `${query} ${dim}=${value}`).toBeUndefined();
        expect(count, `${query} ${dim}=${value}`).toBe(await plainCount(withParam(query, dim, value)));
      }
    }
    for (const band of a.facets.price) {
      const banded = withParam(
        withParam(query, 'minPrice', String(band.min)),
        'maxPrice',
        band.max?.toString(),
      );
      expect(band.count, `${query} ${band.label}`).toBe(await plainCount(banded));
    }
    expect(a.facets.inStock).toEqual({ count: await plainCount(withParam(query, 'inStock', 'true')) });
  });

  it('gives the exact total of a search that matches few', async () => {
    const query = 'q=oxford';
    const a = await search(query);
    expect(a.total).toBe(await plainCount(query));
    expect(a.totalIsEstimate).toBe(false);
    expect(a.items.map((p) => p.productName)).toEqual(['Oxford Shirt']);
  });
});

describe('synonyms and typos', () => {
  // Among the kids' wear, where the named garments are (category words match too: "pant" finds
  // every product of a Pant sub-category).
  const names = async (q: string) =>
    (await search(`q=${encodeURIComponent(q)}&subCategory=KidsWear&limit=200`)).items
      .map((p) => p.productName)
      .sort();

  it.each([
    ['kurti', ['Cotton Kurta', 'Printed Kurti']],
    ['kurta', ['Cotton Kurta', 'Printed Kurti']],
    ['कुर्ता', ['Cotton Kurta', 'Printed Kurti']],
    ['trousers', ['Formal Trousers', 'Palazzo Pants']],
    ['pant', ['Formal Trousers', 'Palazzo Pants']],
    ['tee', ['Boys Cotton T-Shirt']],
    ['tshirt', ['Boys Cotton T-Shirt']],
  ])('"%s" finds the same garment under its other names', async (q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it.each([
    ['shrit', 'Oxford Shirt'],
    ['oxfrod', 'Oxford Shirt'],
    ['kruta', 'Cotton Kurta'],
    ['jeens', 'Slim Fit Jeans'],
    ['trousres', 'Formal Trousers'],
    ['palazo', 'Palazzo Pants'],
  ])('"%s" (a typo) finds %s', async (q, expected) => {
    expect(await names(q)).toContain(expected);
  });

  it('leaves words that are spelt right, or being typed, as they are', async () => {
    expect(await names('shorts')).toEqual(['Running Shorts']);
    expect(await names('oxf')).toEqual(['Oxford Shirt']);
    expect((await search('q=zzzzqqq')).total).toBe(0);
  });

  it('counts a swap of neighbouring letters as one edit, and allows two from six letters', () => {
    expect(editDistance('shrit', 'shirt')).toBe(1);
    expect(editDistance('trousres', 'trousers')).toBe(1);
    expect(closest('shrit', ['suit', 'shirt', 'short'])).toEqual(['shirt']);
    expect(closest('jens', ['jeans', 'mens'])).toEqual(['jeans', 'mens']);
    expect(closest('kurthas', ['kurta'])).toEqual(['kurta']);
    expect(closest('dres', ['dhoti'])).toEqual([]);
  });
});

/** Walking a few hundred products page by page takes many searches: more than a busy machine's 30 s. */
const WALK_TIMEOUT = 120_000;

describe('deep pages', () => {
  const ids = (a: ProductSearchAnswer) => a.items.map((p) => p._id);

  /** Every page by cursor, adding `add` new products before each page after the first. */
  async function walkByCursor(query: string, add: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null | undefined;
    for (let page = 0; page < 200; page++) {
      const a = await search(`${query}&limit=9${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(a));
      cursor = a.nextCursor;
      if (!cursor) return seen;
      if (add > 0) await insertMany(add, 100 + page);
    }
    throw new Error('too many pages');
  }

  /** The whole order as it is now, by offset pages. */
  async function wholeOrder(query: string): Promise<string[]> {
    const all: string[] = [];
    for (let page = 1; ; page++) {
      const a = await search(`${query}&limit=200&page=${page}`);
      all.push(...ids(a));
      if (a.items.length < 200) return all;
    }
  }

  it.each([
    'sort=newest',
    'sort=price_asc',
    'sort=price_desc',
    'sort=rating',
    'q=item',
    'q=item&sort=price_asc&maxPrice=3999',
    'category=Womens&sort=price_desc',
  ])(
    '%s: never repeat or skip a product while products are added',
    async (query) => {
      const before = await wholeOrder(query);
      expect(before.length).toBeGreaterThan(20);
      const seen = await walkByCursor(query, 3);
      expect(new Set(seen).size, 'no product twice').toBe(seen.length);
      // Every product there before is there, in the same order (new ones may fall in between).
      const old = new Set(before);
      expect(seen.filter((id) => old.has(id))).toEqual(before);
    },
    WALK_TIMEOUT,
  );

  it.each(['sort=price_asc', 'sort=newest', 'q=item&sort=rating', 'sort=price_desc'])(
    '%s: offset pages list the one order',
    async (query) => {
      const whole = await wholeOrder(query);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 23); page++)
        paged.push(...ids(await search(`${query}&limit=23&page=${page}`)));
      expect(paged).toEqual(whole);
    },
    WALK_TIMEOUT,
  );

  it('refuses a cursor of another sort, or a made-up one, with 400', async () => {
    const first = await search('sort=price_asc&limit=5');
    for (const query of [`sort=newest&cursor=${first.nextCursor}`, 'cursor=abc', 'cursor=W10']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].path).toBe('cursor');
    }
  });
});

it('prices bands of the facet cover every price', () => {
  // The plain-count oracle above relies on the bands' limits meeting (max + 0.01 = next min).
  for (const [i, band] of PRICE_BANDS.slice(0, -1).entries())
    expect(Math.round(((band.max ?? 0) + 0.01) * 100)).toBe(PRICE_BANDS[i + 1]!.min * 100);
});
