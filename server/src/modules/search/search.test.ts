import type { ProductSearchAnswer } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, registerSeller } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { products, sellers } from '../../db/schema.ts';
import { textQuery } from './text-query.ts';

let ctx: TestContext;

/** The seeded catalogue: name, sub-category, brand, colour, rupees, stock, rating. */
const CATALOGUE = [
  ['Linen Shirt', 'gentsShirt', 'Raymond', 'Olive', 1999, 6, 3.9],
  ['Classic Linen Shirt', 'gentsShirt', 'Fabindia', 'White', 1499, 5, 4.5],
  ['Linen Shirt Slim Fit', 'gentsShirt', 'Peter England', 'Blue', 899, 0, 3],
  ['Denim Shirt', 'gentsShirt', 'Levis', 'Blue', 2499, 3, 4.8],
  ['Oxford Button Down', 'gentsShirt', 'Arrow', 'White', 1799, 8, 4.1],
  ['Cotton Chino Pants', 'gentsPant', 'Peter England', 'Beige', 1299, 10, 4],
  ['Fleece Hoodie', 'gentsHoody', 'Puma', 'Black', 2999, 7, 0],
  ['Floral Summer Dress', 'LadiesDress', 'Biba', 'Red', 1899, 4, 4.2],
  ['Silk Kurta Top', 'girlsTop', 'Biba', 'blue', 799, 2, 3.5],
  ['Palazzo Pants', 'LadiesPant', 'W', 'Black', 6499, 1, 2],
  ['Dino Print Tee', 'KidsWear', 'Hopscotch', 'Green', 399, 20, 4.4],
] as const;
const VISIBLE = CATALOGUE.length;

beforeAll(async () => {
  ctx = await createTestContext();
  const seller = await registerSeller(ctx.app);
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (const [i, [name, subCategory, brand, color, rupees, stock, rating]] of CATALOGUE.entries()) {
    await insertProduct(ctx.db, seller.id, {
      name,
      subCategory,
      brand,
      color,
      pricePaise: rupees * 100,
      stock,
      ratingAvg: rating,
      ratingCount: rating > 0 ? 3 : 0,
      createdAt: new Date(start + i * 60_000),
    });
  }
  // Never shown: removed, and from a suspended seller.
  await insertProduct(ctx.db, seller.id, { name: 'Removed Linen Shirt', status: 'removed' });
  const suspended = await registerSeller(ctx.app);
  await insertProduct(ctx.db, suspended.id, { name: 'Suspended Linen Shirt' });
  await ctx.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, suspended.id));
});
afterAll(() => ctx?.close());

async function search(query: string): Promise<ProductSearchAnswer> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-total-count']).toBe(String(res.json().total));
  return res.json();
}
const names = (a: ProductSearchAnswer) => a.items.map((p) => p.productName);

describe('full-text search', () => {
  it('puts the product named exactly as typed first', async () => {
    const a = await search('q=linen%20shirt');
    expect(names(a)[0]).toBe('Linen Shirt');
    expect(names(a)).toEqual(expect.arrayContaining(['Classic Linen Shirt', 'Linen Shirt Slim Fit']));
    expect(names(a)).not.toContain('Removed Linen Shirt');
    expect(names(a)).not.toContain('Suspended Linen Shirt');
  });

  it('ranks a name match above a match on the category only', async () => {
    const a = await search('q=shirt');
    // "Oxford Button Down" is only a shirt by its sub-category.
    expect(names(a).at(-1)).toBe('Oxford Button Down');
    expect(a.total).toBe(5);
  });

  it('tolerates case, plurals and a word still being typed', async () => {
    expect(names(await search('q=SHIRTS'))).toContain('Denim Shirt');
    expect(names(await search('q=hoodies'))).toEqual(['Fleece Hoodie']);
    expect(names(await search('q=palaz'))).toEqual(['Palazzo Pants']);
    expect(names(await search('q=denim%20shi'))).toEqual(['Denim Shirt']);
  });

  it('searches brand, colour and category words too', async () => {
    expect(names(await search('q=biba')).sort()).toEqual(['Floral Summer Dress', 'Silk Kurta Top']);
    expect(names(await search('q=olive'))).toEqual(['Linen Shirt']);
    expect(names(await search('q=kids'))).toEqual(['Dino Print Tee']);
    expect((await search('q=women')).total).toBe(3);
  });

  it('supports exclusion and survives operator soup', async () => {
    expect(names(await search('q=shirt%20-denim'))).not.toContain('Denim Shirt');
    expect((await search(`q=${encodeURIComponent("shirt & | ! ( ) :* '")}`)).total).toBe(5);
    expect((await search('q=%21%21%21')).total).toBe(VISIBLE);
    expect((await search('q=zzzzqqq')).items).toEqual([]);
  });
});

