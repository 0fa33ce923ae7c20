import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from './tables.ts';
import { bumpCatalogVersion } from './version.ts';

/**
 * An admin hides a product from the shop, with the reason its seller is shown, inside the caller's
 * transaction, bumping the catalogue version. False when there is no such product, or it was removed.
 */
export async function hideProduct(tx: DbOrTx, productId: string, reason: string): Promise<boolean> {
  const [hidden] = await tx
    .update(products)
    .set({ status: 'hidden', hiddenReason: reason, updatedAt: new Date() })
    .where(and(eq(products.id, productId), ne(products.status, 'removed')))
    .returning({ id: products.id });
  if (hidden) await bumpCatalogVersion(tx);
  return hidden !== undefined;
}

/**
 * The seller's products held back while they had no GSTIN (`india` mode) go on sale, in the
 * caller's transaction, bumping the catalogue version when there were any. How many went on sale.
 */
export async function publishHeldProducts(tx: DbOrTx, sellerId: string): Promise<number> {
  const published = await tx
    .update(products)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(products.sellerId, sellerId), eq(products.status, 'unpublished')))
    .returning({ id: products.id });
  if (published.length > 0) await bumpCatalogVersion(tx);
  return published.length;
}
