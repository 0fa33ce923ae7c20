import { type ProductSearchAnswer, productSearchAnswerSchema } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, insertSizedProduct, registerSeller } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { parseSearchQuery } from '../../../test/search-query.ts';
import { products, productVariants, sellers } from '../../db/schema.ts';
import { bumpCatalogVersion } from '../catalog/index.ts';
import { SearchIndex } from './memory-index.ts';
import { ENTRY_OVERHEAD, ProductJsonCache } from './product-json.ts';
import { keepNewestAnswers, runSearch, searchProducts } from './search-products.ts';

/**
 * The product answers kept as JSON (product-json.ts, ADR 012): a search answered from memory is
 * built from them, byte for byte what the answer schema serialises for the same answer, and a
 * change to anything a product answer shows is in the next search's answer — in the process that
 * made it and in any other (each catches up from product_changes).
 */
let ctx: TestContext;
let seller: { id: string; token: string };
/** Two more processes' worth of search: each its own index and its own kept answers. */
let first: SearchIndex;
let second: SearchIndex;
/** An index that keeps no answer: each page's products read and serialised afresh. */
let reading: SearchIndex;
const ids: string[] = [];

const parse = parseSearchQuery;

async function builtFromMemory(index: SearchIndex, query: string): Promise<string> {
  await index.catchUp();
  return (await runSearch(ctx.db, index, parse(query))).json.toString();
}

/**
 * The answer with every product read from the database now and serialised through the schema, and
 * the rest of it as the answer schema serialises it.
 */
async function serialisedAfresh(query: string): Promise<string> {
  const built = await builtFromMemory(reading, query);
  const { items, ...rest } = JSON.parse(built) as ProductSearchAnswer;
  const envelope = JSON.stringify(productSearchAnswerSchema.encode({ ...rest, items: [] }));
  expect(built).toBe(
    envelope.replace('"items":[]', `"items":[${items.map((i) => JSON.stringify(i)).join(',')}]`),
  );
  expect(reading.productJson.size).toBe(0);
  return built;
}

const viaRoute = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** Every way of asking gives the same bytes: two indexes (kept answers or not) and the route. */
async function expectSameEverywhere(query: string) {
  const expected = await serialisedAfresh(query);
  expect(await builtFromMemory(first, query), query).toBe(expected);
  expect(await builtFromMemory(second, query), query).toBe(expected);
  expect(await viaRoute(query), query).toBe(expected);
  return JSON.parse(expected) as { items: Array<Record<string, unknown>>; total: number };
}

const QUERIES = [
  '',
  'sort=price_asc&limit=7',
  'q=kurta',
  'q=kurta&sort=price_desc&page=2&limit=5',
  'category=Mens&inStock=true',
  'q=zzzz',
  'size=M&sort=rating',
];

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await registerSeller(ctx.app);
  for (let i = 0; i < 24; i++) {
    const { product } = await insertSizedProduct(
      ctx.db,
      seller.id,
      [
        { size: 'S', stock: i % 3, pricePaise: 49_900 + i * 1_000 },
        { size: 'M', stock: 4, pricePaise: 59_900 + i * 1_000 },
        { size: 'L', stock: i % 2 },
      ],
      {
        name: i % 2 ? `Linen Kurta ${i}` : `Oxford Shirt ${i}`,
        subCategory: i % 3 ? 'gentsShirt' : 'LadiesDress',
        description: `Soft “handloom” weave №${i} — कुर्ता`,
        images: [
          { url: `/media/p${i}/640.webp`, publicId: `p${i}`, alt: 'front' },
          { url: `/media/q${i}/640.webp`, publicId: `q${i}`, alt: 'back' },
        ],
        sizeChart: i % 4 === 0 ? { measurements: ['Chest'], rows: [{ size: 'M', cm: [96] }] } : null,
      },
    );
    ids.push(product.id);
  }
  first = new SearchIndex(ctx.db);
  second = new SearchIndex(ctx.db);
  reading = new SearchIndex(ctx.db, { productJsonBytes: 0 });
  await Promise.all([first.start(), second.start(), reading.start()]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await reading?.close();
  await ctx?.close();
});

