import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ItemOwner, ownedBy } from './item-owner.ts';
import { orderItems, orders } from './tables.ts';

/**
 * An order's payment and its items' money, as the payment workflows move them
 * (workflows/confirm-payment.ts, reservations.ts, cancel-item.ts, owed-refunds.ts, return-money.ts):
 * each a write in the caller's transaction; the workflow decides when.
 */

/** The order is paid: `paid` with its payment id, its reservation over, its items `pending`. */
export async function markOrderPaid(tx: DbOrTx, orderId: string, paymentId: string | null, now: Date) {
  await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      paidAt: now,
      providerPaymentId: paymentId,
      reservationExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
  await tx
    .update(orderItems)
    .set({ status: 'pending', cancelledAt: null, updatedAt: now })
    .where(eq(orderItems.orderId, orderId));
}

/** A payment that came too late to honour: its id is kept on the failed order (its refund names it). */
export async function recordLatePaymentId(tx: DbOrTx, orderId: string, paymentId: string | null) {
  await tx
    .update(orders)
    .set({ providerPaymentId: paymentId, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * Ends the unpaid card orders matching `where`: `failed`, their reservation over. The conditional
 * UPDATE … RETURNING decides which orders this call ends (two processes never end one twice).
 */
export async function failUnpaidOrders(tx: DbOrTx, where: SQL | undefined, now: Date) {
  return tx
    .update(orders)
    .set({ paymentStatus: 'failed', reservationExpiresAt: null, updatedAt: now })
    .where(and(eq(orders.paymentStatus, 'awaiting_payment'), where))
    .returning({ id: orders.id, sessionId: orders.providerSessionId });
}

/** The unpaid items of those ended orders become `cancelled`; returns what each held, for its stock. */
export async function cancelUnpaidItems(tx: DbOrTx, orderIds: string[], now: Date) {
  return tx
    .update(orderItems)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.status, 'awaiting_payment')))
    .returning({ variantId: orderItems.variantId, quantity: orderItems.quantity });
}

/**
 * Cancels a pending item of `owner`'s (or one still awaiting its COD confirmation, issue 39): the
 * conditional UPDATE lets one caller win. The item, or undefined when it is not the owner's or not
 * pending.
 */
export async function cancelPendingItem(tx: DbOrTx, owner: ItemOwner, itemId: string, now: Date) {
  const [item] = await tx
    .update(orderItems)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(orderItems.id, itemId),
        inArray(orderItems.status, ['pending', 'awaiting_confirmation']),
        ownedBy(owner),
      ),
    )
    .returning();
  return item;
}

/** A cancelled item's refund, made through the provider: its id and amount. */
export async function recordItemRefund(tx: DbOrTx, itemId: string, refundId: string, refundedPaise: number) {
  await tx.update(orderItems).set({ refundId, refundedPaise }).where(eq(orderItems.id, itemId));
}

/** Returned units' refund: added to what the item has had back. */
export async function addItemRefund(tx: DbOrTx, itemId: string, refundPaise: number) {
  await tx
    .update(orderItems)
    .set({ refundedPaise: sql`coalesce(${orderItems.refundedPaise}, 0) + ${refundPaise}` })
    .where(eq(orderItems.id, itemId));
}

/**
 * The whole payment went back: `refunded`. `onlyIfPaid` leaves an order in any other state as it
 * is (a return's refund reaching the total).
 */
export async function markOrderRefunded(
  tx: DbOrTx,
  orderId: string,
  { now = new Date(), onlyIfPaid = false }: { now?: Date; onlyIfPaid?: boolean } = {},
) {
  await tx
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: now })
    .where(
      onlyIfPaid ? and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid')) : eq(orders.id, orderId),
    );
}
