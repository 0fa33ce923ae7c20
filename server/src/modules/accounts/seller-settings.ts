import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { sellerGstColumns } from './service.ts';
import { sellers } from './tables.ts';

/** Saves a seller's GST registration (columns from sellerGstColumns), in the caller's transaction. */
export async function saveSellerGstColumns(
  tx: DbOrTx,
  sellerId: string,
  columns: ReturnType<typeof sellerGstColumns>,
) {
  await tx
    .update(sellers)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(sellers.id, sellerId));
}

/** Sellers not sent the daily low-stock e-mail since `today` (India midnight). */
export const lowStockNotMailedSince = (today: Date) =>
  or(isNull(sellers.lowStockMailedAt), lt(sellers.lowStockMailedAt, today));

/**
 * Claims the seller's low-stock e-mail for the day: moving `low_stock_mailed_at` in one conditional
 * UPDATE, so two runs never both mail. The seller's address, name and threshold, or undefined when
 * another run has it.
 */
export async function claimLowStockMail(db: DbOrTx, sellerId: string, today: Date, now: Date) {
  const [claimed] = await db
    .update(sellers)
    .set({ lowStockMailedAt: now })
    .where(and(eq(sellers.id, sellerId), lowStockNotMailedSince(today)))
    .returning({
      email: sellers.email,
      fullName: sellers.fullName,
      threshold: sellers.lowStockThreshold,
    });
  return claimed;
}