describe('search answers built from kept product JSON', () => {
  it.each(QUERIES)('%j: the same bytes the answer schema gives, read or kept', async (query) => {
    await expectSameEverywhere(query);
    const hits = first.productJson.hits;
    // Asked again: every product of the page is now kept, and the answer does not change.
    expect(await builtFromMemory(first, query)).toBe(await serialisedAfresh(query));
    const page = (JSON.parse(await serialisedAfresh(query)) as { items: unknown[] }).items.length;
    expect(first.productJson.hits - hits).toBe(page);
  });

  it('shows a change to anything a product answer shows in the next search, in every process', async () => {
    const query = 'sort=newest&limit=48';
    const id = ids[5]!;
    const item = async () => (await expectSameEverywhere(query)).items.find((p) => p._id === id)!;
    expect(await item()).toBeDefined();

    // Price (a variant's, which sets the product's) and stock that leaves it in stock: search's
    // own copy (product_search) does not change for the stock, the answer does.
    await ctx.db
      .update(productVariants)
      .set({ stock: 9, pricePaise: 12_300 })
      .where(eq(productVariants.productId, id));
    await bumpCatalogVersion(ctx.db);
    expect((await item()).price).toBe(123);
    expect((await item()).stockQuantity).toBe(27);
    await ctx.db.update(productVariants).set({ stock: 8 }).where(eq(productVariants.productId, id));
    await bumpCatalogVersion(ctx.db);
    expect((await item()).stockQuantity).toBe(24);

    // Name and photos.
    await ctx.db
      .update(products)
      .set({
        name: 'Renamed Kurta',
        images: [{ url: '/media/new/640.webp', publicId: 'new', alt: 'new front' }],
      })
      .where(eq(products.id, id));
    await bumpCatalogVersion(ctx.db);
    expect((await item()).productName).toBe('Renamed Kurta');
    expect((await item()).images).toEqual([
      { url: '/media/new/640.webp', alt: 'new front', public_id: 'new' },
    ]);

    // A variant's SKU alone (the product's row does not change).
    const [variant] = await ctx.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .limit(1);
    await ctx.db
      .update(productVariants)
      .set({ sku: 'SKU-RENAMED' })
      .where(eq(productVariants.id, variant!.id));
    await bumpCatalogVersion(ctx.db);
    expect(((await item()).variants as Array<{ sku: string }>).map((v) => v.sku)).toContain('SKU-RENAMED');

    // The seller's company name is in each of its products.
    await ctx.db.update(sellers).set({ companyName: 'Ravi Handlooms' }).where(eq(sellers.id, seller.id));
    expect((await item()).companyName).toBe('Ravi Handlooms');

    // Through the shop's own API (the route's process): the description.
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/seller/update-product',
      headers: auth(seller.token),
      payload: { productId: id, description: 'Woven in Chanderi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await item()).description).toBe('Woven in Chanderi');

    for (const q of QUERIES) await expectSameEverywhere(q);
  });

  it('leaves out a removed product, and a suspended seller’s, from the next search', async () => {
    const query = 'sort=price_desc&limit=48';
    const id = ids[7]!;
    expect((await expectSameEverywhere(query)).items.map((p) => p._id)).toContain(id);
    await ctx.db.update(products).set({ status: 'removed' }).where(eq(products.id, id));
    await bumpCatalogVersion(ctx.db);
    const after = await expectSameEverywhere(query);
    expect(after.items.map((p) => p._id)).not.toContain(id);
    await ctx.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, seller.id));
    expect((await expectSameEverywhere(query)).total).toBe(0);
    await ctx.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, seller.id));
    expect((await expectSameEverywhere(query)).total).toBe(after.total);
  });

  it('gives an answer the same ETag in every process, and a new one when a product in it changes', async () => {
    const query = 'q=kurta&sort=newest&limit=6';
    const etagOf = async (index: SearchIndex) => {
      await index.catchUp();
      return (await runSearch(ctx.db, index, parse(query))).etag;
    };
    const before = await etagOf(first);
    expect(before).toMatch(/^"[\w-]{22}"$/);
    expect(await etagOf(second)).toBe(before);

    const route = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(route.headers.etag).toBe(before);
    const notModified = await ctx.app.inject({
      method: 'GET',
      url: `/api/products?${query}`,
      headers: { 'if-none-match': before },
    });
    expect(notModified.statusCode).toBe(304);

    const shown = (JSON.parse(route.body) as { items: { _id: string }[] }).items[2]!._id;
    await ctx.db.update(products).set({ description: 'Now in mulmul' }).where(eq(products.id, shown));
    await bumpCatalogVersion(ctx.db);
    const after = await etagOf(first);
    expect(after).not.toBe(before);
    expect(await etagOf(second)).toBe(after);
    const changed = await ctx.app.inject({
      method: 'GET',
      url: `/api/products?${query}`,
      headers: { 'if-none-match': before },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe(after);
  });

  it('keeps the newest products’ answers once loaded, so a search reads no product; again after a reload', async () => {
    const filled: SearchIndex = new SearchIndex(ctx.db, {
      afterLoad: ({ still }) => keepNewestAnswers(ctx.db, filled, still),
    });
    try {
      await filled.start();
      await filled.filling;
      const visible = (await searchProducts(ctx.db, reading, parse('limit=1'))).total;
      expect(visible).toBeGreaterThan(10);
      expect(filled.productJson.size).toBe(visible);
      const misses = filled.productJson.misses;
      for (const query of QUERIES)
        expect(await builtFromMemory(filled, query)).toBe(await serialisedAfresh(query));
      expect(filled.productJson.misses).toBe(misses);

      await (filled as unknown as { reload(): Promise<void> }).reload();
      expect(filled.filling).toBeDefined();
      await filled.filling;
      expect(filled.productJson.size).toBe(visible);
    } finally {
      await filled.close();
    }
  });

  it('keeps only the newest answers that fit in its memory', async () => {
    const one = (await searchProducts(ctx.db, reading, parse('limit=1'))).items[0]!;
    const bytes = Buffer.byteLength(JSON.stringify(one));
    const small: SearchIndex = new SearchIndex(ctx.db, {
      productJsonBytes: 6 * (bytes + ENTRY_OVERHEAD),
      afterLoad: ({ still }) => keepNewestAnswers(ctx.db, small, still),
    });
    try {
      await small.start();
      await small.filling;
      const newest = (await searchProducts(ctx.db, reading, parse('sort=newest&limit=48'))).items.map(
        (p) => p._id,
      );
      expect(small.productJson.size).toBeGreaterThanOrEqual(3);
      expect(small.productJson.size).toBeLessThan(6);
      for (const [i, id] of newest.entries())
        expect(small.productJson.has(id), id).toBe(i < small.productJson.size);
    } finally {
      await small.close();
    }
  });

  it('is emptied when the index reloads whole', async () => {
    await builtFromMemory(first, '');
    expect(first.productJson.size).toBeGreaterThan(0);
    await (first as unknown as { reload(): Promise<void> }).reload();
    expect(first.productJson.size).toBe(0);
    await expectSameEverywhere('');
  });
});

