import { randomUUID } from 'node:crypto';
import {
  compareSizes,
  PRICE_BANDS,
  type ProductSearchAnswer,
  SUB_CATEGORIES,
  SUB_CATEGORY_PARENT,
  type SubCategory,
} from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerSeller } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { parseSearchQuery } from '../../../test/search-query.ts';
import { products, productVariants, sellers } from '../../db/schema.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { bumpCatalogVersion } from '../catalog/index.ts';
import { lexemesOf, micros, SearchIndex } from './memory-index.ts';
import { searchProducts } from './search-products.ts';
import { textQuery } from './text-query.ts';
import { parseTsquery } from './tsquery.ts';
import { expansionsOf } from './typos.ts';

/**
 * The catalogue in memory (ADR 012) answers what the rules say, written plainly below over every
 * visible product read from the database (`plainly`) — the same page in the same order, the same
 * total, every facet count — on a catalogue built to be awkward (brands and colours spelt several
 * ways, no brand, several colours per product, ties in creation time, Hindi names, removed
 * products, a suspended seller), and keeps answering so while the catalogue changes under it.
 */
let ctx: TestContext;
let sellerId: string;
let otherSellerId: string;
let index: SearchIndex;

const NAMES = [
  'Cotton Kurta',
  'Printed Kurti',
  'Formal Trousers',
  'Palazzo Pants',
  'Boys Cotton T-Shirt',
  'Slim Fit Jeans',
  'Oxford Shirt',
  'Linen Shirt',
  'कुर्ता सूती',
  'Silk Saree',
  'Girls Frock',
  'Hoodie',
  'Graphic Tee',
  'Cotton T Shirt',
  'Polo T-Shirts',
];
const BRANDS = ['Rangrez', ' rangrez ', 'RANGREZ', 'Desi Loom', 'Khadi Craft', null];
const COLORS = ['Blue', 'blue', 'Maroon', ' White', null];
const VARIANT_COLORS = ['', 'Red', 'Blue', 'green '];
const SIZE_RUNS = [['S', 'M', 'L'], ['M', 'L', 'XL'], ['30', '32', '34'], ['Free Size']];

async function insertMany(count: number, seed: number, seller = sellerId) {
  const rows: (typeof products.$inferInsert)[] = [];
  const variants: (typeof productVariants.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const n = seed * 1000 + i;
    const subCategory = SUB_CATEGORIES[n % SUB_CATEGORIES.length] as SubCategory;
    const id = randomUUID();
    const pricePaise = rupeesToPaise(199 + ((n * 137) % 60) * 100);
    rows.push({
      id,
      sellerId: seller,
      name: `${NAMES[n % NAMES.length]} ${n % 3 === 0 ? 'Classic' : 'Item'}`,
      category: SUB_CATEGORY_PARENT[subCategory],
      subCategory,
      pricePaise,
      stock: 0,
      imageUrl: '/media/test/sample-640.webp',
      imageId: `test/${id}`,
      color: COLORS[n % COLORS.length],
      brand: BRANDS[n % BRANDS.length],
      ratingAvg: n % 5 === 0 ? 0 : 2 + ((n * 13) % 30) / 10,
      ratingCount: n % 5 === 0 ? 0 : 1 + (n % 4),
      // Every fourth product shares its creation time with the one before: ties broken by id.
      createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + Math.floor(n / 2) * 60_000 + (n % 2) * 7),
    });
    for (const [k, size] of SIZE_RUNS[n % SIZE_RUNS.length]!.entries())
      variants.push({
        productId: id,
        sellerId: seller,
        size,
        color: n % 4 === 1 ? VARIANT_COLORS[(n + k) % VARIANT_COLORS.length] : '',
        sku: `MI-${id}-${k}`,
        stock: (n + k) % 5 === 0 ? 0 : 1 + ((n + k) % 7),
        pricePaise: pricePaise + k * 10_000,
      });
  }
  await ctx.db.insert(products).values(rows);
  await ctx.db.insert(productVariants).values(variants);
  await bumpCatalogVersion(ctx.db);
  return rows.map((r) => r.id!);
}

