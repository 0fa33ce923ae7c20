import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sellers, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

export const SELLER_NOT_FOUND = 'Seller not found';

/**
 * Suspends or reinstates a seller. A suspended seller cannot log in, their tokens stop working
 * (the guard checks the status on every call) and their products leave the shop (`isVisible`);
 * their orders stay as they are. Setting the status it already has is harmless.
 */
export async function setSellerStatus(db: Db, sellerId: string, status: 'active' | 'suspended') {
  // Their products' visibility changes: the sellers table's trigger bumps the catalogue version in
  // this same statement's transaction, so catalogue caches in every process refresh (migration 0006).
  const [row] = await db
    .update(sellers)
    .set({ status, updatedAt: new Date() })
    .where(eq(sellers.id, sellerId))
    .returning();
  if (!row) throw notFound(SELLER_NOT_FOUND);
  return row;
}

export const suspendSeller = (db: Db, sellerId: string) => setSellerStatus(db, sellerId, 'suspended');

export const USER_NOT_FOUND = 'User not found';

/**
 * Suspends or reinstates a shopper: a suspended shopper cannot log in, their tokens stop working
 * and the COD statement refuses their orders; their orders stay.
 */
export async function setUserStatus(db: DbOrTx, userId: string, status: 'active' | 'suspended') {
  const [row] = await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}
export const reinstateSeller = (db: Db, sellerId: string) => setSellerStatus(db, sellerId, 'active');
