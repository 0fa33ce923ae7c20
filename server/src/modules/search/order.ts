import type { SearchSort } from '@vastra/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productSearch } from '../../db/schema.ts';
import type { CatalogueStats } from './catalogue-stats.ts';
import type { SortKey } from './cursor.ts';
import { KEYS_KEPT, type SortKeys } from './facets.ts';
import { allFilters, type SearchFilters, searchColumn } from './filters.ts';
import { GATHERED, keyOf, type Sort, sortOf, TABLE, utc } from './sorts.ts';

/**
 * The order of a search's results, read from product_search (ADR 012), without sorting every
 * match (a common word matches 95,000 to 170,000 products of a million).
 *
 * A page walks the sort's index and keeps the products that match, until it has its results. A
 * walk costs about K·N/M rows for K results when M of N products match, if the matches are spread
 * evenly along the sort; they may not be (shirts are cheaper than most dresses: walking prices
 * from the top reads every dearer product before the first shirt). So the walk is bounded: the
 * facet count has already read the matches, or a sample of them (summary.ts), and kept the sort
 * values of the first ones (facets.ts, `SortKeys`); from those a page knows a bound — "price at
 * least Rs. 2,449", "added since 3 May" — within which about `MARGIN` times the results it needs
 * should lie, and walks no further. Short of a full page within it, it widens the bound. When the
 * kept values say few products match, they are all gathered through the filters' indexes (and
 * counted on the way: an exact total). Past the kept values (a deep page by offset) the walk has
 * no bound.
 *
 * Relevance is tiers, each newest first: the product named exactly as typed, then products whose
 * name has every word, then the rest that match (brand, colour, category). Each tier is a query
 * of its own, asked only while the page is not yet full, so the ranking is limited to the page:
 * no rank is computed for every match.
 */

/** One result in order, with its place in the sort (for the cursor). */
export interface OrderedRow {
  id: string;
  key: SortKey;
}

/** Results in order; and how many match in all, when the query had them all in hand (gathered). */
export interface Ordered {
  rows: OrderedRow[];
  exactTotal?: number;
}

export interface OrderRequest {
  sort: SearchSort;
  /** Results wanted after skipping `skip` (an offset page) or after `after` (a cursor). */
  take: number;
  skip: number;
  after?: SortKey;
  /** The first matches' sort values, and how many products each stands for (summary.ts). */
  keys: SortKeys;
  factor: number;
  /** The catalogue's size and spread of sort values (catalogue-stats.ts). */
  stats: CatalogueStats;
  /** The price filter, in paise: where a walk by price starts and stops. */
  price: { min?: number; max?: number };
  /** The search text as typed (relevance's first tier is the product named exactly so). */
  q: string | undefined;
}

/** A bound lets through about this many times the results a page needs (the sample is coarse). */
const MARGIN = 2;
/**
 * The most rows a walk is expected to read (up to where the kept values say its last result lies:
 * past every product dearer than the dearest shirt, when listing shirts by price from the top),
 * as a share of the catalogue; further, the matches are gathered through the filters' indexes
 * instead, which read about as many rows as the narrowest filter holds. Measured (ADR 012): a
 * twentieth of the catalogue, 5,000 rows of 100,000 and 50,000 of a million.
 */
const WALK_SHARE = 1 / 20;
const WALK_ROWS_MIN = 2_000;

/** A condition the planner cannot use an index for (nor guess below its default selectivity, 1/3). */
const opaque = (condition: SQL) => sql`(${condition})::int > 0`;

/**
 * The filters (and a tier's own conditions) twice: as a walk reads them (all opaque, see `walk`),
 * and as a gather hands them to the planner, which would otherwise happily AND the bitmaps of a
 * common word (a tenth of the catalogue), a price range (a quarter) and a size to find a few
 * hundred products. A gather offers it only the indexes that narrow: the words (within the
 * category's own words index when a category is chosen, migration 0015), the category, the
 * sub-category, the sizes and, without words, the price and the bound; the rest is checked on the
 * rows found.
 */
interface Where {
  all: SQL;
  gather: (bound?: SQL) => SQL;
}

function whereOf(f: SearchFilters, tier?: { indexed?: SQL; checked?: SQL }): Where {
  const d = f.byDimension;
  const rest = and(d.brand, d.color, d.sameVariant, d.inStock, tier?.checked)!;
  const narrowing = and(f.base, d.category, d.subCategory, d.size, tier?.indexed);
  return {
    all: and(allFilters(f), tier?.indexed, tier?.checked)!,
    gather: (bound) =>
      f.text
        ? and(narrowing, opaque(and(d.price, rest, bound)!))!
        : and(narrowing, d.price, bound, opaque(rest))!,
  };
}

interface Page {
  limit: number;
  skip: number;
  after?: SortKey;
}

