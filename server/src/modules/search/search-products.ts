import type { ProductSearchAnswer, ProductSearchQuery, SearchSort } from '@vastra/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import type { Limit } from '../../lib/limit.ts';
import { isVisible, type ProductRow, productColumns, toApiProduct } from '../catalog/index.ts';
import { searchFacets } from './facets.ts';
import { allFilters, buildFilters, type SearchFilters } from './filters.ts';

const NEWEST = [desc(products.createdAt), desc(products.id)];

function orderOf(sort: SearchSort, f: SearchFilters, q: string | undefined): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(products.pricePaise), ...NEWEST];
    case 'price_desc':
      return [desc(products.pricePaise), ...NEWEST];
    case 'rating':
      return [desc(products.ratingAvg), desc(products.ratingCount), ...NEWEST];
    case 'relevance':
      if (f.rankQuery && q) {
        // A product named exactly what was typed comes first, then full-text rank (name > brand > colour > category).
        return [
          desc(sql`lower(${products.name}) = lower(${q})`),
          desc(sql`ts_rank(${products.search}, ${f.rankQuery})`),
          ...NEWEST,
        ];
      }
      return NEWEST;
    default:
      return NEWEST;
  }
}

/**
 * Where the shared parts of a search come from: by default computed, but the route passes a cache
 * (per catalogue version, loading each key once however many requests ask at the same time).
 */
export type SearchCache = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

const computeNow: SearchCache = (_key, compute) => compute();

/**
 * How many leading results of one search and sort are ordered once and shared by their pages:
 * ten pages of the shop's 48. Pages further in run their own query.
 */
export const ORDER_WINDOW = 480;

export interface SearchOptions {
  cache?: SearchCache;
  /** Runs each statement that goes over the matching products (the route bounds how many run at once). */
  limit?: Limit;
  /** Size of the shared ordered window (tests make it small to cross its edge). */
  window?: number;
}

/** A stable key of the query without the named fields. */
function keyWithout(query: ProductSearchQuery, omit: (keyof ProductSearchQuery)[]): string {
  const rest = Object.fromEntries(
    Object.entries(query).filter(([k]) => !omit.includes(k as keyof ProductSearchQuery)),
  );
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/** The part of a search query the facets and the total depend on (not the page or the sort). */
function facetKey(query: ProductSearchQuery): string {
  return keyWithout(query, ['page', 'limit', 'sort']);
}

/** The part of a search query the order of its results depends on (not the page). */
function orderKey(query: ProductSearchQuery, sort: SearchSort): string {
  return JSON.stringify([sort, facetKey(query)]);
}

/**
 * `GET /api/products`: one page of visible products matching the text and filters, with the total
 * and the facet counts.
 *
 * A search's cost is in going over every matching product (a common word matches a sixth of the
 * catalogue): once for the facets and the total, and once per sort to order the matches. Both are
 * shared: the facets by every page and sort of the search, and the first `ORDER_WINDOW` ids in
 * order by every page that falls inside them, which then only fetches its own rows by id.
 */
export async function searchProducts(
  db: DbOrTx,
  query: ProductSearchQuery,
  { cache = computeNow, limit = (task) => task(), window = ORDER_WINDOW }: SearchOptions = {},
): Promise<ProductSearchAnswer> {
  const filters = buildFilters(query);
  const sort = query.sort ?? (filters.rankQuery ? 'relevance' : 'newest');
  const order = orderOf(sort, filters, query.q);
  const offset = (query.page - 1) * query.limit;
  const matching = () =>
    db
      .select(productColumns)
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(allFilters(filters))
      .orderBy(...order);

  const page = async (): Promise<ProductRow[]> => {
    if (offset + query.limit > window) return limit(() => matching().limit(query.limit).offset(offset));
    const ids = await cache(`search-order?${orderKey(query, sort)}`, async () => {
      const rows = await limit(() =>
        db
          .select({ id: products.id })
          .from(products)
          .innerJoin(sellers, eq(sellers.id, products.sellerId))
          .where(allFilters(filters))
          .orderBy(...order)
          .limit(window),
      );
      return rows.map((r) => r.id);
    });
    const wanted = ids.slice(offset, offset + query.limit);
    if (wanted.length === 0) return [];
    const rows = await db
      .select(productColumns)
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(and(inArray(products.id, wanted), isVisible));
    const position = new Map(wanted.map((id, i) => [id, i]));
    return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  };

  const [rows, { facets, total }] = await Promise.all([
    page(),
    cache(`search-facets?${facetKey(query)}`, () => limit(() => searchFacets(db, query, filters))),
  ]);
  return { items: rows.map(toApiProduct), total, page: query.page, limit: query.limit, facets };
}
