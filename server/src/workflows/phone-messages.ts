import { eq } from 'drizzle-orm';
import { refunds, returns } from '../db/schema.ts';
import { rupeesOf } from '../modules/messages/index.ts';
import type { WorkflowDeps } from './deps.ts';

/** Order updates for the shopper's phone that need a row read first (the messenger decides the channel). */
type Deps = Pick<WorkflowDeps, 'db' | 'messenger' | 'log'>;

/**
 * After a refund is made (by the provider, or paid by hand for COD): the shopper's SMS or WhatsApp
 * with the amount, once per refund. Never throws (the messenger logs).
 */
export async function textRefundMade(deps: Deps, refundId: string) {
  try {
    const [refund] = await deps.db
      .select({ orderId: refunds.orderId, amountPaise: refunds.amountPaise, status: refunds.status })
      .from(refunds)
      .where(eq(refunds.id, refundId));
    if (refund?.status !== 'succeeded') return;
    await deps.messenger.orderUpdate({
      kind: 'refund_made',
      orderId: refund.orderId,
      amount: rupeesOf(refund.amountPaise),
      dedupeKey: `refund_made:${refundId}`,
    });
  } catch (err) {
    deps.log.error({ err, refundId }, 'refund message failed');
  }
}

/** The return's parcel reached the seller (collected from the shopper and brought back): once per return. */
export async function textReturnReceived(deps: Deps, returnId: string) {
  try {
    const [ret] = await deps.db
      .select({ orderId: returns.orderId })
      .from(returns)
      .where(eq(returns.id, returnId));
    if (!ret) return;
    await deps.messenger.orderUpdate({
      kind: 'return_picked_up',
      orderId: ret.orderId,
      dedupeKey: `return_picked_up:${returnId}`,
    });
  } catch (err) {
    deps.log.error({ err, returnId }, 'return message failed');
  }
}
