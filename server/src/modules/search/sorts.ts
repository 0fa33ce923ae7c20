import type { SearchSort } from '@vastra/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { SpreadColumn } from './catalogue-stats.ts';
import type { SortKey } from './cursor.ts';
import type { SortKeys } from './facets.ts';

/**
 * The sorts of search results, as SQL: each one's ORDER BY (matching its index in migration 0014),
 * the values a cursor keeps, the condition "after a cursor", and how the kept sort values of the
 * first matches bound a page (order.ts).
 */

/** The columns a query orders by: product_search's own, or a gathered CTE's of the same names. */
export interface OrderColumns {
  productId: SQL;
  createdAt: SQL;
  pricePaise: SQL;
  ratingAvg: SQL;
  ratingCount: SQL;
}

const of = (table: string): OrderColumns => {
  const c = (name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  return {
    productId: c('product_id'),
    createdAt: c('created_at'),
    pricePaise: c('price_paise'),
    ratingAvg: c('rating_avg'),
    ratingCount: c('rating_count'),
  };
};
export const TABLE = of('product_search');
export const GATHERED = of('gathered');

/** A timestamp as the cursor holds it: UTC with microseconds (JavaScript dates keep milliseconds only). */
export const utc = (column: SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The sorts by a column (relevance is tiers of newest: order.ts). */
export type Sort = Exclude<SearchSort, 'relevance'>;

/**
 * Each sort's ORDER BY (matching its index in migration 0014, NULLS LAST included), its key's
 * columns, the condition "after this key" (index-usable where one row comparison says it), its
 * first column's kept values, and the bound "at least as far forward as this first value".
 */
export function sortOf(sort: Sort, c: OrderColumns) {
  const newest = [sql`${c.createdAt} desc nulls last`, sql`${c.productId} desc nulls last`];
  const newestKey = [utc(c.createdAt), sql`${c.productId}::text`];
  const at = (key: SortKey, i: number) => ({
    created: sql`${key[i]}::timestamptz`,
    id: sql`${key[i + 1]}::uuid`,
  });
  const newer = (k: SortKey, i: number) =>
    sql`(${c.createdAt}, ${c.productId}) < (${at(k, i).created}, ${at(k, i).id})`;
  switch (sort) {
    case 'newest':
      return {
        orderBy: newest,
        key: newestKey,
        after: (k: SortKey) => newer(k, 0),
        kept: (keys: SortKeys) => keys.newest,
        within: (v: string | number) => sql`${c.createdAt} >= ${v}::timestamptz`,
        ahead: (a: string | number, b: string | number) => a > b,
        spread: {
          column: 'created_at' as SpreadColumn,
          below: false,
          of: (v: string | number) => Date.parse(String(v)) / 1000,
        },
      };
    case 'price_asc':
      return {
        orderBy: [sql`${c.pricePaise} asc`, ...newest],
        key: [c.pricePaise, ...newestKey],
        // Price up, then newest first: no one row comparison says it; the first part uses the index.
        after: (k: SortKey) =>
          sql`${c.pricePaise} >= ${k[0]} and (${c.pricePaise} > ${k[0]} or ${newer(k, 1)})`,
        kept: (keys: SortKeys) => keys.priceAsc,
        within: (v: string | number) => sql`${c.pricePaise} <= ${v}`,
        ahead: (a: string | number, b: string | number) => a < b,
        spread: { column: 'price_paise' as SpreadColumn, below: true, of: Number },
      };
    case 'price_desc':
      return {
        orderBy: [sql`${c.pricePaise} desc nulls last`, ...newest],
        key: [c.pricePaise, ...newestKey],
        after: (k: SortKey) =>
          sql`(${c.pricePaise}, ${c.createdAt}, ${c.productId}) < (${k[0]}, ${at(k, 1).created}, ${at(k, 1).id})`,
        kept: (keys: SortKeys) => keys.priceDesc,
        within: (v: string | number) => sql`${c.pricePaise} >= ${v}`,
        ahead: (a: string | number, b: string | number) => a > b,
        spread: { column: 'price_paise' as SpreadColumn, below: false, of: Number },
      };
    case 'rating':
      return {
        orderBy: [sql`${c.ratingAvg} desc nulls last`, sql`${c.ratingCount} desc nulls last`, ...newest],
        key: [c.ratingAvg, c.ratingCount, ...newestKey],
        after: (k: SortKey) =>
          sql`(${c.ratingAvg}, ${c.ratingCount}, ${c.createdAt}, ${c.productId}) < (${sql`${k[0]}::float8`}, ${k[1]}, ${at(k, 2).created}, ${at(k, 2).id})`,
        kept: (keys: SortKeys) => keys.rating,
        within: (v: string | number) => sql`${c.ratingAvg} >= ${v}::float8`,
        ahead: (a: string | number, b: string | number) => a > b,
        spread: { column: 'rating_avg' as SpreadColumn, below: false, of: Number },
      };
  }
}

/** A key's values as one JSON array column. */
export const keyOf = (key: SQL[]) => sql<SortKey>`json_build_array(${sql.join(key, sql`, `)})`;