const parse = parseSearchQuery;

const inMemory = async (query: string) => {
  await index.catchUp();
  return searchProducts(ctx.db, index, parse(query));
};

/** A visible product as the rules read it. */
interface Plain {
  id: string;
  nameKey: string;
  category: string;
  subCategory: string;
  brand: string | null;
  color: string | null;
  pricePaise: number;
  stock: number;
  sizes: string[];
  colors: string[];
  ratingAvg: number;
  ratingCount: number;
  created: number;
  variants: [string, string, number][];
  matched: boolean;
  named: boolean;
}

/** PostgreSQL's lower(trim()): colour and brand compared case- and space-insensitively. */
const key = (v: string | null) => (v ?? '').replace(/^ +| +$/g, '').toLowerCase();

/**
 * The answer the rules give, computed plainly: every visible product read (with whether its words
 * match the text, as PostgreSQL matches them), each filter checked on its own, each facet counted
 * over the products passing every filter but its own, the matches sorted whole.
 */
async function plainly(query: string) {
  const q = parse(query);
  const text = textQuery(q.q, await expansionsOf(ctx.db, q.q));
  const result = await ctx.db.execute(sql`
    select p.id::text as "id", ps.name_key as "nameKey", p.category, p.sub_category as "subCategory",
      p.brand, p.color, p.price_paise as "pricePaise", p.stock, p.sizes_in_stock as "sizes",
      p.colors_in_stock as "colors", p.rating_avg as "ratingAvg", p.rating_count as "ratingCount",
      (extract(epoch from p.created_at) * 1000000)::bigint::text as "created",
      (select json_agg(json_build_array(v.size, v.color, v.stock)) from product_variants v
        where v.product_id = p.id) as "variants",
      ${text ? sql`p.search @@ ${text.match}` : sql`true`} as "matched",
      ${text ? sql`ps.name_search @@ ${text.rank}` : sql`false`} as "named"
    from products p join sellers s on s.id = p.seller_id join product_search ps on ps.product_id = p.id
    where p.status = 'active' and s.status = 'active'`);
  const all = (result as unknown as { rows: Plain[] }).rows.map((r) => ({
    ...r,
    created: Number(r.created),
    ratingAvg: Number(r.ratingAvg),
  }));
  const min = q.minPrice === undefined ? undefined : rupeesToPaise(q.minPrice);
  const max = q.maxPrice === undefined ? undefined : rupeesToPaise(q.maxPrice);
  const colorKeys = q.color?.map(key);
  const colorsOf = (p: Plain) => [p.color, ...p.colors].map(key).filter((k) => k !== '');
  const passes = {
    category: (p: Plain) => !q.category || p.category === q.category,
    subCategory: (p: Plain) => !q.subCategory || p.subCategory === q.subCategory,
    brand: (p: Plain) => !q.brand || q.brand.map(key).includes(key(p.brand)),
    price: (p: Plain) =>
      (min === undefined || p.pricePaise >= min) && (max === undefined || p.pricePaise <= max),
    size: (p: Plain) => !q.size || p.sizes.some((z) => q.size!.includes(z as never)),
    color: (p: Plain) => !colorKeys || colorsOf(p).some((c) => colorKeys.includes(c)),
    // Size and colour together: one variant in stock has both (a variant of no colour has the product's).
    sameVariant: (p: Plain) =>
      !q.size ||
      !colorKeys ||
      p.variants.some(
        ([size, color, stock]) =>
          stock > 0 && q.size!.includes(size as never) && colorKeys.includes(key(color || p.color)),
      ),
    inStock: (p: Plain) => !q.inStock || p.stock > 0,
  };
  type Filter = keyof typeof passes;
  const passing = (ignoring: Filter[]) =>
    all.filter(
      (p) =>
        p.matched && (Object.keys(passes) as Filter[]).every((f) => ignoring.includes(f) || passes[f](p)),
    );
  const counted = (products: Plain[], valuesOf: (p: Plain) => string[]) => {
    const counts = new Map<string, number>();
    for (const p of products) for (const v of new Set(valuesOf(p))) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => (a < b ? -1 : 1));
  };
  const matches = passing([]);
  const hasText = text !== undefined;
  const sort = q.sort === 'relevance' && !hasText ? 'newest' : (q.sort ?? (hasText ? 'relevance' : 'newest'));
  const newest = (a: Plain, b: Plain) => b.created - a.created || (a.id < b.id ? 1 : -1);
  const tier = (p: Plain) => (p.nameKey === q.q?.toLowerCase() ? 0 : p.named ? 1 : 2);
  const order: Record<string, (a: Plain, b: Plain) => number> = {
    newest,
    price_asc: (a, b) => a.pricePaise - b.pricePaise || newest(a, b),
    price_desc: (a, b) => b.pricePaise - a.pricePaise || newest(a, b),
    rating: (a, b) => b.ratingAvg - a.ratingAvg || b.ratingCount - a.ratingCount || newest(a, b),
    relevance: (a, b) => tier(a) - tier(b) || newest(a, b),
  };
  const page = [...matches].sort(order[sort]).slice((q.page - 1) * q.limit, q.page * q.limit);
  return {
    ids: page.map((p) => p.id),
    total: matches.length,
    more: page.length === q.limit,
    facets: {
      category: counted(passing(['category']), (p) => [p.category]),
      subCategory: counted(passing(['subCategory']), (p) => [p.subCategory]),
      brand: counted(passing(['brand']), (p) => (key(p.brand) ? [key(p.brand)] : [])),
      color: counted(passing(['color', 'sameVariant']), colorsOf),
      size: counted(passing(['size', 'sameVariant']), (p) => p.sizes),
      price: PRICE_BANDS.map(
        (b) =>
          passing(['price']).filter(
            (p) =>
              p.pricePaise >= rupeesToPaise(b.min) &&
              (b.max === null || p.pricePaise <= rupeesToPaise(b.max)),
          ).length,
      ),
      inStock: passing(['inStock']).filter((p) => p.stock > 0).length,
    },
  };
}

