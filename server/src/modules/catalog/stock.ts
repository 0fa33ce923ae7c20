import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { bumpCatalogVersion } from './version.ts';

/**
 * Takes `quantity` units of stock, or nothing: the conditional UPDATE is the only guard against
 * overselling (DESIGN §4) and holds under any number of concurrent buyers. Call it inside the
 * order's transaction so all lines succeed or none do. Returns false when there is not enough.
 */
export async function takeStock(tx: DbOrTx, productId: string, quantity: number): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.status, 'active'), gte(products.stock, quantity)))
    .returning({ id: products.id });
  if (taken.length === 0) return false;
  await bumpCatalogVersion(tx);
  return true;
}

/** Puts stock back (cancelled item, expired or failed payment). Callers make sure it happens once. */
export async function returnStock(tx: DbOrTx, productId: string, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, productId));
  await bumpCatalogVersion(tx);
}
