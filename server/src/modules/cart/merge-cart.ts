import type { CappedLine, SkippedLine } from '@vastra/contracts';
import { MAX_LINE_QUANTITY } from '@vastra/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems } from '../../db/schema.ts';
import { isForeignKeyViolation } from '../../lib/pg-errors.ts';
import { accountGone, lockCustomer } from '../accounts/index.ts';
import {
  allowedQuantity,
  combineLines,
  skippedFor,
  visibleProducts,
  type WantedLine,
} from './guest-lines.ts';

export interface MergeResult {
  capped: CappedLine[];
  skipped: SkippedLine[];
}

/**
 * Moves a visitor's browser cart into the account's cart at login or sign-up, in one transaction:
 * quantities add to the lines already there, each line capped by the stock on hand and
 * MAX_LINE_QUANTITY (an existing line is never lowered); products removed or sold out since are
 * skipped and reported. The customer's row is locked first, so two tabs merging at once take turns
 * and the caps hold for their sum.
 */
export async function mergeGuestCart(db: Db, userId: string, lines: WantedLine[]): Promise<MergeResult> {
  const wanted = combineLines(lines);
  if (wanted.size === 0) return { capped: [], skipped: [] };
  return db
    .transaction(async (tx) => {
      await lockCustomer(tx, userId);
      const ids = [...wanted.keys()];
      const found = await visibleProducts(tx, ids);
      const held = await tx
        .select({ productId: cartItems.productId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, ids)))
        .for('update');
      const heldBy = new Map(held.map((l) => [l.productId, l.quantity]));

      const capped: CappedLine[] = [];
      const skipped: SkippedLine[] = [];
      const rows: Array<typeof cartItems.$inferInsert> = [];
      for (const [productId, quantity] of wanted) {
        const product = found.get(productId);
        const skip = skippedFor(productId, product);
        if (skip || !product) {
          if (skip) skipped.push(skip);
          continue;
        }
        const before = heldBy.get(productId) ?? 0;
        const next = allowedQuantity(product, before, quantity);
        if (next < before + quantity)
          capped.push({ productId, requested: before + quantity, quantity: next });
        // The row carries what this merge adds: a line an add-to-cart inserted meanwhile (not locked
        // above) is raised by it, within the same bounds, instead of being overwritten.
        if (next > before) rows.push({ userId, productId, quantity: next - before });
      }
      if (rows.length > 0) {
        await tx
          .insert(cartItems)
          .values(rows)
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.productId],
            set: {
              quantity: sql`greatest(${cartItems.quantity}, least(${cartItems.quantity} + excluded.quantity,
                (select least(p.stock, ${sql.raw(String(MAX_LINE_QUANTITY))}) from products p where p.id = excluded.product_id)))`,
              updatedAt: new Date(),
            },
          });
      }
      return { capped, skipped };
    })
    .catch((err: unknown) => {
      // The account was deleted while the merge ran.
      if (isForeignKeyViolation(err, 'cart_items_user_id_users_id_fk')) throw accountGone();
      throw err;
    });
}