/**
 * Collects the matches (within `bound`, when given) through whichever indexes the planner picks,
 * then sorts: the page, and how many were collected (after the cursor, when there is one).
 */
async function gather(db: DbOrTx, sort: Sort, where: Where, page: Page, bound?: SQL) {
  const s = sortOf(sort, GATHERED);
  const gathered = db
    .select({
      productId: sql<string>`${TABLE.productId}`.as('product_id'),
      createdAt: sql<Date>`${TABLE.createdAt}`.as('created_at'),
      pricePaise: sql<number>`${TABLE.pricePaise}`.as('price_paise'),
      ratingAvg: sql<number>`${TABLE.ratingAvg}`.as('rating_avg'),
      ratingCount: sql<number>`${TABLE.ratingCount}`.as('rating_count'),
    })
    .from(productSearch)
    .where(and(where.gather(bound), page.after ? sortOf(sort, TABLE).after(page.after) : undefined));
  // MATERIALIZED: the matches are collected first, then sorted (inlined, the planner could walk
  // the sort's index, guessing the filters common).
  const result = await db.execute(
    sql`with "gathered" as materialized (${gathered}) select ${GATHERED.productId} as "id", ${keyOf(s.key)} as "key", count(*) over () as "total" from "gathered" order by ${sql.join(s.orderBy, sql`, `)} limit ${page.limit} offset ${page.skip}`,
  );
  const rows = (result as unknown as { rows: (OrderedRow & { total: string | number })[] }).rows;
  return {
    rows: rows.map(({ id, key }) => ({ id, key })),
    // None returned past the end: how many there were is not known.
    collected: rows.length > 0 ? Number(rows[0]!.total) : page.skip === 0 ? 0 : undefined,
  };
}

/**
 * Walks the sort's index from its start (or the cursor), keeping what matches, until the page is
 * full or, with `bound`, the bound is reached. The filters are one opaque condition: the planner
 * can neither use their indexes (a GIN index lists every product with a common word: reading it
 * costs more than the walk) nor guess their selectivity below its default of 1/3, so it walks.
 * `range` (a price filter when sorting by price) and the bound stay index conditions: where the
 * walk starts and stops.
 */
async function walk(db: DbOrTx, sort: Sort, where: Where, page: Page, range?: SQL, bound?: SQL) {
  const s = sortOf(sort, TABLE);
  return db
    .select({ id: sql<string>`${TABLE.productId}`, key: keyOf(s.key) })
    .from(productSearch)
    .where(and(opaque(where.all), range, bound, page.after ? s.after(page.after) : undefined))
    .orderBy(...s.orderBy)
    .limit(page.limit)
    .offset(page.skip);
}

/** Where a page's walk starts and how far the kept values reach, for `pageOf`. */
interface Reach {
  kept: (string | number)[];
  factor: number;
  stats: CatalogueStats;
  /** Where the walk starts when not at the cursor: a price limit, in the sort's direction. */
  start?: number;
  /** An index condition on the sort's column (the price filter when sorting by price). */
  range?: SQL;
}

/**
 * The page of `sort` among the products matching `where`, within bounds from the kept values
 * (each standing for `factor` products): walked when the bound's range is short, else gathered
 * through the filters' indexes. `exactTotal` when every match was gathered, from the start.
 */
async function pageOf(db: DbOrTx, sort: Sort, where: Where, page: Page, reach: Reach): Promise<Ordered> {
  const s = sortOf(sort, TABLE);
  const wanted = page.skip + page.limit;
  // Kept values at or beyond the cursor's first value (ties may fall on either side of it).
  const first = page.after?.[0];
  const ahead = first === undefined ? reach.kept : reach.kept.filter((v) => !s.ahead(v, first));
  const all = reach.kept.length < KEYS_KEPT;
  // Rows between where the walk starts and the bound, as the catalogue's spread says.
  const { column, below, of: value } = s.spread;
  const start = first !== undefined ? value(first) : reach.start;
  const rowsTo = (bound: string | number) => {
    const to = reach.stats.rowsFrom(column, value(bound), below);
    if (to === undefined) return 0;
    if (start === undefined) return to;
    // Rows strictly before the start are not read.
    const before = reach.stats.rowsFrom(column, start, !below) ?? 0;
    return Math.max(0, to - (reach.stats.size - before));
  };
  for (let position = Math.ceil((MARGIN * wanted) / reach.factor); ; position *= 4) {
    if (position >= ahead.length) {
      if (!all) return { rows: await walk(db, sort, where, page, reach.range) };
      // The kept values are every match counted: few match, gather them all.
      const { rows, collected } = await gather(db, sort, where, page);
      return { rows, exactTotal: page.after ? undefined : collected };
    }
    const bound = s.within(ahead[position]!);
    // Where the walk should stop: at about the kept value the last result wanted stands for.
    const last = ahead[Math.min(position, Math.max(0, Math.ceil(wanted / reach.factor) - 1))]!;
    if (rowsTo(last) <= Math.max(WALK_ROWS_MIN, reach.stats.size * WALK_SHARE)) {
      const rows = await walk(db, sort, where, page, reach.range, bound);
      // A full page within the bound is the same as without it.
      if (rows.length === page.limit) return { rows };
    } else {
      const { rows, collected } = await gather(db, sort, where, page, bound);
      if (collected !== undefined && collected >= wanted) return { rows };
    }
  }
}

