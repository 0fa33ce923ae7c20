import { markOrderRefunded } from '../modules/orders/index.ts';
import {
  claimDueRefunds,
  markRefundSucceeded,
  type RefundRow,
  recordRefundFailure,
} from '../modules/payments/index.ts';
import type { WorkflowDeps } from './deps.ts';
import { textRefundMade } from './phone-messages.ts';

/** Seconds before attempt n+1 after n failed ones: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);

/**
 * Makes each claimed refund through the provider. On success the refund is `succeeded` and its
 * effect on the order is written in the same transaction; on failure the error is kept and the
 * next attempt waits a little longer. Never throws: a refund not made now is made by a later sweep.
 */
async function attempt(deps: WorkflowDeps, claimed: RefundRow[]) {
  let made = 0;
  for (const refund of claimed) {
    try {
      const done = await deps.payments.refund({
        sessionId: refund.sessionId ?? '',
        paymentId: refund.paymentId ?? undefined,
        amountPaise: refund.amountPaise,
        idempotencyKey: refund.idempotencyKey,
      });
      await deps.db.transaction(async (tx) => {
        const settled = await markRefundSucceeded(tx, refund.id, done.id);
        if (settled?.reason === 'late_payment') await markOrderRefunded(tx, settled.orderId);
      });
      made++;
      deps.log.info({ refundId: refund.id, providerRefundId: done.id, reason: refund.reason }, 'refund made');
      await textRefundMade(deps, refund.id);
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      await recordRefundFailure(deps.db, refund.id, message, retryDelaySeconds(refund.attempts)).catch(
        (e: unknown) => deps.log.error({ err: e, refundId: refund.id }, 'could not record a refund failure'),
      );
      deps.log.warn(
        { err, refundId: refund.id, attempts: refund.attempts },
        'refund failed; it will be retried',
      );
    }
  }
  return made;
}

/** Tries the given owed refunds now (right after the transaction that recorded them committed). */
export async function settleRefunds(deps: WorkflowDeps, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return attempt(deps, await claimDueRefunds(deps.db, ids));
}

/** The sweep: retries every owed refund that is due. Safe to run in several processes at once. */
export async function sweepOwedRefunds(deps: WorkflowDeps): Promise<number> {
  let made = 0;
  for (;;) {
    const claimed = await claimDueRefunds(deps.db);
    if (claimed.length === 0) return made;
    made += await attempt(deps, claimed);
  }
}
