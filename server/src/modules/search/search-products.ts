import type { ProductSearchAnswer, ProductSearchQuery, SearchSort } from '@vastra/contracts';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { productColumns, toApiProduct } from '../catalog/product-view.ts';
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

export type FacetsAndTotal = Awaited<ReturnType<typeof searchFacets>>;

/**
 * Where the facets of a search come from: by default computed, but the route passes a cache, since
 * they depend only on the text and filters (`key`), not on the page or the sort.
 */
export type FacetSource = (key: string, compute: () => Promise<FacetsAndTotal>) => Promise<FacetsAndTotal>;

/** The part of a search query the facets and the total depend on, as a stable key. */
export function facetKey({ page, limit, sort, ...filters }: ProductSearchQuery): string {
  return JSON.stringify(filters, Object.keys(filters).sort());
}

/**
 * `GET /api/products`: one page of visible products matching the text and filters, with the total
 * and the facet counts. Two statements (the page, and the facets with the total), run together.
 */
export async function searchProducts(
  db: DbOrTx,
  query: ProductSearchQuery,
  facetSource: FacetSource = (_key, compute) => compute(),
): Promise<ProductSearchAnswer> {
  const filters = buildFilters(query);
  const sort = query.sort ?? (filters.rankQuery ? 'relevance' : 'newest');
  const [rows, { facets, total }] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(allFilters(filters))
      .orderBy(...orderOf(sort, filters, query.q))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    facetSource(facetKey(query), () => searchFacets(db, query, filters)),
  ]);
  return { items: rows.map(toApiProduct), total, page: query.page, limit: query.limit, facets };
}