/** The index's answer in the plain answer's terms (facet values by key), its lists' order checked. */
function shape(a: ProductSearchAnswer) {
  const byKey = (list: { value: string; count: number }[], keyOf = (v: string) => v) =>
    list.map((v): [string, number] => [keyOf(v.value), v.count]).sort(([x], [y]) => (x < y ? -1 : 1));
  for (const dim of ['category', 'subCategory', 'brand', 'color'] as const) {
    const counts = a.facets[dim].map((v) => v.count);
    expect(counts, dim).toEqual([...counts].sort((x, y) => y - x));
  }
  expect(a.facets.size.map((v) => v.value)).toEqual(a.facets.size.map((v) => v.value).sort(compareSizes));
  return {
    ids: a.items.map((p) => p._id),
    total: a.total,
    more: a.nextCursor !== null,
    facets: {
      category: byKey(a.facets.category),
      subCategory: byKey(a.facets.subCategory),
      brand: byKey(a.facets.brand, key),
      color: byKey(a.facets.color, key),
      size: byKey(a.facets.size),
      price: a.facets.price.map((b) => b.count),
      inStock: a.facets.inStock?.count,
    },
  };
}

const QUERIES = [
  '',
  'sort=price_asc',
  'sort=price_desc&limit=7&page=3',
  'sort=rating&limit=13&page=2',
  'category=Mens',
  'category=Womens&sort=price_desc',
  'subCategory=LadiesPant&maxPrice=2499',
  'q=kurta',
  'q=kurt',
  'q=shirt&sort=rating',
  'q=cotton&inStock=true',
  'q=shrit',
  'q=trousers',
  'q=कुर्ता',
  'q=classic&limit=5&page=4',
  'q=cotton kurta',
  'q=item -shirt',
  'q=the',
  'q=zzzz',
  'brand=rangrez',
  'brand=rangrez&brand=Desi Loom&minPrice=1000',
  'color=blue',
  'color=red&sort=price_asc',
  'color=GREEN',
  'size=M',
  'size=M&size=32&inStock=true',
  'size=XXL',
  'minPrice=500&maxPrice=1999&sort=newest&limit=11&page=2',
  'inStock=true&category=Kids',
  'q=item&category=Womens&brand=khadi craft&maxPrice=3999',
  'q=shirt&size=L&brand=rangrez&minPrice=1500',
  'category=Mens&subCategory=LadiesDress',
  // Two or more of the filters kept as bit sets: the products failing two are dropped a word at a
  // time first (prices on a band's edge, a sub-category and a size no product has).
  'category=Mens&maxPrice=999&size=M&inStock=true',
  'subCategory=gentsShirt&minPrice=1000&maxPrice=1000&sort=price_asc',
  'category=Womens&minPrice=499.99&maxPrice=500&size=L',
  'category=Kids&size=XXL&minPrice=5000&inStock=true',
  'category=Kids&subCategory=gentsHoody&inStock=true&maxPrice=500',
  'size=14-15Y&inStock=true&category=Womens',
  'q=item&category=Mens&size=M&maxPrice=1999',
  // A hyphenated word is a phrase of its parts in PostgreSQL ("tee" means "t-shirt" too).
  'q=tee',
  'q=t-shirt&sort=price_asc',
  'q=t-shirts&category=Kids',
  'q=tee -cotton',
  // Size and colour together: one variant in stock must have both (the facets of size and colour
  // each ignore that rule with their own filter).
  'size=M&color=blue',
  'size=L&size=S&color=red&color=GREEN&inStock=true',
  'category=Mens&size=M&color=Blue&maxPrice=2999',
  'q=item&size=XL&color=red&sort=price_asc',
  // Phrases the shopper typed: PostgreSQL matches the words in order, the index does the rest.
  'q="slim fit"',
  'q="cotton kurta"&sort=price_asc&inStock=true',
  'q="fit jeans" -classic&category=Womens',
  'q="slim fit" jeans&size=M&sort=rating&limit=5&page=2',
];

