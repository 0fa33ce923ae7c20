import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { orders, refunds } from '../db/schema.ts';
import type { WorkflowDeps } from './deps.ts';

export type RefundRow = typeof refunds.$inferSelect;

export interface OwedRefund {
  orderId: string;
  orderItemId?: string;
  reason: RefundRow['reason'];
  provider: string;
  sessionId?: string | null;
  paymentId?: string | null;
  amountPaise: number;
  idempotencyKey: string;
}

/**
 * Records a refund the shop owes, inside the transaction of the event that creates the debt (the
 * webhook's event row, the cancellation), so it can never be lost. The idempotency key makes a
 * second record of the same debt a no-op. Returns the refund's id.
 */
export async function recordOwedRefund(tx: DbOrTx, owed: OwedRefund): Promise<string> {
  await tx
    .insert(refunds)
    .values({ ...owed, sessionId: owed.sessionId ?? null, paymentId: owed.paymentId ?? null })
    .onConflictDoNothing({ target: refunds.idempotencyKey });
  const [row] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.idempotencyKey, owed.idempotencyKey));
  return row!.id;
}

/**
 * The provider of a refund owed to a Cash On Delivery shopper (a returned COD item): nobody's card
 * to refund, so the shop pays it by UPI or bank transfer to the return's `refundTo` and an admin
 * records it paid (workflows/cod-refund-paid.ts). The sweep never sends it to a payment provider.
 */
export const COD_REFUND_PROVIDER = 'cod';

/** Seconds before attempt n+1 after n failed ones: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);

/** How long a claimed attempt may take before another process may try again (the SDK times out first). */
const LEASE_SECONDS = 120;

/**
 * Claims due refunds for one attempt: moving `next_attempt_at` past the lease is the claim, taken
 * under `FOR UPDATE SKIP LOCKED`, so processes sweeping at once never attempt the same refund together.
 */
async function claimDue(db: Db, only?: string[], limit = 20): Promise<RefundRow[]> {
  const due = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        ne(refunds.provider, COD_REFUND_PROVIDER),
        lte(refunds.nextAttemptAt, sql`now()`),
        only ? inArray(refunds.id, only) : undefined,
      ),
    )
    .orderBy(refunds.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      updatedAt: new Date(),
    })
    .where(inArray(refunds.id, due))
    .returning();
}

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
        const [settled] = await tx
          .update(refunds)
          .set({ status: 'succeeded', providerRefundId: done.id, succeededAt: new Date(), lastError: null })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
          .returning();
        if (settled?.reason === 'late_payment') {
          await tx
            .update(orders)
            .set({ paymentStatus: 'refunded', updatedAt: new Date() })
            .where(eq(orders.id, settled.orderId));
        }
      });
      made++;
      deps.log.info({ refundId: refund.id, providerRefundId: done.id, reason: refund.reason }, 'refund made');
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      await deps.db
        .update(refunds)
        .set({
          lastError: message.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(refund.attempts)})`,
          updatedAt: new Date(),
        })
        .where(eq(refunds.id, refund.id))
        .catch((e: unknown) =>
          deps.log.error({ err: e, refundId: refund.id }, 'could not record a refund failure'),
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
  return attempt(deps, await claimDue(deps.db, ids));
}

/** The sweep: retries every owed refund that is due. Safe to run in several processes at once. */
export async function sweepOwedRefunds(deps: WorkflowDeps): Promise<number> {
  let made = 0;
  for (;;) {
    const claimed = await claimDue(deps.db);
    if (claimed.length === 0) return made;
    made += await attempt(deps, claimed);
  }
}
