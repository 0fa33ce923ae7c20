import type { PGlite } from '@electric-sql/pglite';
import { type ProductSearchAnswer, productSearchQuerySchema, SIZES } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSizedProduct, registerSeller } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { products, productVariants } from '../../db/schema.ts';
import { bumpCatalogVersion } from '../catalog/index.ts';
import { SearchIndex } from './memory-index.ts';
import { searchProducts } from './search-products.ts';

/**
 * Sizes and colours live on the variants (issue "Clothing catalogue"): a size filter finds
 * products with a variant of that size in stock, a colour filter the product's own colour or a
 * variant's in stock, and both together one variant with both.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const seller = await registerSeller(ctx.app);
  const add = (
    name: string,
    color: string | null,
    sizes: Parameters<typeof insertSizedProduct>[2],
    subCategory: 'gentsShirt' | 'LadiesDress' = 'gentsShirt',
  ) => insertSizedProduct(ctx.db, seller.id, sizes, { name, color, subCategory });
  // One colour (the product's), M in stock.
  await add('Blue Kurta', 'Blue', [
    { size: 'M', stock: 5, pricePaise: 99_900 },
    { size: 'L', stock: 0 },
  ]);
  // One colour, M sold out.
  await add('Blue Pathani', 'Blue', [
    { size: 'M', stock: 0 },
    { size: 'L', stock: 3, pricePaise: 149_900 },
  ]);
  // M only in Red, L only in Blue: no blue M.
  await add('Checked Shirt', 'Multicolour', [
    { size: 'M', color: 'Red', stock: 2, pricePaise: 129_900 },
    { size: 'L', color: 'Blue', stock: 4, pricePaise: 129_900 },
  ]);
  // A variant colour spelt in lower case; the green one sold out.
  await add('Navy Tee', 'Navy', [
    { size: 'S', color: 'blue', stock: 1, pricePaise: 49_900 },
    { size: 'XL', color: 'Green', stock: 0, pricePaise: 49_900 },
  ]);
  // Cheap in a size that is sold out: it costs what the size in stock costs.
  await add(
    'Silk Gown',
    'Red',
    [
      { size: 'S', stock: 2, pricePaise: 300_000 },
      { size: 'M', stock: 0, pricePaise: 20_000 },
    ],
    'LadiesDress',
  );
});
afterAll(() => ctx?.close());

async function search(query: string): Promise<ProductSearchAnswer> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = async (query: string) => (await search(query)).items.map((p) => p.productName).sort();

describe('the size filter', () => {
  it('finds only products with a variant of that size in stock', async () => {
    expect(await names('size=M')).toEqual(['Blue Kurta', 'Checked Shirt']);
    expect(await names('size=L')).toEqual(['Blue Pathani', 'Checked Shirt']);
    expect(await names('size=XL')).toEqual([]);
    // Several sizes mean either; case is forgiven; a blank one is no filter.
    expect(await names('size=m&size=S')).toEqual(['Blue Kurta', 'Checked Shirt', 'Navy Tee', 'Silk Gown']);
    expect((await search('size=')).total).toBe(5);
  });

  it('stops finding a product when its last variant of the size sells out, and finds it again on restock', async () => {
    const [kurtaM] = await ctx.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.name, 'Blue Kurta'));
    const setStock = async (stock: number) => {
      await ctx.db.update(productVariants).set({ stock }).where(eq(productVariants.id, kurtaM!.id));
      await bumpCatalogVersion(ctx.db);
    };
    await setStock(0);
    expect(await names('size=M')).toEqual(['Checked Shirt']);
    await setStock(5);
    expect(await names('size=M')).toEqual(['Blue Kurta', 'Checked Shirt']);
  });

  it('rejects an unknown size with 400 naming the sizes there are', async () => {
    for (const query of ['size=XXM', 'size=M&size=huge', 'size=M,L']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
      expect(res.statusCode, query).toBe(400);
      const error = res.json().errors[0];
      expect(error.path).toBe('size');
      expect(error.msg).toMatch(/^Unknown size ".+": size must be one of XS, S, M, /);
    }
  });
});

describe('the colour filter with variants', () => {
  it("matches the product's own colour or a colour of a variant in stock, ignoring case", async () => {
    expect(await names('color=blue')).toEqual(['Blue Kurta', 'Blue Pathani', 'Checked Shirt', 'Navy Tee']);
    expect(await names('color=RED')).toEqual(['Checked Shirt', 'Silk Gown']);
    // Navy Tee's only green variant is sold out.
    expect(await names('color=Green')).toEqual([]);
  });

  it('with a size needs one variant in stock of that size and colour', async () => {
    // Checked Shirt has M (in Red) and Blue (in L), but no blue M.
    expect(await names('size=M&color=Blue')).toEqual(['Blue Kurta']);
    expect(await names('size=M&color=Red')).toEqual(['Checked Shirt']);
    // A variant of no colour of its own has the product's colour.
    expect(await names('size=L&color=blue')).toEqual(['Blue Pathani', 'Checked Shirt']);
    expect(await names('size=S&size=M&color=Blue')).toEqual(['Blue Kurta', 'Navy Tee']);
    expect(await names('size=XL&color=Green')).toEqual([]);
  });
});

describe('size facets', () => {
  it('count products per size in stock, in size order', async () => {
    const { facets } = await search('');
    expect(facets.size).toEqual([
      { value: 'S', count: 2 },
      { value: 'M', count: 2 },
      { value: 'L', count: 2 },
    ]);
    // A product spelling a colour two ways counts once under it.
    expect(facets.color.find((c) => c.value.toLowerCase() === 'blue')?.count).toBe(4);
    expect(facets.color.map((c) => c.value.toLowerCase())).not.toContain('green');
  });

  it.each([
    '',
    'size=M',
    'color=Blue',
    'size=M&color=Blue',
    'size=L&color=Red',
    'size=S&size=L&color=blue&color=red',
    'category=Mens&size=L',
    'maxPrice=1300&color=Blue',
  ])(
    'for %s each facet count is what choosing that value gives (but the same-variant rule)',
    async (query) => {
      const a = await search(query);
      const params = new URLSearchParams(query);
      // The size and colour facets each ignore the same-variant rule with their own filter: exact
      // when the other of the two is not chosen.
      const exact = [
        'category',
        'brand',
        ...(params.has('color') ? [] : ['size']),
        ...(params.has('size') ? [] : ['color']),
      ];
      for (const dim of exact as ('size' | 'color' | 'category' | 'brand')[]) {
        for (const { value, count } of a.facets[dim]) {
          const p = new URLSearchParams(params);
          p.set(dim, value);
          expect((await search(p.toString())).total, `${query} ${dim}=${value}`).toBe(count);
        }
      }
      // A size chosen alone counts exactly the products shown.
      const sizes = params.getAll('size');
      if (sizes.length === 1 && !params.has('color'))
        expect(a.facets.size.find((f) => f.value === sizes[0])?.count ?? 0).toBe(a.total);
      expect(a.facets.size.map((f) => f.value)).toEqual(
        [...a.facets.size.map((f) => f.value)].sort(
          (x, y) => SIZES.indexOf(x as never) - SIZES.indexOf(y as never),
        ),
      );
    },
  );

  it('count a product under a size when it has the size in stock and the colour chosen, in any variants', async () => {
    // Checked Shirt has M (in Red) and Blue (in L): choosing M then Blue finds only Blue Kurta,
    // but the colour facet beside M counts what M with Blue, each on its own, gives.
    const m = await search('size=M');
    expect(m.facets.color.find((c) => c.value.toLowerCase() === 'blue')?.count).toBe(2);
    expect(await names('size=M&color=Blue')).toEqual(['Blue Kurta']);
    const both = await search('size=M&color=Blue');
    expect(both.total).toBe(1);
    expect(both.facets.size.find((f) => f.value === 'M')?.count).toBe(2);
    // The other facets follow the rule exactly.
    expect(both.facets.category).toEqual([{ value: 'Mens', count: 1 }]);
  });
});

describe('price with sizes', () => {
  it('sorts and filters by the lowest price of a variant in stock', async () => {
    const a = await search('sort=price_asc');
    expect(a.items.map((p) => [p.productName, p.price])).toEqual([
      ['Navy Tee', 499],
      ['Blue Kurta', 999],
      ['Checked Shirt', 1299],
      ['Blue Pathani', 1499],
      ['Silk Gown', 3000],
    ]);
    // The gown's Rs. 200 M is sold out.
    expect(await names('maxPrice=500')).toEqual(['Navy Tee']);
    expect(await names('size=S&sort=price_desc')).toEqual(['Navy Tee', 'Silk Gown']);
  });
});

describe('size and colour together while variants change', () => {
  it('finds a product once its variant of that size and colour is back in stock, and not after it sells out', async () => {
    // Red M and blue L in stock, blue M sold out: restocking it changes neither the sizes nor the
    // colours in stock, only which variant has both.
    const { product, variants } = await insertSizedProduct(ctx.db, (await registerSeller(ctx.app)).id, [
      { size: 'M', color: 'Red', stock: 1, pricePaise: 89_900 },
      { size: 'L', color: 'Blue', stock: 1, pricePaise: 89_900 },
      { size: 'M', color: 'Blue', stock: 0, pricePaise: 89_900 },
    ]);
    await bumpCatalogVersion(ctx.db);
    const blueM = variants.find((v) => v.size === 'M' && v.color === 'Blue')!;
    const found = async () => (await search('size=M&color=Blue&limit=200')).items.map((p) => p._id);
    expect(await found()).not.toContain(product.id);
    const setStock = async (stock: number) => {
      await ctx.db.update(productVariants).set({ stock }).where(eq(productVariants.id, blueM.id));
      await bumpCatalogVersion(ctx.db);
    };
    await setStock(3);
    expect(await found()).toContain(product.id);
    await setStock(0);
    expect(await found()).not.toContain(product.id);
    // Removed again so the counts above stay the fixture's.
    await ctx.db.update(products).set({ status: 'removed' }).where(eq(products.id, product.id));
    await bumpCatalogVersion(ctx.db);
  });
});

describe('statements', () => {
  /** A Drizzle handle on the test database that counts the statements it runs. */
  function countingDb(): { db: Db; count: () => number } {
    let n = 0;
    const logger = {
      logQuery: () => {
        n++;
      },
    };
    const client = (ctx.db as unknown as { $client: unknown }).$client;
    const db =
      ctx.database.kind === 'postgres'
        ? drizzlePg(client as pg.Pool, { schema, logger })
        : drizzlePglite(client as PGlite, { schema, logger });
    return { db: db as unknown as Db, count: () => n };
  }
  const parse = (query: string) =>
    productSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

  it('takes no more statements with size and colour than without', async () => {
    const { db, count } = countingDb();
    const index = new SearchIndex(db);
    try {
      await index.start();
      const statements = async (query: string) => {
        const before = count();
        await searchProducts(db, index, parse(query));
        return count() - before;
      };
      // The first prunes old change rows.
      await statements('sort=newest');
      expect(await statements('size=M&color=Blue&sort=price_asc')).toBe(await statements('sort=price_asc'));
    } finally {
      await index.close();
    }
  });
});
