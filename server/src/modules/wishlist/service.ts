import type { Product } from '@vastra/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers, wishlistItems } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findVisibleProduct,
  isVisible,
  PRODUCT_NOT_FOUND,
  productColumns,
  toApiProduct,
} from '../catalog/index.ts';

/**
 * The customer's saved products, newest saved first, as listings show them (one statement), at the
 * prices this signed-in shopper pays now (a sale in early access included). Products removed since
 * (or whose seller is suspended) are left out but kept: they come back if the product does.
 */
export async function listWishlist(db: DbOrTx, userId: string, now = new Date()): Promise<Product[]> {
  const rows = await db
    .select(productColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(eq(wishlistItems.userId, userId), isVisible))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map((r) => toApiProduct(r, { now, signedIn: true }));
}

/**
 * Saves a product to the wishlist. Saving it again changes nothing (a double tap on the heart is
 * not an error, and the first save keeps its place in the list). Only products on sale can be saved.
 */
export async function addToWishlist(db: DbOrTx, userId: string, productId: string): Promise<void> {
  if (!(await findVisibleProduct(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

/** Removes a product from the customer's wishlist; false when it was not there. */
export async function removeFromWishlist(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  return removed.length > 0;
}