describe('filters and sorting', () => {
  it('lists every visible product newest first without parameters (blank ones are ignored)', async () => {
    const a = await search('q=&category=&sort=&page=&limit=');
    expect(a.total).toBe(VISIBLE);
    expect(names(a)).toEqual(CATALOGUE.map((c) => c[0]).reverse());
    expect(a.items[0]).toMatchObject({ price: 399, stockQuantity: 20, category: 'Kids', brand: 'Hopscotch' });
  });

  it.each([
    ['category=Womens', ['Floral Summer Dress', 'Silk Kurta Top', 'Palazzo Pants']],
    ['subCategory=gentsPant', ['Cotton Chino Pants']],
    ['color=blue', ['Linen Shirt Slim Fit', 'Denim Shirt', 'Silk Kurta Top']],
    ['color=Red&color=Green', ['Floral Summer Dress', 'Dino Print Tee']],
    ['brand=peter%20england', ['Linen Shirt Slim Fit', 'Cotton Chino Pants']],
    [
      'minPrice=1000&maxPrice=1999',
      [
        'Linen Shirt',
        'Classic Linen Shirt',
        'Oxford Button Down',
        'Cotton Chino Pants',
        'Floral Summer Dress',
      ],
    ],
    ['minPrice=6000', ['Palazzo Pants']],
    ['maxPrice=799', ['Silk Kurta Top', 'Dino Print Tee']],
    [
      'inStock=true&subCategory=gentsShirt',
      ['Linen Shirt', 'Classic Linen Shirt', 'Denim Shirt', 'Oxford Button Down'],
    ],
    ['q=linen&color=blue', ['Linen Shirt Slim Fit']],
  ])('%s gives exactly the matching products', async (query, expected) => {
    const a = await search(query);
    expect(names(a).sort()).toEqual([...expected].sort());
    expect(a.total).toBe(expected.length);
  });

  it('sorts by price both ways, by rating and by newest', async () => {
    const prices = (a: ProductSearchAnswer) => a.items.map((p) => p.price);
    const asc = prices(await search('sort=price_asc'));
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    expect(asc[0]).toBe(399);
    const descending = prices(await search('sort=price_desc'));
    expect(descending).toEqual([...asc].reverse());
    const rated = (await search('sort=rating')).items.map((p) => p.rating);
    expect(rated).toEqual([...rated].sort((x, y) => y - x));
    expect(names(await search('sort=rating&limit=1'))).toEqual(['Denim Shirt']);
    expect(names(await search('sort=newest&limit=1'))).toEqual(['Dino Print Tee']);
    // An explicit sort overrides relevance.
    expect(names(await search('q=linen&sort=price_asc'))[0]).toBe('Linen Shirt Slim Fit');
  });

  it('pages without overlap or gaps', async () => {
    const all = names(await search('sort=price_asc&limit=200'));
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const a = await search(`sort=price_asc&limit=4&page=${page}`);
      expect(a).toMatchObject({ page, limit: 4, total: VISIBLE });
      pages.push(...names(a));
    }
    expect(pages).toEqual(all);
    const past = await search('sort=price_asc&limit=4&page=9');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(VISIBLE);
  });

  it.each([
    ['sort=cheapest', 'sort'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['page=0', 'page'],
    ['minPrice=abc', 'minPrice'],
    ['maxPrice=-5', 'maxPrice'],
    ['minPrice=500&maxPrice=100', 'minPrice'],
    ['category=Unisex', 'category'],
    ['subCategory=socks', 'subCategory'],
    ['inStock=maybe', 'inStock'],
    [`q=${'a'.repeat(201)}`, 'q'],
  ])('rejects %s with 400 naming %s', async (query, path) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe(path);
  });
});

