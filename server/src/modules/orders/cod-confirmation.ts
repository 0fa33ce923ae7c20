import { and, eq, gt, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from './tables.ts';

/**
 * COD confirmation's writes (issue 39): a COD order over COD_CONFIRM_ABOVE, or a flagged shopper's,
 * is placed with its items `awaiting_confirmation` and a deadline (`cod_confirm_by`). The shopper's
 * confirmation makes them `pending` (shippable); the sweep cancels them past the deadline. Both are
 * conditional updates of the items' status, so the two can race and only one wins each item.
 */

/** What the seller reads when shipping an item its buyer has not confirmed yet (409). */
export const COD_NOT_CONFIRMED = 'The buyer has not confirmed this Cash On Delivery order yet';

/** Where a confirmation left the order: `confirmed` also when it was confirmed before (idempotent). */
export type CodConfirmation =
  | { kind: 'confirmed'; orderId: string; userId: string | null; confirmedAt: Date }
  | { kind: 'not_found' }
  /** The order never needed confirming (under the threshold, or not COD). */
  | { kind: 'not_needed' }
  | { kind: 'cancelled' }
  | { kind: 'expired' };

/**
 * The shopper confirms their COD order: its items `awaiting_confirmation` become `pending` and the
 * order is stamped `cod_confirmed_at`, only before its deadline. `userId` limits it to the shopper's
 * own order (the order page); the signed link names the order alone. `linkExpired`: the link's own
 * signed deadline passed, so it confirms nothing and only tells whether the order was confirmed in
 * time. Anything else answers why.
 */
export async function confirmCodOrder(
  tx: DbOrTx,
  orderId: string,
  {
    userId,
    now = new Date(),
    linkExpired = false,
  }: { userId?: string; now?: Date; linkExpired?: boolean } = {},
): Promise<CodConfirmation> {
  const mine: SQL | undefined = userId ? eq(orders.userId, userId) : undefined;
  if (linkExpired) {
    const why = await whyNotConfirmed(tx, orderId, mine, now);
    return why.kind === 'confirmed' || why.kind === 'not_found' ? why : { kind: 'expired' };
  }
  const confirmed = await tx
    .update(orderItems)
    .set({ status: 'pending', updatedAt: now })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.status, 'awaiting_confirmation'),
        inArray(
          orderItems.orderId,
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, orderId), mine, gt(orders.codConfirmBy, now))),
        ),
      ),
    )
    .returning({ id: orderItems.id });
  if (confirmed.length > 0) {
    const [order] = await tx
      .update(orders)
      .set({ codConfirmedAt: now, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning({ userId: orders.userId, confirmedAt: orders.codConfirmedAt });
    return { kind: 'confirmed', orderId, userId: order!.userId, confirmedAt: order!.confirmedAt! };
  }
  return whyNotConfirmed(tx, orderId, mine, now);
}

/** Nothing was confirmed: the order is not the caller's, confirmed already, cancelled or too late. */
async function whyNotConfirmed(
  tx: DbOrTx,
  orderId: string,
  mine: SQL | undefined,
  now: Date,
): Promise<CodConfirmation> {
  const [order] = await tx
    .select({
      userId: orders.userId,
      confirmBy: orders.codConfirmBy,
      confirmedAt: orders.codConfirmedAt,
      open: sql<boolean>`exists (select 1 from ${orderItems} i where i.order_id = ${orders}.id
        and i.status not in ('cancelled', 'awaiting_confirmation'))`,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), mine));
  if (!order) return { kind: 'not_found' };
  if (order.confirmedAt)
    return { kind: 'confirmed', orderId, userId: order.userId, confirmedAt: order.confirmedAt };
  if (!order.confirmBy) return { kind: 'not_needed' };
  if (order.confirmBy <= now) return { kind: 'expired' };
  // Before the deadline, nothing awaiting and nothing open: every item was cancelled.
  return order.open ? { kind: 'not_needed' } : { kind: 'cancelled' };
}

/**
 * The order's mobile and its shopper's, for a one-time code (undefined: not the shopper's order);
 * `awaiting`: an item still waits for the confirmation (none left: cancelled, no code to send).
 */
export async function codConfirmContact(tx: DbOrTx, userId: string, orderId: string) {
  const [order] = await tx
    .select({
      mobile: orders.customerMobile,
      confirmBy: orders.codConfirmBy,
      confirmedAt: orders.codConfirmedAt,
      awaiting: sql<boolean>`exists (select 1 from ${orderItems} i where i.order_id = ${orders}.id
        and i.status = 'awaiting_confirmation')`,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

/**
 * The sweep's write: every item still `awaiting_confirmation` of an order past its deadline becomes
 * `cancelled`. The conditional UPDATE … RETURNING decides which items this call cancels, so two
 * processes sweeping at once (or a sweep racing a late confirmation) never take one item twice.
 * Returns the items cancelled, for their stock, fees and e-mails.
 */
export async function cancelUnconfirmedItems(tx: DbOrTx, now: Date) {
  return tx
    .update(orderItems)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(orderItems.status, 'awaiting_confirmation'),
        inArray(
          orderItems.orderId,
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                isNotNull(orders.codConfirmBy),
                isNull(orders.codConfirmedAt),
                lt(orders.codConfirmBy, now),
              ),
            ),
        ),
      ),
    )
    .returning();
}
