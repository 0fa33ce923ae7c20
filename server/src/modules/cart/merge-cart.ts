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
  resolveLine,
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
  if (wanted.length === 0) return { capped: [], skipped: [] };
  return db
    .transaction(async (tx) => {
      await lockCustomer(tx, userId);
      const found = await visibleProducts(
        tx,
        wanted.map((l) => l.productId),
      );
      const resolved = wanted.map((line) => ({ line, found: resolveLine(line, found.get(line.productId)) }));
      const variantIds = resolved.flatMap((r) => ('variant' in r.found ? [r.found.variant.id] : []));
      const held =
        variantIds.length === 0
          ? []
          : await tx
              .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
              .from(cartItems)
              .where(and(eq(cartItems.userId, userId), inArray(cartItems.variantId, variantIds)))
              .for('update');
      const heldBy = new Map(held.map((l) => [l.variantId, l.quantity]));

      const capped: CappedLine[] = [];
      const skipped: SkippedLine[] = [];
      const rows = new Map<string, typeof cartItems.$inferInsert>();
      for (const { line, found: r } of resolved) {
        if ('skipped' in r) {
          skipped.push(r.skipped);
          continue;
        }
        const { product, variant } = r;
        // A line sent both with and without its (only) size is one line.
        const already = rows.get(variant.id)?.quantity ?? 0;
        const before = (heldBy.get(variant.id) ?? 0) + already;
        const next = allowedQuantity(variant, before, line.quantity);
        if (next < before + line.quantity)
          capped.push({
            productId: product.id,
            variantId: variant.id,
            requested: before + line.quantity,
            quantity: next,
          });
        // The row carries what this merge adds: a line an add-to-cart inserted meanwhile (not locked
        // above) is raised by it, within the same bounds, instead of being overwritten.
        if (next > before)
          rows.set(variant.id, {
            userId,
            productId: product.id,
            variantId: variant.id,
            quantity: already + next - before,
          });
      }
      if (rows.size > 0) {
        await tx
          .insert(cartItems)
          .values([...rows.values()])
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.variantId],
            set: {
              quantity: sql`greatest(${cartItems.quantity}, least(${cartItems.quantity} + excluded.quantity,
                (select least(v.stock, ${sql.raw(String(MAX_LINE_QUANTITY))}) from product_variants v where v.id = excluded.variant_id)))`,
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
