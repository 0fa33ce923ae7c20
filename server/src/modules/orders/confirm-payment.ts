import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cartItems, orderItems, orders } from '../../db/schema.ts';
import { clearCheckout } from '../cart/checkout.ts';
import { takeStock } from '../catalog/stock.ts';
import { notifyOrderPlaced } from './notify.ts';

export type ShopDeps = Pick<AppDeps, 'db' | 'payments' | 'mailer'> & { log: FastifyBaseLogger };

export type PaymentOutcome =
  | { kind: 'paid'; orderId: string }
  | { kind: 'already'; orderId: string }
  | { kind: 'late_no_stock'; orderId: string; totalPaise: number; sessionId: string; paymentId?: string }
  | { kind: 'unknown' };

/**
 * The provider says this session is paid: the order becomes `paid`, its items `pending`, and for a
 * cart order the bought lines leave the cart. Only the first report changes anything. A payment
 * that lands after the reservation was released takes the stock again if it is still there;
 * otherwise the caller refunds it.
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
    const retaken = await tx
      .transaction(async (sp) => {
        for (const item of items) {
          if (!item.productId || !(await takeStock(sp, item.productId, item.quantity)))
            throw new Error('no stock');
        }
        return true;
      })
      .catch(() => false);
    if (!retaken) {
      return { kind: 'late_no_stock', orderId: order.id, totalPaise: order.totalPaise, sessionId, paymentId };
    }
  }
  const now = new Date();
  await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      paidAt: now,
      providerPaymentId: paymentId ?? null,
      reservationExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
  await tx
    .update(orderItems)
    .set({ status: 'pending', cancelledAt: null, updatedAt: now })
    .where(eq(orderItems.orderId, order.id));
  if (order.source === 'cart' && order.userId) {
    const bought = items.map((i) => i.productId).filter((id): id is string => id !== null);
    if (bought.length > 0) {
      await tx
        .delete(cartItems)
        .where(and(eq(cartItems.userId, order.userId), inArray(cartItems.productId, bought)));
    }
    await clearCheckout(tx, order.userId);
  }
  return { kind: 'paid', orderId: order.id };
}

/** After the transaction: e-mails for a newly paid order, a refund for a payment we could not honour. */
export async function afterPayment(deps: ShopDeps, outcome: PaymentOutcome) {
  if (outcome.kind === 'paid') await notifyOrderPlaced(deps, outcome.orderId);
  if (outcome.kind === 'late_no_stock') {
    const refund = await deps.payments.refund({
      sessionId: outcome.sessionId,
      paymentId: outcome.paymentId,
      amountPaise: outcome.totalPaise,
      idempotencyKey: `late-${outcome.orderId}`,
    });
    await deps.db
      .update(orders)
      .set({ paymentStatus: 'refunded', providerPaymentId: outcome.paymentId ?? null, updatedAt: new Date() })
      .where(eq(orders.id, outcome.orderId));
    deps.log.warn({ orderId: outcome.orderId, refundId: refund.id }, 'late payment refunded: stock was gone');
  }
}

/**
 * Server-side confirmation (legacy "success" endpoints, the return page, the test page): asks the
 * provider whether the session is paid. A client's claim alone changes nothing.
 */
export async function confirmSession(
  deps: ShopDeps,
  sessionId: string,
): Promise<PaymentOutcome | { kind: 'unpaid' }> {
  const state = await deps.payments.retrieveSession(sessionId);
  if (!state.paid) return { kind: 'unpaid' };
  const outcome = await deps.db.transaction((tx) => applyPaidSession(tx, sessionId, state.paymentId));
  await afterPayment(deps, outcome);
  return outcome;
}
