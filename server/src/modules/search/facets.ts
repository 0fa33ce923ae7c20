import { type FacetValue, PRICE_BANDS, type SearchFacets } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import {
  allFilters,
  allFiltersExcept,
  brandKey,
  colorKey,
  type Dimension,
  priceBand,
  type SearchFilters,
} from './filters.ts';

/**
 * grouping(category, subCategory, colorKey, brandKey, band) of each grouping set: a bit is set for
 * every column the set does not group by.
 */
const SET: Record<Dimension | 'all', number> = {
  category: 0b01111,
  subCategory: 0b10111,
  color: 0b11011,
  brand: 0b11101,
  price: 0b11110,
  all: 0b11111,
};

const countUnless = (f: SearchFilters, d: Dimension) =>
  sql<number>`count(*) filter (where ${allFiltersExcept(f, d)})`.mapWith(Number);

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.value.localeCompare(b.value);

/**
 * Every facet and the total in one statement and one pass over the matching products: grouping
 * sets give one group per dimension value, and each dimension counts with every filter but its own
 * (disjunctive facets: choosing a colour still shows how many the other colours have).
 */
export async function searchFacets(
  db: DbOrTx,
  f: SearchFilters,
): Promise<{ facets: SearchFacets; total: number }> {
  const rows = await db
    .select({
      set: sql<number>`grouping(${products.category}, ${products.subCategory}, ${colorKey}, ${brandKey}, ${priceBand})`.mapWith(
        Number,
      ),
      category: products.category,
      subCategory: products.subCategory,
      colorKey: sql<string | null>`${colorKey}`,
      // A representative spelling of the colour/brand for display (the filter ignores case).
      color: sql<string | null>`max(${products.color})`,
      brand: sql<string | null>`max(${products.brand})`,
      brandKey: sql<string | null>`${brandKey}`,
      band: sql<number | null>`${priceBand}`,
      nCategory: countUnless(f, 'category'),
      nSubCategory: countUnless(f, 'subCategory'),
      nColor: countUnless(f, 'color'),
      nBrand: countUnless(f, 'brand'),
      nPrice: countUnless(f, 'price'),
      nAll: sql<number>`count(*) filter (where ${allFilters({ ...f, base: sql`true` })})`.mapWith(Number),
    })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(f.base)
    .groupBy(
      sql`grouping sets ((${products.category}), (${products.subCategory}), (${colorKey}), (${brandKey}), (${priceBand}), ())`,
    );

  const facets: SearchFacets = {
    category: [],
    subCategory: [],
    color: [],
    brand: [],
    price: PRICE_BANDS.map((b) => ({ label: b.label, min: b.min, max: b.max, count: 0 })),
  };
  let total = 0;
  for (const r of rows) {
    if (r.set === SET.all) total = r.nAll;
    else if (r.set === SET.category && r.nCategory > 0)
      facets.category.push({ value: r.category, count: r.nCategory });
    else if (r.set === SET.subCategory && r.nSubCategory > 0)
      facets.subCategory.push({ value: r.subCategory, count: r.nSubCategory });
    else if (r.set === SET.color && r.colorKey && r.color && r.nColor > 0)
      facets.color.push({ value: r.color.trim(), count: r.nColor });
    else if (r.set === SET.brand && r.brandKey && r.brand && r.nBrand > 0)
      facets.brand.push({ value: r.brand.trim(), count: r.nBrand });
    else if (r.set === SET.price && r.band !== null) facets.price[Number(r.band)]!.count = r.nPrice;
  }
  for (const d of ['category', 'subCategory', 'color', 'brand'] as const) facets[d].sort(byCount);
  return { facets, total };
}