describe('facets', () => {
  it('counts the whole catalogue per category, sub-category, colour, brand and price band', async () => {
    const { facets } = await search('');
    expect(facets.category).toEqual([
      { value: 'Mens', count: 7 },
      { value: 'Womens', count: 3 },
      { value: 'Kids', count: 1 },
    ]);
    expect(facets.color.find((c) => c.value.toLowerCase() === 'blue')?.count).toBe(3);
    expect(facets.brand).toContainEqual({ value: 'Biba', count: 2 });
    expect(facets.price.map((b) => b.count)).toEqual([1, 2, 5, 2, 1]);
    expect(facets.price[0]).toEqual({ label: 'Under Rs. 500', min: 0, max: 499.99, count: 1 });
  });

  it.each([
    'q=shirt',
    'category=Mens&color=Blue',
    'q=pants&minPrice=1000',
    'brand=Biba&inStock=true',
    'subCategory=gentsShirt&maxPrice=1999',
    // Price limits inside bands: products of one band fall on both sides.
    'minPrice=1500&maxPrice=2500',
    'q=shirt&color=BLUE&minPrice=900',
  ])('for %s each facet count is what choosing that value gives', async (query) => {
    const a = await search(query);
    const params = new URLSearchParams(query);
    for (const dim of ['category', 'subCategory', 'color', 'brand'] as const) {
      for (const { value, count } of a.facets[dim]) {
        const p = new URLSearchParams(params);
        p.set(dim, value);
        expect((await search(p.toString())).total, `${query} ${dim}=${value}`).toBe(count);
      }
      // The chosen value's own count equals the total shown.
      const chosen = params.get(dim);
      if (chosen) {
        expect(a.facets[dim].find((f) => f.value.toLowerCase() === chosen.toLowerCase())?.count).toBe(
          a.total,
        );
      }
    }
    for (const band of a.facets.price) {
      const p = new URLSearchParams(params);
      p.set('minPrice', String(band.min));
      if (band.max === null) p.delete('maxPrice');
      else p.set('maxPrice', String(band.max));
      const narrowed = await search(p.toString());
      // The band's count ignores the price filter itself, exactly like choosing the band would.
      expect(narrowed.total, `${query} ${band.label}`).toBe(band.count);
    }
  });
});

describe('text matching', () => {
  it('matches plain text with the prefix query alone, finding exactly what the full query finds', async () => {
    const ids = async (tsQuery: ReturnType<typeof sql>) =>
      (await ctx.db.select({ id: products.id }).from(products).where(sql`${products.search} @@ ${tsQuery}`))
        .map((r) => r.id)
        .sort();
    const plain = [
      'shirts',
      'linen shirt',
      'the shirt',
      'shirt with',
      'kurt',
      'denim shi',
      'blue 20',
      'hoodies women',
      'linen shirts',
    ];
    for (const q of plain) {
      const t = textQuery(q)!;
      expect(t.match, q).not.toBe(t.rank);
      expect(await ids(t.match), q).toEqual(await ids(t.rank));
    }
    // Text the database's parser may split differently (hyphens, dots, other scripts) keeps the full query.
    for (const q of ['t-shirt', '3.5 linen', 'kurta कुर्ता', 'shirt -denim']) {
      const t = textQuery(q)!;
      expect(t.match, q).toBe(t.rank);
    }
  });
});

describe('pages', () => {
  it.each([
    'q=shirt',
    'q=linen%20shirt',
    'q=s',
    'sort=price_asc',
    'sort=rating',
    'sort=newest',
    'q=blue&sort=price_desc',
  ])('%s: pages of two list exactly what one page of all lists', async (query) => {
    const whole = names(await search(`${query}&limit=200`));
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 2) + 1; page++)
      paged.push(...names(await search(`${query}&limit=2&page=${page}`)));
    expect(paged).toEqual(whole);
  });
});
