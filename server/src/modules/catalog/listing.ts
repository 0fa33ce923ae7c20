import type { Category, PriceView, SubCategory } from '@vastra/contracts';
import { FEATURED_LIMIT } from '@vastra/contracts';
import { and, asc, count, desc, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import type { ListOrder, ListPage } from '../../lib/legacy-list.ts';
import {
  type ApiProduct,
  isVisible,
  productColumns,
  publicView,
  toApiProduct,
  toOwnProduct,
} from './product-view.ts';

export interface ListProductsQuery {
  category?: Category;
  subCategory?: SubCategory;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface ProductPage {
  items: ApiProduct[];
  /** Every matching product, for `X-Total-Count`. */
  total: number;
}

/** Newest first; the id breaks ties so pages never overlap or skip when timestamps collide. */
const NEWEST_FIRST = [desc(products.createdAt), desc(products.id)] as const;
const BY_AGE = { newest: NEWEST_FIRST, oldest: [asc(products.createdAt), asc(products.id)] } as const;

/**
 * The rows and the total count in one statement. The count is an uncorrelated scalar subquery
 * (evaluated once): unlike `count(*) over ()`, it lets the page itself stop after `limit` rows of a
 * top-N sort instead of sorting every match (measured on 100,000 products: ~3× faster).
 */
async function pageOf(
  db: DbOrTx,
  where: SQL | undefined,
  page: number,
  limit: number,
  order: ListOrder = 'newest',
  /** The shopper the prices are for; none: the seller's own list (regular prices, and whether each is on sale). */
  view: PriceView | undefined = undefined,
): Promise<ProductPage> {
  const counted = db
    .select({ n: count() })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(where);
  const rows = await db
    .select({
      ...productColumns,
      status: products.status,
      hiddenReason: products.hiddenReason,
      total: sql<number>`(${counted})`.mapWith(Number),
    })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(where)
    .orderBy(...BY_AGE[order])
    .limit(limit)
    .offset((page - 1) * limit);
  if (rows.length > 0)
    return {
      items: rows.map((r) => (view ? toApiProduct(r, view) : toOwnProduct(r))),
      total: rows[0]!.total,
    };
  // Past the last page there is no row to carry the count; only then a second statement counts.
  if (page === 1) return { items: [], total: 0 };
  const [row] = await counted;
  return { items: [], total: row?.n ?? 0 };
}

/**
 * One page of the public catalogue, newest first, optionally filtered by category or
 * sub-category: the query behind every SPEC §7 list endpoint (and the one to cache), at the prices
 * the viewer pays at that moment.
 */
export function listProducts(
  db: DbOrTx,
  query: ListProductsQuery,
  view: PriceView = publicView(),
): Promise<ProductPage> {
  const where = and(
    isVisible,
    query.category ? eq(products.category, query.category) : undefined,
    query.subCategory ? eq(products.subCategory, query.subCategory) : undefined,
  );
  return pageOf(db, where, query.page, query.limit, 'newest', view);
}

/** A page of a seller's own products (not removed), whatever their visibility in the shop. */
export function listSellerProducts(db: DbOrTx, sellerId: string, { page, limit, order }: ListPage) {
  const where = and(eq(products.sellerId, sellerId), ne(products.status, 'removed'));
  return pageOf(db, where, page, limit, order);
}

/** The landing page's cards: best rated first, then newest; only products in stock; at the viewer's prices. */
export async function listFeatured(
  db: DbOrTx,
  view: PriceView = publicView(),
  limit = FEATURED_LIMIT,
): Promise<ApiProduct[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(isVisible, gt(products.stock, 0)))
    .orderBy(desc(products.ratingAvg), desc(products.ratingCount), ...NEWEST_FIRST)
    .limit(limit);
  return rows.map((r) => toApiProduct(r, view));
}
