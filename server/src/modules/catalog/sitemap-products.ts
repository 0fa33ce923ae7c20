import { asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { isVisible } from './product-view.ts';

/** What a sitemap says of a product: its id and name (for its URL) and when it last changed. */
export interface SitemapProduct {
  id: string;
  name: string;
  updatedAt: Date;
}

/** How many products the shop shows (every visible one is in the sitemap). */
export async function countVisibleProducts(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(isVisible);
  return row?.n ?? 0;
}

/**
 * The visible products in id order, `limit` of them from `offset` (one sitemap file). Removed and
 * hidden products, and those of suspended sellers, are not here.
 */
export function listSitemapProducts(db: DbOrTx, offset: number, limit: number): Promise<SitemapProduct[]> {
  return db
    .select({ id: products.id, name: products.name, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(isVisible)
    .orderBy(asc(products.id))
    .limit(limit)
    .offset(offset);
}
