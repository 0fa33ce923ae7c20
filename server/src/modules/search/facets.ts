import { type FacetValue, PRICE_BANDS, type ProductSearchQuery, type SearchFacets } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import {
  allDimensionsBut,
  type Dimension,
  dimensionFilters,
  type FilterColumns,
  keyOf,
  priceBand,
  type SearchFilters,
} from './filters.ts';

/**
 * grouping(category, subCategory, colour key, brand key, band) of each grouping set: a bit is set
 * for every column the set does not group by.
 */
const SET: Record<Dimension | 'all', number> = {
  category: 0b01111,
  subCategory: 0b10111,
  color: 0b11011,
  brand: 0b11101,
  price: 0b11110,
  all: 0b11111,
};

/** The columns of the first step's groups, as the dimension filters read them. */
const GROUP: FilterColumns = {
  category: sql`${sql.identifier('category')}`,
  subCategory: sql`${sql.identifier('sub_category')}`,
  color: sql`${sql.identifier('color')}`,
  brand: sql`${sql.identifier('brand')}`,
  price: sql`${sql.identifier('in_price')}`,
  priceIsFilter: true,
};
const colorKey = keyOf(GROUP.color);
const brandKey = keyOf(GROUP.brand);

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.value.localeCompare(b.value);

/**
 * Every facet and the total in one statement, in two steps. First the matching products are
 * counted per category, sub-category, colour and brand (as typed), price band, and whether the
 * price filter passes: one pass over the products, a few hundred groups even for a common word.
 * Then grouping sets over those groups give one row per dimension value, and each dimension sums
 * the groups that pass every filter but its own (disjunctive facets: choosing a colour still shows
 * how many the other colours have). The counts are those of grouping the products themselves,
 * but each product is looked at once, and the colour and brand keys and the filters are worked
 * out per group instead of per product and dimension.
 */
export async function searchFacets(
  db: DbOrTx,
  query: ProductSearchQuery,
  f: SearchFilters,
): Promise<{ facets: SearchFacets; total: number }> {
  const groups = db.$with('groups').as(
    db
      .select({
        category: sql<string>`${products.category}`.as('category'),
        subCategory: sql<string>`${products.subCategory}`.as('sub_category'),
        color: sql<string | null>`${products.color}`.as('color'),
        brand: sql<string | null>`${products.brand}`.as('brand'),
        band: sql<number>`${priceBand}`.as('band'),
        inPrice: sql<boolean>`${f.byDimension.price}`.as('in_price'),
        n: sql<number>`count(*)`.as('n'),
      })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(f.base)
      // By position: the five keys and the price filter (the constant `true` when not set).
      .groupBy(sql.raw('1, 2, 3, 4, 5, 6')),
  );
  const byDimension = dimensionFilters(query, GROUP);
  const count = (skip?: Dimension) =>
    sql<number>`coalesce(sum("n") filter (where ${allDimensionsBut(byDimension, skip)}), 0)`.mapWith(Number);
  const rows = await db
    .with(groups)
    .select({
      set: sql<number>`grouping("category", "sub_category", ${colorKey}, ${brandKey}, "band")`.mapWith(
        Number,
      ),
      category: sql<string>`"category"`,
      subCategory: sql<string>`"sub_category"`,
      colorKey: sql<string | null>`${colorKey}`,
      brandKey: sql<string | null>`${brandKey}`,
      band: sql<number | null>`"band"`,
      // A representative spelling of the colour/brand for display (the filter ignores case).
      color: sql<string | null>`max("color")`,
      brand: sql<string | null>`max("brand")`,
      nCategory: count('category'),
      nSubCategory: count('subCategory'),
      nColor: count('color'),
      nBrand: count('brand'),
      nPrice: count('price'),
      nAll: count(),
    })
    .from(groups)
    .groupBy(sql`grouping sets (("category"), ("sub_category"), (${colorKey}), (${brandKey}), ("band"), ())`);

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
