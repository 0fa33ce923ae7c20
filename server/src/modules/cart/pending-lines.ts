import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

/**
 * Part of the Cash On Delivery order's one statement (workflows/place-cod-order.ts). Placeholders:
 * `userId`, `lineIds` with the `quantities` they were read at, and `checkoutVersion` (the checkout
 * row's updated_at as text, null when there was none). `cartLocksSql` locks the lines (re-read at
 * their latest version: a card checkout may have marked them meanwhile) and the checkout;
 * `cartChecked` says they are as read; `cartWriteSql` removes them from the cart, only when `ok`.
 */
export const cartLocksSql = sql`
lines as materialized (
  select ci.id from cart_items ci
  join unnest(${sql.placeholder('lineIds')}::uuid[], ${sql.placeholder('quantities')}::int[]) as l(id, quantity)
    on l.id = ci.id
  where ci.user_id = ${sql.placeholder('userId')}::uuid and ci.quantity = l.quantity and ci.pending_order_id is null
  for update of ci
),
held_checkout as materialized (
  select updated_at::text as version from checkouts where user_id = ${sql.placeholder('userId')}::uuid for update
)`;

export const cartChecked = sql`(select count(*) from lines) = cardinality(${sql.placeholder('lineIds')}::uuid[])
  and (select version from held_checkout) is not distinct from ${sql.placeholder('checkoutVersion')}::text`;

export const cartWriteSql = (ok: SQL) => sql`
cleared as (
  delete from cart_items where id in (select id from lines) and ${ok} returning id
),
checkout_cleared as (
  delete from checkouts where user_id = ${sql.placeholder('userId')}::uuid and ${ok} returning user_id
)`;
