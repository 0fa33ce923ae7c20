import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, orders, refunds } from '../db/schema.ts';
import { clearCheckout, freePendingCartLines, removeBoughtLines } from '../modules/cart/index.ts';
import { takeStock } from '../modules/catalog/index.ts';
import { clearCartCoupon } from '../modules/offers/index.ts';
import type { OrderItemRow, OrderRow } from '../modules/orders/index.ts';
import { markOrderPaid, notifyOrderPlaced, recordLatePaymentId } from '../modules/orders/index.ts';
import { recordOwedRefund } from '../modules/payments/index.ts';
import type { WorkflowDeps } from './deps.ts';
import { settleRefunds } from './owed-refunds.ts';

export type PaymentOutcome =
  | { kind: 'paid'; orderId: string }
  | { kind: 'already'; orderId: string }
  /** Paid after its reservation ended and cannot be honoured: the refund is recorded as owed. */
  | { kind: 'refund_owed'; orderId: string; refundId: string }
  | { kind: 'unknown' };

/**
 * The provider says this session is paid: the order becomes `paid`, its items `pending`, and for a
 * cart order the bought lines leave the cart. Only the first report changes anything. A payment
 * that lands after the reservation was released is honoured if its stock is still there and its
 * cart (or Buy Now product) has not become another order since; otherwise a refund of the whole
 * payment is recorded as owed, in this transaction, and made by `afterPayment` or the sweep.
 */
export async function applyPaidSession(
  tx: DbOrTx,
  sessionId: string,
  paymentId?: string,
): Promise<PaymentOutcome> {
  const [order] = await tx.select().from(orders).where(eq(orders.providerSessionId, sessionId)).for('update');
  if (!order) return { kind: 'unknown' };
  if (order.paymentStatus !== 'awaiting_payment' && order.paymentStatus !== 'failed') {
    return { kind: 'already', orderId: order.id };
  }
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  if (order.paymentStatus === 'failed') {
    const [owed] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.reason, 'late_payment')));
    if (owed) return { kind: 'already', orderId: order.id };
    const retaken =
      !(await replacedByLaterOrder(tx, order, items)) &&
      (await tx
        .transaction(async (sp) => {
          for (const item of items) {
            if (
              !item.productId ||
              !item.variantId ||
              !(await takeStock(sp, { productId: item.productId, variantId: item.variantId }, item.quantity))
            )
              throw new Error('no stock');
          }
          return true;
        })
        .catch(() => false));
    if (!retaken) {
      await recordLatePaymentId(tx, order.id, paymentId ?? null);
      const refundId = await recordOwedRefund(tx, {
        orderId: order.id,
        reason: 'late_payment',
        provider: order.provider ?? 'stripe',
        sessionId,
        paymentId,
        amountPaise: order.totalPaise,
        idempotencyKey: `late-${order.id}`,
      });
      return { kind: 'refund_owed', orderId: order.id, refundId };
    }
  }
  await markOrderPaid(tx, order.id, paymentId ?? null, new Date());
  if (order.source === 'cart' && order.userId) {
    const bought = items.map((i) => i.variantId).filter((id): id is string => id !== null);
    await removeBoughtLines(tx, order.userId, bought);
    // A line whose product left the order meanwhile (none normally) is free again.
    await freePendingCartLines(tx, [order.id]);
    await clearCheckout(tx, order.userId);
    // The coupon went with the order (its use was taken when the order was made).
    if (order.couponCode) await clearCartCoupon(tx, order.userId);
  }
  return { kind: 'paid', orderId: order.id };
}

/**
 * After the transaction committed: e-mails for a newly paid order, a first attempt at a refund owed.
 * Never throws: the event is recorded, the e-mails are in the outbox, and a refund not made now is
 * retried by the sweep (sweepOwedRefunds) until the provider confirms it.
 */
export async function afterPayment(deps: WorkflowDeps, outcome: PaymentOutcome | { kind: 'unpaid' }) {
  try {
    if (outcome.kind === 'paid') await notifyOrderPlaced(deps, outcome.orderId);
    if (outcome.kind === 'refund_owed') {
      deps.log.warn({ orderId: outcome.orderId }, 'late payment could not be honoured: refunding it');
      await settleRefunds(deps, [outcome.refundId]);
    }
  } catch (err) {
    deps.log.error({ err, outcome }, 'after-payment step failed');
  }
}

/**
 * Whether the customer's cart (or this Buy Now product) became another order after this one was
 * released: a late payment must not make one cart two orders (DESIGN §4).
 */
async function replacedByLaterOrder(tx: DbOrTx, order: OrderRow, items: OrderItemRow[]) {
  if (!order.userId) return false;
  const products = items.map((i) => i.productId).filter((id): id is string => id !== null);
  const [later] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        eq(orders.source, order.source),
        ne(orders.paymentStatus, 'failed'),
        gt(orders.createdAt, order.createdAt),
        order.source === 'buy_now' && products.length > 0
          ? inArray(
              orders.id,
              tx
                .select({ id: orderItems.orderId })
                .from(orderItems)
                .where(inArray(orderItems.productId, products)),
            )
          : undefined,
      ),
    )
    .limit(1);
  return later !== undefined;
}

/**
 * Server-side confirmation (legacy "success" endpoints, the return page, the test page): asks the
 * provider whether the session is paid. A client's claim alone changes nothing.
 */
export async function confirmSession(
  deps: WorkflowDeps,
  sessionId: string,
): Promise<PaymentOutcome | { kind: 'unpaid' }> {
  const state = await deps.payments.retrieveSession(sessionId);
  if (!state.paid) return { kind: 'unpaid' };
  const outcome = await deps.db.transaction((tx) => applyPaidSession(tx, sessionId, state.paymentId));
  await afterPayment(deps, outcome);
  return outcome;
}
