import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cartItems } from '../../db/schema.ts';

/**
 * Marks the cart lines of the variants (sizes) this card order buys as being paid in it. Cash On Delivery
 * deletes only unmarked lines, and the mark is on the very rows it deletes: a COD statement that
 * waited for this checkout's lock re-reads each line at its committed version, sees the mark and
 * places nothing. So one cart becomes one order, whichever path asks first (DESIGN §4).
 */
export async function markCartPending(tx: DbOrTx, userId: string, orderId: string, variantIds: string[]) {
  if (variantIds.length === 0) return;
  await tx
    .update(cartItems)
    .set({ pendingOrderId: orderId })
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.variantId, variantIds)));
}

/** The card orders ended unpaid: their cart lines are free for the next checkout, card or COD. */
export async function freePendingCartLines(tx: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return;
  await tx.update(cartItems).set({ pendingOrderId: null }).where(inArray(cartItems.pendingOrderId, orderIds));
}

/** A card order of the cart was paid: the lines of the variants it bought leave the cart. */
export async function removeBoughtLines(tx: DbOrTx, userId: string, variantIds: string[]) {
  if (variantIds.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.variantId, variantIds)));
}
