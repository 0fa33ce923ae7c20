import { and, eq, ne } from 'drizzle-orm';
import { orderItems, orders } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { returnStock } from '../modules/catalog/index.ts';
import { creditItem, operatorOf } from '../modules/invoices/index.ts';
import { rupeesOf } from '../modules/messages/index.ts';
import {
  cancelPendingItem,
  chargePaidPaise,
  type ItemOwner,
  linkItemToCreditNote,
  markChargesRefunded,
  markOrderRefunded,
  notifyItemCancelled,
  recordItemRefund,
  refuseTransition,
  settleCodOrder,
} from '../modules/orders/index.ts';
import { markRefundMadeAtOnce, recordOwedRefund } from '../modules/payments/index.ts';
import type { WorkflowDeps } from './deps.ts';

/**
 * Cancels a pending item: its stock goes back once (the conditional UPDATE lets one caller win),
 * and for a paid card order the item's share (amount + its GST, as placed) is refunded. The refund is recorded
 * as owed and made through the provider inside the same transaction: the cancellation commits only
 * with a refund the provider confirmed, and a provider outage answers 502 and changes nothing. The
 * refund's idempotency key is the item's, so if the commit is lost after the provider refunded, the
 * next cancel of the item gets that same refund back, never a second one. When the last item of an
 * order goes, the refund is whatever remains of the total, so the paise always add up. When the
 * last item of a seller's shipment goes, the shipment's shipping fee is refunded with it (issue 37). Once it has
 * committed, the shopper and the seller get an e-mail (with the refund, if one was made).
 */
export async function cancelOrderItem(deps: WorkflowDeps, owner: ItemOwner, itemId: string) {
  const cancelled = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const item = await cancelPendingItem(tx, owner, itemId, now);
    if (!item) return refuseTransition(tx, owner, itemId, 'cancelled');
    if (item.variantId) await returnStock(tx, item.variantId, item.quantity);
    // The order is locked before the credit note takes its number, as a return locks them, and
    // before the other items are read: two cancellations of one order's items queue here, so the
    // second sees the first's item cancelled (the shipment's last item is known to be the last).
    const [order] = await tx.select().from(orders).where(eq(orders.id, item.orderId)).for('update');
    const others = await tx
      .select({
        sellerId: orderItems.sellerId,
        status: orderItems.status,
        refunded: orderItems.refundedPaise,
      })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, item.orderId), ne(orderItems.id, item.id)));
    // An item that came back undelivered (RTO) is gone from the order as a cancelled one is.
    const gone = (status: string) => status === 'cancelled' || status === 'rto';
    const lastOne = others.every((o) => gone(o.status));
    // Issue 37: "shipping refunded when the whole shipment is cancelled". This was the last item of
    // its seller's shipment not cancelled: the shipment's fees (its shipping fee, and the COD fee if
    // it carries it) go with it. The conditional UPDATE (`refunded_at is null`) releases each fee
    // once. A paid order gets them back in this item's refund (below); a COD order paid nothing,
    // so the courier just never collects them (orders `codFeesDuePaise` leaves released fees out). The last
    // item of the whole order releases every fee left (its refund is the order's remainder anyway).
    const wholeShipment = others.every((o) => o.sellerId !== item.sellerId || gone(o.status));
    const released = lastOne
      ? await markChargesRefunded(tx, item.orderId, {}, now)
      : wholeShipment
        ? await markChargesRefunded(tx, item.orderId, { sellerId: item.sellerId }, now)
        : [];
    // Invoiced already (another item of the seller's shipped): the cancellation is credited, with the
    // seller's fees released with it (they were on its invoice).
    if (item.invoiceId) {
      const mine = released.filter((c) => c.sellerId === item.sellerId);
      const creditNoteId = await creditItem(tx, item.id, 'cancelled', operatorOf(deps.config), mine);
      if (creditNoteId) await linkItemToCreditNote(tx, item.id, creditNoteId);
    }

    // The last open item of a COD order going: the rest was delivered and collected.
    if (order?.paymentMethod === 'cod') await settleCodOrder(tx, order.id);
    if (order?.paymentMethod !== 'stripe' || order.paymentStatus !== 'paid')
      return { item, refundPaise: null };
    const refundedSoFar = others.reduce((s, o) => s + (o.refunded ?? 0), 0);
    // What was paid for the item, and for the fees released with it (taxable value + GST each, as
    // placed): one refund, under the item's idempotency key, recorded on the item.
    const share = item.taxablePaise + item.taxPaise + released.reduce((s, c) => s + chargePaidPaise(c), 0);
    const amountPaise = lastOne
      ? order.totalPaise - refundedSoFar
      : Math.min(share, order.totalPaise - refundedSoFar);
    if (amountPaise <= 0) return { item, refundPaise: null };
    const owed = {
      orderId: order.id,
      orderItemId: item.id,
      reason: 'cancellation' as const,
      provider: order.provider ?? deps.payments.name,
      sessionId: order.providerSessionId,
      paymentId: order.providerPaymentId,
      amountPaise,
      idempotencyKey: `cancel-${item.id}`,
    };
    const refundId = await recordOwedRefund(tx, owed);
    let refund: { id: string };
    try {
      refund = await deps.payments.refund({
        sessionId: owed.sessionId ?? '',
        paymentId: owed.paymentId ?? undefined,
        amountPaise,
        idempotencyKey: owed.idempotencyKey,
      });
    } catch (err) {
      deps.log.error({ err, itemId: item.id }, 'refund for a cancelled item failed; nothing was cancelled');
      throw new AppError('BAD_GATEWAY', PAYMENT_SERVICE_DOWN);
    }
    await markRefundMadeAtOnce(tx, refundId, refund.id, now);
    await recordItemRefund(tx, item.id, refund.id, amountPaise);
    if (lastOne) await markOrderRefunded(tx, order.id, { now });
    return { item, refundPaise: amountPaise };
  });
  // After the commit: the e-mails tell of a cancellation (and refund) that happened; a failed mail
  // is logged inside and never turns a done cancellation into an error.
  await notifyItemCancelled(deps, {
    ...cancelled,
    by: 'userId' in owner ? 'customer' : 'sellerId' in owner ? 'seller' : 'admin',
  });
  if (cancelled.refundPaise)
    await deps.messenger.orderUpdate({
      kind: 'refund_made',
      orderId: cancelled.item.orderId,
      amount: rupeesOf(cancelled.refundPaise),
      dedupeKey: `refund_made:cancel-${cancelled.item.id}`,
    });
}

export const PAYMENT_SERVICE_DOWN =
  'The payment service is unavailable, so the item was not cancelled and no refund was made. Please try again in a few minutes';
