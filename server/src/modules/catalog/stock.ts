import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { bumpCatalogVersion } from './version.ts';

/**
 * Takes `quantity` units of stock, or nothing. The one rule that stops overselling (DESIGN §4) is
 * the table's CHECK (products_stock_non_negative): every writer subtracts, and PostgreSQL refuses
 * any statement that would leave a product below zero, under any number of concurrent buyers, on
 * both payment paths (the COD statement relies on it alone). Here the same subtraction also asks
 * for `stock >= quantity`, so a card checkout learns of a shortage as `false` instead of an error
 * that would abort its transaction. Call it inside the order's transaction so all lines succeed or
 * none do.
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
