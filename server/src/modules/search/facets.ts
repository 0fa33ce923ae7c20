import {
  compareSizes,
  type FacetValue,
  PRICE_BANDS,
  type ProductSearchQuery,
  type SearchFacets,
} from '@vastra/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import {
  allDimensionsBut,
  type Dimension,
  dimensionFilters,
  type FilterColumns,
  priceBand,
  type SearchFilters,
} from './filters.ts';
import { keyOf } from './size-color.ts';

const col = (name: string) => sql`${sql.identifier(name)}`;

/** The columns of the first step's groups, as the dimension filters read them. */
const GROUP: FilterColumns = {
  category: col('category'),
  subCategory: col('sub_category'),
  brand: col('brand'),
  price: col('in_price'),
  priceIsFilter: true,
  // What each product's size and colour filters gave (like `in_price`).
  size: col('in_size'),
  color: col('in_color'),
  sameVariant: col('same_variant'),
};

/** Every colour a group counts under (the same colour may be spelt twice: counted once). */
const groupColors = sql`array_prepend("color", "colors_in_stock")`;

const brandKey = keyOf(GROUP.brand);

/** grouping(category, subCategory, brand key, band) of each grouping set: a bit per column not grouped by. */
const SET = { category: 0b0111, subCategory: 0b1011, brand: 0b1101, price: 0b1110, all: 0b1111 } as const;
const SET_FACET = [
  [SET.category, 'category'],
  [SET.subCategory, 'subCategory'],
  [SET.brand, 'brand'],
  [SET.price, 'price'],
] as const;

const set = sql`grouping("category", "sub_category", ${brandKey}, "band")`;

/** A `case` over a row's grouping set: `of` each facet's set, `otherwise` for the total's. */
const perSet = (of: (facet: (typeof SET_FACET)[number][1]) => SQL, otherwise: SQL) =>
  sql<string | null>`case ${set} ${sql.join(
    SET_FACET.map(([bits, name]) => sql`when ${sql.raw(String(bits))} then ${of(name)}`),
    sql` `,
  )} else ${otherwise} end`;

/** The value a row of each grouping set counts (a representative spelling of the brand: the filter ignores case). */
const VALUE_OF: Record<(typeof SET_FACET)[number][1], SQL> = {
  category: sql`"category"::text`,
  subCategory: sql`"sub_category"::text`,
  brand: sql`max("brand")`,
  price: sql`"band"::text`,
};

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.value.localeCompare(b.value);