/**
 * Relevance when few match: every match gathered at once, each with its tier, sorted by tier then
 * newest (and counted).
 */
async function gatherByTier(db: DbOrTx, where: Where, tier: SQL, page: Page): Promise<Ordered> {
  const c = GATHERED;
  const newest = [sql`${c.createdAt} desc nulls last`, sql`${c.productId} desc nulls last`];
  const gathered = db
    .select({
      productId: sql<string>`${TABLE.productId}`.as('product_id'),
      createdAt: sql<Date>`${TABLE.createdAt}`.as('created_at'),
      tier: sql<number>`${tier}`.as('tier'),
    })
    .from(productSearch)
    .where(where.gather());
  const [t, created, id] = page.after ?? [];
  const after = page.after
    ? sql`where "tier" > ${t} or ("tier" = ${t} and (${c.createdAt}, ${c.productId}) < (${created}::timestamptz, ${id}::uuid))`
    : sql``;
  const result = await db.execute(
    sql`with "gathered" as materialized (${gathered}) select ${c.productId} as "id", ${keyOf([sql`"tier"`, utc(c.createdAt), sql`${c.productId}::text`])} as "key", count(*) over () as "total" from "gathered" ${after} order by "tier", ${sql.join(newest, sql`, `)} limit ${page.limit} offset ${page.skip}`,
  );
  const rows = (result as unknown as { rows: (OrderedRow & { total: string | number })[] }).rows;
  const total = rows.length > 0 ? Number(rows[0]!.total) : page.skip === 0 ? 0 : undefined;
  return { rows: rows.map(({ id, key }) => ({ id, key })), exactTotal: page.after ? undefined : total };
}

/** Products in the order asked: `take` of them after `skip` or after the cursor's key. */
export async function orderedRows(db: DbOrTx, f: SearchFilters, r: OrderRequest): Promise<Ordered> {
  const page = { limit: r.take, skip: r.skip, after: r.after };
  if (r.sort !== 'relevance' || !f.text) {
    const sort = r.sort === 'relevance' ? 'newest' : r.sort;
    const byPrice = sort === 'price_asc' || sort === 'price_desc';
    return pageOf(db, sort, whereOf(f), page, {
      kept: sortOf(sort, TABLE).kept(r.keys),
      factor: r.factor,
      stats: r.stats,
      range: byPrice ? f.byDimension.price : undefined,
      start: sort === 'price_asc' ? r.price.min : sort === 'price_desc' ? r.price.max : undefined,
    });
  }
  const typed = sql`lower(${r.q ?? ''})`;
  const byName = sql`${searchColumn.nameSearch} @@ ${f.text.rank}`;
  const wanted = r.skip + r.take;
  const { named, unnamed } = r.keys;
  // Few match (every match was counted, and fewer than the page needs): all at once.
  const few = Math.ceil((MARGIN * wanted) / r.factor);
  if (named.length < KEYS_KEPT && unnamed.length < KEYS_KEPT && named.length + unnamed.length <= few) {
    const tier = sql`(case when ${searchColumn.nameKey} = ${typed} then 0 when ${byName} then 1 else 2 end)`;
    return gatherByTier(db, whereOf(f), tier, page);
  }
  // Relevance over many matches: tier by tier, newest first within each, until the page is full.
  const tiers = [
    { where: whereOf(f, { indexed: sql`${searchColumn.nameKey} = ${typed}` }), kept: [] },
    { where: whereOf(f, { checked: sql`${byName} and ${searchColumn.nameKey} <> ${typed}` }), kept: named },
    {
      where: whereOf(f, { checked: sql`not (${byName}) and ${searchColumn.nameKey} <> ${typed}` }),
      kept: unnamed,
    },
  ];
  const afterTier = r.after ? Number(r.after[0]) : 0;
  const rows: OrderedRow[] = [];
  for (const [tier, t] of tiers.entries()) {
    if (rows.length >= wanted) break;
    if (tier < afterTier) continue;
    const within = {
      limit: wanted - rows.length,
      skip: 0,
      after: tier === afterTier ? r.after?.slice(1) : undefined,
    };
    const found = await pageOf(db, 'newest', t.where, within, {
      kept: t.kept,
      factor: r.factor,
      stats: r.stats,
    });
    rows.push(...found.rows.map((row) => ({ id: row.id, key: [tier, ...row.key] })));
  }
  return { rows: rows.slice(r.skip, wanted) };
}
