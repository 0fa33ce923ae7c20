import {
  compareSizes,
  type FacetValue,
  PRICE_BANDS,
  type ProductSearchQuery,
  type SearchFacets,
} from '@vastra/contracts';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productSearch } from '../../db/schema.ts';
import { DIMENSIONS, type Dimension, priceBand, searchColumn as ps, type SearchFilters } from './filters.ts';
import { keyOf, TRUE } from './size-color.ts';

/** What one statement counted, exactly, over the products it read. */
export interface FacetCounts {
  facets: SearchFacets;
  total: number;
  /** Of the total, the products whose name has every word of the text (relevance's first tier). */
  named: number;
  /** Products the facets had to count: those that fail at most one filter. */
  candidates: number;
  /** Where the first matches stand in each sort (order.ts bounds its reads with them). */
  keys: SortKeys;
}

/** How many of the first matches' sort values a count keeps, per sort. */
export const KEYS_KEPT = 200;

/**
 * The sort values of the first `KEYS_KEPT` matches counted, best first, per sort: creation times
 * (UTC, microseconds) newest first, of all matches and, for relevance's tiers, of those named with
 * the words and the rest; prices both ways; ratings.
 */
export interface SortKeys {
  newest: string[];
  named: string[];
  unnamed: string[];
  priceAsc: number[];
  priceDesc: number[];
  rating: number[];
}

export interface FacetOptions {
  /**
   * Count only the products on this percentage of product_search's pages (TABLESAMPLE SYSTEM, the
   * same pages each time): the caller scales the counts up (summary.ts).
   */
  samplePercent?: number;
}

/** The scalar facets, counted by grouping sets over the groups, each with the column it groups by. */
const SCALAR = [
  ['category', sql`"category"`],
  ['subCategory', sql`"sub_category"`],
  ['brand', sql`"brand_key"`],
  ['price', sql`"band"`],
] as const;
type Scalar = (typeof SCALAR)[number][0];

/** grouping(category, sub_category, brand key, band): a bit per column a row is not grouped by. */
const set = sql`grouping(${sql.join(
  SCALAR.map(([, column]) => column),
  sql`, `,
)})`;
const SET_OF: Record<Scalar, number> = {
  category: 0b0111,
  subCategory: 0b1011,
  brand: 0b1101,
  price: 0b1110,
};

/** The value each grouping set counts (a representative spelling of the brand: the filter ignores case). */
const VALUE_OF: Record<Scalar, SQL> = {
  category: sql`"category"::text`,
  subCategory: sql`"sub_category"::text`,
  brand: sql`max("brand")`,
  price: sql`"band"::text`,
};

/** The filters a facet ignores: its own (the size and colour facets also the one-variant rule). */
const IGNORES: Record<Scalar | 'size' | 'color' | 'inStock', Dimension[]> = {
  category: ['category'],
  subCategory: ['subCategory'],
  brand: ['brand'],
  price: ['price'],
  size: ['size', 'sameVariant'],
  color: ['color', 'sameVariant'],
  inStock: ['inStock'],
};

/** Rows a facet counts: those that pass every filter, or fail only the ones it ignores. */
const countedBy = (ignores: Dimension[]) =>
  sql`("failed" is null or "failed" in (${sql.join(
    ignores.map((d) => sql.raw(`'${d}'`)),
    sql`, `,
  )}))`;

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.value.localeCompare(b.value);

/**
 * Every facet and the total in one statement. Facets are disjunctive: each dimension's counts
 * apply every filter but its own (choosing a colour still shows how many the other colours have),
 * so a product counts towards some facet when it fails at most one filter. The statement first
 * reads those products with the one filter each fails (`failed`, null when none), then counts:
 * category, sub-category, brand and price band by grouping sets, sizes and colours from each
 * product's lists, each over the products that pass or fail only what that facet ignores.
 *
 * Colours come from two places: the seller's free-text product colour and the colours of the
 * variants in stock. The colour facet counts a product once per colour key (case and spaces
 * ignored) over both, so "Blue" on the product and "blue" on a variant are one colour, exactly as
 * the colour filter matches them. The size and colour facets also drop the rule that one variant
 * has both (filters.ts): a product failing only that rule counts under its sizes and colours.
 *
 * It reads product_search, the narrow copy of the catalogue (ADR 012), whole (through the
 * indexes of the filters) or, with `samplePercent`, a sample of its pages.
 */