describe('the kept product JSON', () => {
  it('keeps the most recently used texts within its bound', () => {
    const kept = new ProductJsonCache(3 * (100 + ENTRY_OVERHEAD));
    const text = (c: string) => c.repeat(100);
    for (const id of ['a', 'b', 'c']) kept.put(id, 's', text(id), kept.begin());
    expect(kept.get('a')?.json.toString()).toBe(text('a'));
    kept.put('d', 's', text('d'), kept.begin());
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')?.json.toString()).toBe(text('a'));
    expect(kept.get('d')?.json.toString()).toBe(text('d'));
    expect(kept.heldBytes).toBeLessThanOrEqual(3 * (100 + ENTRY_OVERHEAD));
  });

  it('refuses a text read before its product or its seller was dropped', () => {
    const kept = new ProductJsonCache();
    const before = kept.begin();
    kept.drop(['a']);
    kept.put('a', 's1', 'old a', before);
    expect(kept.get('a')).toBeUndefined();
    kept.put('b', 's1', 'b read before', before);
    expect(kept.get('b')?.json.toString()).toBe('b read before');
    const later = kept.begin();
    kept.put('a', 's1', 'new a', later);
    expect(kept.get('a')?.json.toString()).toBe('new a');

    const beforeSeller = kept.begin();
    kept.drop([], ['s1']);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('b')).toBeUndefined();
    kept.put('c', 's1', 'old c', beforeSeller);
    kept.put('d', 's2', 'd of another seller', beforeSeller);
    expect(kept.get('c')).toBeUndefined();
    expect(kept.get('d')?.json.toString()).toBe('d of another seller');

    const beforeClear = kept.begin();
    kept.clear();
    kept.put('e', 's2', 'old e', beforeClear);
    expect(kept.get('e')).toBeUndefined();
    expect(kept.size).toBe(0);
  });
});