/**
 * Every facet and the total in one statement, in two steps. First the matching products are
 * counted per category, sub-category, brand (as typed), price band, whether the price filter
 * passes, their sizes in stock, own colour and colours in stock, and whether the same-variant
 * rule holds: one pass over the products into far fewer groups (products of one kind come in a
 * few size sets: 50,000 seeded products make about 8,000 groups, the 8,500 matching "shirt" about
 * 2,000). Then each dimension sums the groups that pass every filter but its own (disjunctive
 * facets: choosing a colour still shows how many the other colours have): grouping sets give one
 * row per category, sub-category, brand and band, and the sizes and colours are unnested from the
 * groups' lists.
 *
 * Colours come from two places: the seller's free-text product colour and the colours of the
 * variants in stock. The colour facet counts a product once per colour key (case and spaces
 * ignored) over both, so "Blue" on the product and "blue" on a variant are one colour, exactly as
 * the colour filter matches them. The size and colour facets also drop the same-variant rule
 * (filters.ts): keeping it would read every matching product's variants per request, several
 * times the cost of the whole statement on a catalogue of many-coloured products.
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
        brand: sql<string | null>`${products.brand}`.as('brand'),
        band: sql<number>`${priceBand}`.as('band'),
        inPrice: sql<boolean>`${f.byDimension.price}`.as('in_price'),
        sizes: sql<string[]>`${products.sizesInStock}`.as('sizes_in_stock'),
        color: sql<string | null>`${products.color}`.as('color'),
        colors: sql<string[]>`${products.colorsInStock}`.as('colors_in_stock'),
        // Whether one variant in stock has a size and a colour asked for (`true` unless both
        // filters are set; variants are read only for products that pass both filters).
        sameVariant:
          sql<boolean>`case when ${f.byDimension.size} and ${f.byDimension.color} then ${f.byDimension.sameVariant} else false end`.as(
            'same_variant',
          ),
        // The size and colour filters follow from the lists and colour grouped by: aggregated,
        // not grouped by, so the planner sees few groups (and hashes them).
        inSize: sql<boolean>`bool_and(${f.byDimension.size})`.as('in_size'),
        inColor: sql<boolean>`bool_and(${f.byDimension.color})`.as('in_color'),
        n: sql<number>`count(*)`.as('n'),
        // Numbers the groups, for counting each group once per colour however it spells it.
        group: sql<number>`row_number() over ()`.as('group_number'),
      })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(f.base)
      // By position: the four keys, the price filter (the constant `true` when not set), the
      // sizes and colours, and the same-variant rule.
      .groupBy(sql.raw('1, 2, 3, 4, 5, 6, 7, 8, 9')),
  );
  const byDimension = dimensionFilters(query, GROUP);
  const countBut = (...skip: Dimension[]) =>
    sql`coalesce(sum("n") filter (where ${allDimensionsBut(byDimension, ...skip)}), 0)`;
  const scalars = db
    .select({
      facet: perSet((name) => sql.raw(`'${name}'`), sql`'all'`).as('facet'),
      value: perSet((name) => VALUE_OF[name], sql`null`).as('value'),
      n: perSet((name) => countBut(name), countBut())
        .mapWith(Number)
        .as('n'),
    })
    .from(sql`"groups"`)
    .groupBy(sql`grouping sets (("category"), ("sub_category"), (${brandKey}), ("band"), ())`);
  const sizes = db
    .select({
      facet: sql<string>`'size'`.as('facet'),
      value: sql<string | null>`s.size`.as('value'),
      n: sql<number>`${countBut('size', 'sameVariant')}`.mapWith(Number).as('n'),
    })
    .from(sql`"groups" cross join lateral unnest("sizes_in_stock") as s(size)`)
    .groupBy(sql`s.size`);
  // Each group once per colour key: a product counts once under "Blue" however it spells it.
  const colorsOfGroups = db.$with('group_colors').as(
    db
      .select({
        key: sql<string>`${keyOf(sql`u.color`)}`.as('key'),
        spelling: sql<string>`max(trim(u.color))`.as('spelling'),
        n: sql<number>`max("n")`.as('group_n'),
        passes: sql<boolean>`bool_and(${allDimensionsBut(byDimension, 'color', 'sameVariant')})`.as('passes'),
      })
      .from(sql`"groups" cross join lateral unnest(${groupColors}) as u(color)`)
      .where(sql`trim(u.color) <> ''`)
      .groupBy(sql`"group_number", 1`),
  );
  const colors = db
    .select({
      facet: sql<string>`'color'`.as('facet'),
      value: sql<string | null>`max("spelling")`.as('value'),
      n: sql<number>`coalesce(sum("group_n") filter (where "passes"), 0)`.mapWith(Number).as('n'),
    })
    .from(colorsOfGroups)
    .groupBy(sql`"key"`);
  const facetRows = db.$with('facet_rows').as(scalars.unionAll(sizes).unionAll(colors));
  const rows = await db.with(groups, colorsOfGroups, facetRows).select().from(facetRows);

  const facets: SearchFacets = {
    category: [],
    subCategory: [],
    color: [],
    brand: [],
    size: [],
    price: PRICE_BANDS.map((b) => ({ label: b.label, min: b.min, max: b.max, count: 0 })),
  };
  let total = 0;
  for (const { facet, value, n } of rows) {
    const count = Number(n);
    if (facet === 'all') total = count;
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
  for (const d of ['category', 'subCategory', 'color', 'brand'] as const) facets[d].sort(byCount);
  facets.size.sort((a, b) => compareSizes(a.value, b.value));
  return { facets, total };
}