export async function searchFacets(
  db: DbOrTx,
  /** The search the filters were built from (they carry all of it). */
  _query: ProductSearchQuery,
  f: SearchFilters,
  { samplePercent }: FacetOptions = {},
): Promise<FacetCounts> {
  const d = f.byDimension;
  // The one-variant rule is checked (its subquery run) only where size and colour both pass.
  const passes: Record<Dimension, SQL> = {
    ...d,
    sameVariant:
      d.sameVariant === TRUE
        ? TRUE
        : sql`(case when ${d.size} and ${d.color} then ${d.sameVariant} else true end)`,
  };
  const chosen = DIMENSIONS.filter((dim) => passes[dim] !== TRUE);
  // A filter that is null (a product without a brand, for a brand filter) fails.
  const failed =
    chosen.length === 0
      ? sql`null::text`
      : sql`case ${sql.join(
          chosen.map((dim) => sql`when not coalesce(${passes[dim]}, false) then ${sql.raw(`'${dim}'`)}`),
          sql` `,
        )} end`;
  const failures =
    chosen.length === 0
      ? sql`0`
      : sql.join(
          chosen.map((dim) => sql`(case when ${passes[dim]} then 0 else 1 end)`),
          sql` + `,
        );
  // The same products as "fails at most one", said so the planner can use the filters' indexes:
  // every filter but one holds, for some one.
  const anyAllButOne =
    samplePercent !== undefined || chosen.length < 2
      ? undefined
      : or(...chosen.map((skip) => and(...chosen.filter((dim) => dim !== skip).map((dim) => passes[dim]))));
  const source =
    samplePercent === undefined
      ? sql`${productSearch}`
      : sql`${productSearch} tablesample system (${samplePercent}::real) repeatable (0)`;
  const named = f.text ? sql`${ps.nameSearch} @@ ${f.text.rank}` : sql`false`;

  // The products that fail at most one filter, with the one each fails; then counted three
  // ways (few groups each): by category, sub-category, brand, band; by sizes; by colours.
  const candidates = db.$with('candidates').as(
    db
      .select({
        category: sql<string>`${ps.category}`.as('category'),
        subCategory: sql<string>`${ps.subCategory}`.as('sub_category'),
        brandKey: sql<string>`${keyOf(ps.brand)}`.as('brand_key'),
        brand: sql<string | null>`${ps.brand}`.as('brand'),
        band: sql<number>`${priceBand}`.as('band'),
        sizes: sql<string[]>`${ps.sizesInStock}`.as('sizes_in_stock'),
        colors: sql<string[]>`array_prepend(${ps.color}, ${ps.colorsInStock})`.as('colors'),
        inStock: sql<boolean>`${ps.inStock}`.as('in_stock'),
        named: sql<boolean>`${named}`.as('named'),
        failed: sql<string | null>`${failed}`.as('failed'),
        createdAt: sql<Date>`${ps.createdAt}`.as('created_at'),
        pricePaise: sql<number>`${ps.pricePaise}`.as('price_paise'),
        ratingAvg: sql<number>`${ps.ratingAvg}`.as('rating_avg'),
      })
      .from(source)
      .where(and(f.base, anyAllButOne, sql`${failures} <= 1`)),
  );
  const groups = db.$with('groups').as(
    db
      .select({
        category: sql<string>`"category"`.as('category'),
        subCategory: sql<string>`"sub_category"`.as('sub_category'),
        brandKey: sql<string>`"brand_key"`.as('brand_key'),
        brand: sql<string | null>`max("brand")`.as('brand'),
        band: sql<number>`"band"`.as('band'),
        inStock: sql<boolean>`"in_stock"`.as('in_stock'),
        named: sql<boolean>`"named"`.as('named'),
        failed: sql<string | null>`"failed"`.as('failed'),
        n: sql<number>`count(*)`.as('n'),
      })
      .from(candidates)
      .groupBy(sql`"category", "sub_category", "brand_key", "band", "in_stock", "named", "failed"`),
  );
  const sizeGroups = db.$with('size_groups').as(
    db
      .select({
        sizes: sql<string[]>`"sizes_in_stock"`.as('sizes_in_stock'),
        n: sql<number>`count(*)`.as('n'),
      })
      .from(candidates)
      .where(countedBy(IGNORES.size))
      .groupBy(sql`"sizes_in_stock"`),
  );
  const colorGroups = db.$with('color_groups').as(
    db
      .select({ colors: sql<string[]>`"colors"`.as('colors'), n: sql<number>`count(*)`.as('n') })
      .from(candidates)
      .where(countedBy(IGNORES.color))
      .groupBy(sql`"colors"`),
  );
  const scalars = db
    .select({
      facet: sql<string>`case ${set} ${sql.join(
        SCALAR.map(([name]) => sql`when ${sql.raw(String(SET_OF[name]))} then ${sql.raw(`'${name}'`)}`),
        sql` `,
      )} else 'all' end`.as('facet'),
      value: sql<string | null>`case ${set} ${sql.join(
        SCALAR.map(([name]) => sql`when ${sql.raw(String(SET_OF[name]))} then ${VALUE_OF[name]}`),
        sql` `,
      )} end`.as('value'),
      n: sql<number>`case ${set} ${sql.join(
        SCALAR.map(
          ([name]) =>
            sql`when ${sql.raw(String(SET_OF[name]))} then sum("n") filter (where ${countedBy(IGNORES[name])})`,
        ),
        sql` `,
      )} else sum("n") filter (where "failed" is null) end`
        .mapWith(Number)
        .as('n'),
    })
    .from(groups)
    .groupBy(
      sql`grouping sets (${sql.join(
        SCALAR.map(([, column]) => sql`(${column})`),
        sql`, `,
      )}, ())`,
    );
  // In stock (ignoring the in-stock filter), named with the words, and every candidate.
  const extras = (facet: string, where: SQL) =>
    db
      .select({
        facet: sql<string>`${sql.raw(`'${facet}'`)}`.as('facet'),
        value: sql<string | null>`null`.as('value'),
        n: sql<number>`sum("n") filter (where ${where})`.mapWith(Number).as('n'),
      })
      .from(groups);
  const sizes = db
    .select({
      facet: sql<string>`'size'`.as('facet'),
      value: sql<string | null>`s.size`.as('value'),
      n: sql<number>`sum("n")`.mapWith(Number).as('n'),
    })
    .from(sql`${sizeGroups} cross join lateral unnest("sizes_in_stock") as s(size)`)
    .groupBy(sql`s.size`);
  // Each product once per colour key, however many times it spells it.
  const colors = db
    .select({
      facet: sql<string>`'color'`.as('facet'),
      value: sql<string | null>`max(c.spelling)`.as('value'),
      n: sql<number>`sum("n")`.mapWith(Number).as('n'),
    })
    .from(
      sql`${colorGroups} cross join lateral (select ${keyOf(sql`u.color`)} as key, max(trim(u.color)) as spelling from unnest("colors") as u(color) where trim(u.color) <> '' group by 1) as c`,
    )
    .groupBy(sql`c.key`);
  // The first matches' sort values, per sort (as JSON in `value`).
  const first = (value: SQL, order: SQL, where = sql`true`) =>
    sql`(array_agg(${value} order by ${order}) filter (where "failed" is null and ${where}))[1:${sql.raw(String(KEYS_KEPT))}]`;
  const created = sql`to_char("created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const newest = sql`"created_at" desc`;
  const sortKeys = db
    .select({
      facet: sql<string>`'keys'`.as('facet'),
      value: sql<
        string | null
      >`json_build_object('newest', ${first(created, newest)}, 'named', ${first(created, newest, sql`"named"`)}, 'unnamed', ${first(created, newest, sql`not "named"`)}, 'priceAsc', ${first(sql`"price_paise"`, sql`"price_paise" asc`)}, 'priceDesc', ${first(sql`"price_paise"`, sql`"price_paise" desc`)}, 'rating', ${first(sql`"rating_avg"`, sql`"rating_avg" desc`)})::text`.as(
        'value',
      ),
      n: sql<number>`0`.mapWith(Number).as('n'),
    })
    .from(candidates);
  const facetRows = db.$with('facet_rows').as(
    scalars
      .unionAll(sortKeys)
      .unionAll(extras('inStock', sql`${countedBy(IGNORES.inStock)} and "in_stock"`))
      .unionAll(extras('named', sql`"failed" is null and "named"`))
      .unionAll(extras('candidates', TRUE))
      .unionAll(sizes)
      .unionAll(colors),
  );
  const rows = await db.with(candidates, groups, sizeGroups, colorGroups, facetRows).select().from(facetRows);

  const facets: SearchFacets = {
    category: [],
    subCategory: [],
    color: [],
    brand: [],
    size: [],
    price: PRICE_BANDS.map((b) => ({ label: b.label, min: b.min, max: b.max, count: 0 })),
    inStock: { count: 0 },
  };
  const counts = { all: 0, named: 0, candidates: 0 };
  let keys: SortKeys = { newest: [], named: [], unnamed: [], priceAsc: [], priceDesc: [], rating: [] };
  for (const { facet, value, n } of rows) {
    const count = Number(n);
    if (facet === 'keys') {
      const lists = JSON.parse(value ?? '{}') as Partial<Record<keyof SortKeys, unknown[] | null>>;
      keys = Object.fromEntries(
        Object.keys(keys).map((k) => [k, lists[k as keyof SortKeys] ?? []]),
      ) as unknown as SortKeys;
    } else if (facet === 'all' || facet === 'named' || facet === 'candidates') counts[facet] = count;
    else if (facet === 'inStock') facets.inStock = { count };
    else if (value === null || value.trim() === '' || count === 0) continue;
    else if (facet === 'price') facets.price[Number(value)]!.count = count;
    else if (
      facet === 'category' ||
      facet === 'subCategory' ||
      facet === 'color' ||
      facet === 'brand' ||
      facet === 'size'
    )
      facets[facet].push({ value: value.trim(), count });
  }
  for (const dim of ['category', 'subCategory', 'color', 'brand'] as const) facets[dim].sort(byCount);
  facets.size.sort((a, b) => compareSizes(a.value, b.value));
  return { facets, total: counts.all, named: counts.named, candidates: counts.candidates, keys };
}