async function expectSame(query: string) {
  const mem = await inMemory(query);
  expect(shape(mem), query).toEqual(await plainly(query));
  expect(mem.totalIsEstimate).toBe(false);
}

beforeAll(async () => {
  ctx = await createTestContext();
  sellerId = (await registerSeller(ctx.app)).id;
  otherSellerId = (await registerSeller(ctx.app)).id;
  await insertMany(240, 1);
  await insertMany(30, 2, otherSellerId);
  index = new SearchIndex(ctx.db);
  await index.start();
});
afterAll(async () => {
  await index?.close();
  await ctx?.close();
});

describe('the catalogue in memory', () => {
  it('holds every active product', async () => {
    const [row] = (
      (await ctx.db.execute(sql`select count(*)::int as n from product_search`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(index.ready).toBe(true);
    expect(index.size).toBe(row!.n);
    expect(index.size).toBeGreaterThanOrEqual(270);
  });

  it.each(QUERIES)('answers %j as the rules say', async (query) => {
    await expectSame(query);
  });

  it("answers a phrase the shopper typed in its words' order, and a text of stop words only with none", async () => {
    // The phrase's products come from PostgreSQL (word positions); the rest from the index.
    const slimFit = await inMemory('q="slim fit"&limit=200');
    expect(slimFit.total).toBeGreaterThan(0);
    for (const p of slimFit.items) expect(p.productName).toMatch(/^Slim Fit Jeans/);
    expect((await inMemory('q="fit slim"')).total).toBe(0);
    expect((await inMemory('q=the')).total).toBe(0);
  });

  it('waits for its load when a search comes before it, and answers from it', async () => {
    const fresh = new SearchIndex(ctx.db);
    try {
      expect(fresh.ready).toBe(false);
      const query = 'q=kurta&size=M&color=blue&sort=price_asc';
      const answer = await searchProducts(ctx.db, fresh, parse(query));
      expect(fresh.ready).toBe(true);
      expect(shape(answer)).toEqual(await plainly(query));
    } finally {
      await fresh.close();
    }
  });

  it('gives the total and page a plain count(*) gives', async () => {
    const mem = await inMemory('q=kurta&inStock=true&limit=200');
    const [row] = (
      (await ctx.db.execute(
        sql`select count(*)::int as n from products p join sellers s on s.id = p.seller_id
            where p.status = 'active' and s.status = 'active' and p.stock > 0
              and p.search @@ to_tsquery('english', 'kurta:* | kurti | kurtas | kurtis | kurtha | कुर्ता | कुर्ती')`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(mem.total).toBe(row!.n);
    expect(mem.items).toHaveLength(row!.n);
    expect(mem.total).toBeGreaterThan(10);
  });

  it('sees every change on the next search: added, repriced, sold out, removed, seller suspended', async () => {
    const added = await insertMany(12, 3);
    await ctx.db
      .update(products)
      .set({ pricePaise: rupeesToPaise(99) })
      .where(eq(products.id, added[0]!));
    await ctx.db.update(products).set({ status: 'removed' }).where(eq(products.id, added[1]!));
    await ctx.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, added[2]!));
    await bumpCatalogVersion(ctx.db);
    for (const query of ['', 'sort=price_asc&limit=3', 'inStock=true&q=item', 'q=classic'])
      await expectSame(query);
    const cheapest = await inMemory('sort=price_asc&limit=1');
    expect(cheapest.items[0]?._id).toBe(added[0]);
    expect((await inMemory('limit=200&sort=newest')).items.map((p) => p._id)).not.toContain(added[1]);

    const before = (await inMemory('')).total;
    await ctx.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, otherSellerId));
    await bumpCatalogVersion(ctx.db);
    const after = await inMemory('');
    expect(after.total).toBe(before - 30);
    await expectSame('');
    await expectSame('q=shirt&sort=price_desc');
    await ctx.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, otherSellerId));
    expect((await inMemory('')).total).toBe(before);
  });

  it('filters and counts colours past the first 31 (kept as lists, not bits) as the rules say', async () => {
    const rows: (typeof products.$inferInsert)[] = [];
    const variants: (typeof productVariants.$inferInsert)[] = [];
    for (let i = 0; i < 40; i++) {
      const id = randomUUID();
      rows.push({
        id,
        sellerId,
        name: `Shaded Dupatta ${i}`,
        category: 'Womens',
        subCategory: 'LadiesDress',
        pricePaise: rupeesToPaise(300 + i * 50),
        stock: 0,
        imageUrl: '/media/test/sample-640.webp',
        imageId: `test/${id}`,
        // Spelt two ways: the facet shows each colour once.
        color: i % 2 ? `Shade ${i}` : `shade ${i} `,
        createdAt: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000),
      });
      for (const [k, color] of [`Tint ${i}`, `Shade ${(i + 7) % 40}`].entries())
        variants.push({
          productId: id,
          sellerId,
          size: k ? 'L' : 'M',
          color,
          sku: `SH-${id}-${k}`,
          stock: i % 3 === 0 && k === 1 ? 0 : 2,
          pricePaise: rupeesToPaise(300 + i * 50),
        });
    }
    await ctx.db.insert(products).values(rows);
    await ctx.db.insert(productVariants).values(variants);
    await bumpCatalogVersion(ctx.db);
    const all = await inMemory('q=shaded&limit=1');
    expect(all.facets.color.length).toBeGreaterThan(70);
    for (const query of [
      'q=shaded',
      'color=shade 38',
      'color=Tint 39&color=shade 2',
      'color=tint 35&maxPrice=2000&sort=price_desc',
      'category=Womens&color=shade 33&inStock=true',
      'q=dupatta&color=shade 1&color=tint 36',
    ])
      await expectSame(query);
  });

  it('walks deep pages by cursor with no product twice and none skipped while products are added', async () => {
    for (const query of [
      'sort=newest',
      'sort=price_asc',
      'sort=rating',
      'q=item',
      'q=shirt&sort=price_desc',
    ]) {
      const expected = (await plainly(`${query}&limit=200`)).ids;
      const seen: string[] = [];
      let cursor: string | null | undefined;
      let round = 0;
      do {
        const page = await inMemory(`${query}&limit=9${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((p) => p._id));
        cursor = page.nextCursor;
        // Products added meanwhile land before the cursor (newest) or anywhere (price): either way
        // the ones there at the start are each listed once.
        if (round++ % 3 === 0) await insertMany(2, 10 + round);
      } while (cursor);
      expect(new Set(seen).size, query).toBe(seen.length);
      for (const id of expected) expect(seen, query).toContain(id);
    }
  });

  it('reloads whole after a bulk change (searches wait for it), and prunes old change rows', async () => {
    await ctx.db.execute(
      sql`insert into search_changes (product_id, at) values (${randomUUID()}, now() - interval '2 days')`,
    );
    const bulk = new SearchIndex(ctx.db, { reloadPastChanges: 5 });
    try {
      await bulk.start();
      await bulk.catchUp();
      const [old] = (
        (await ctx.db.execute(
          sql`select count(*)::int as n from search_changes where at < now() - interval '1 day'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(old!.n).toBe(0);
      await insertMany(120, 70);
      // Too many changed at once: the copy is dropped and loaded again, before the catch-up ends.
      const reload = vi.spyOn(bulk as unknown as { reload(): Promise<void> }, 'reload');
      await bulk.catchUp();
      expect(reload).toHaveBeenCalledTimes(1);
      expect(bulk.ready).toBe(true);
      const [row] = (
        (await ctx.db.execute(sql`select count(*)::int as n from product_search`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(bulk.size).toBe(row!.n);
      const answer = await searchProducts(ctx.db, bulk, parse('q=classic&sort=price_asc'));
      expect(shape(answer)).toEqual(await plainly('q=classic&sort=price_asc'));
    } finally {
      await bulk.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'sees a transaction that began before a catch-up and committed after it',
    async () => {
      const [id] = await insertMany(1, 50);
      await inMemory('');
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let updated!: () => void;
      const didUpdate = new Promise<void>((resolve) => {
        updated = resolve;
      });
      const tx = ctx.db.transaction(async (t) => {
        await t
          .update(products)
          .set({ pricePaise: rupeesToPaise(42) })
          .where(eq(products.id, id!));
        updated();
        await held;
      });
      await didUpdate;
      // A catch-up while that transaction is open: it cannot see the change yet.
      expect((await inMemory('sort=price_asc&limit=1')).items[0]?._id).not.toBe(id);
      release();
      await tx;
      expect((await inMemory('sort=price_asc&limit=1')).items[0]?._id).toBe(id);
    },
  );

  it('answers through the route once loaded, with exact counts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products?q=kurta&category=Mens' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProductSearchAnswer;
    expect(body.totalIsEstimate).toBe(false);
    expect(shape(body)).toEqual(await plainly('q=kurta&category=Mens'));
  });

  it('shows a change through the route on the next search (the catalogue version says when to catch up)', async () => {
    const url = '/api/products?q=zardozi&limit=5';
    const first = (await ctx.app.inject({ method: 'GET', url })).json() as ProductSearchAnswer;
    expect(first.total).toBe(0);
    const [id] = await insertMany(1, 60);
    await ctx.db.update(products).set({ name: 'Zardozi Kurta' }).where(eq(products.id, id!));
    await bumpCatalogVersion(ctx.db);
    const second = (await ctx.app.inject({ method: 'GET', url })).json() as ProductSearchAnswer;
    expect(second.items.map((p) => p._id)).toEqual([id]);
    await ctx.db.update(products).set({ status: 'removed' }).where(eq(products.id, id!));
    await bumpCatalogVersion(ctx.db);
    const third = (await ctx.app.inject({ method: 'GET', url })).json() as ProductSearchAnswer;
    expect(third.total).toBe(0);
  });
});

describe('reading what PostgreSQL prints', () => {
  it('parses tsqueries, and refuses phrases and empty ones', () => {
    expect(parseTsquery("'shirt':* & ( 'kurta' | 'kurti' ) & !'silk'")).toEqual({
      op: 'and',
      args: [
        {
          op: 'and',
          args: [
            { op: 'term', lexeme: 'shirt', prefix: true },
            {
              op: 'or',
              args: [
                { op: 'term', lexeme: 'kurta', prefix: false },
                { op: 'term', lexeme: 'kurti', prefix: false },
              ],
            },
          ],
        },
        { op: 'not', arg: { op: 'term', lexeme: 'silk', prefix: false } },
      ],
    });
    expect(parseTsquery("'a' | 'b' & 'c'")).toEqual({
      op: 'or',
      args: [
        { op: 'term', lexeme: 'a', prefix: false },
        {
          op: 'and',
          args: [
            { op: 'term', lexeme: 'b', prefix: false },
            { op: 'term', lexeme: 'c', prefix: false },
          ],
        },
      ],
    });
    expect(parseTsquery("'it''s'")).toEqual({ op: 'term', lexeme: "it's", prefix: false });
    expect(parseTsquery("'slim' <-> 'fit'")).toBeUndefined();
    // The phrase PostgreSQL makes of a hyphenated word is that word: its parts always follow it.
    expect(parseTsquery("'tee' | 't-shirt' <2> 'shirt' | 'tshirt'")).toEqual({
      op: 'or',
      args: [
        {
          op: 'or',
          args: [
            { op: 'term', lexeme: 'tee', prefix: false },
            { op: 'term', lexeme: 't-shirt', prefix: false },
          ],
        },
        { op: 'term', lexeme: 'tshirt', prefix: false },
      ],
    });
    expect(parseTsquery("'ready-to-wear' <-> 'readi' <2> 'wear' & 'kurta'")).toEqual({
      op: 'and',
      args: [
        { op: 'term', lexeme: 'ready-to-wear', prefix: false },
        { op: 'term', lexeme: 'kurta', prefix: false },
      ],
    });
    // Not the word's own parts, or not where they fall: positions are needed.
    expect(parseTsquery("'t-shirt' <-> 'shirt'")).toBeUndefined();
    expect(parseTsquery("'t-shirt' <2> 'fit'")).toBeUndefined();
    expect(parseTsquery("'t-shirt' <2> 'shirt':*")).toBeUndefined();
    expect(parseTsquery("'t-shirt' <2> ( 'shirt' | 'top' )")).toBeUndefined();
    expect(parseTsquery('')).toBeUndefined();
    expect(parseTsquery("'a' &")).toBeUndefined();
  });

  it('reads lexemes and timestamps', () => {
    expect(lexemesOf("'cotton':3 'it''s':1 'कुर्ता':2,5A")).toEqual(['cotton', "it's", 'कुर्ता']);
    expect(micros('2026-01-01T00:00:00.000007Z') - micros('2026-01-01T00:00:00.000000Z')).toBe(7);
    expect(micros('2026-01-01T00:00:01.250000Z') - micros('2026-01-01T00:00:00.000000Z')).toBe(1_250_000);
  });
});
