import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { refunds } from './tables.ts';

/**
 * The refunds the shop owes (DESIGN §4, money owed is paid exactly once, eventually): every write
 * to the `refunds` table. The workflows decide when a refund is owed and make it through the
 * provider (workflows/owed-refunds.ts); these functions record it, each in the caller's transaction.
 */

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
 * The provider of a refund owed to a Cash On Delivery shopper (a returned COD item): nobody's card
 * to refund, so the shop pays it by UPI or bank transfer to the return's `refundTo` and an admin
 * records it paid (workflows/cod-refund-paid.ts). The sweep never sends it to a payment provider.
 */
export const COD_REFUND_PROVIDER = 'cod';

/** How long a claimed attempt may take before another process may try again (the SDK times out first). */
const LEASE_SECONDS = 120;

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
 * Claims due refunds for one attempt: moving `next_attempt_at` past the lease is the claim, taken
 * under `FOR UPDATE SKIP LOCKED`, so processes sweeping at once never attempt the same refund together.
 */
export async function claimDueRefunds(db: Db, only?: string[], limit = 20): Promise<RefundRow[]> {
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

/** What a refund the provider confirmed records. */
const succeeded = (providerRefundId: string) => ({
  status: 'succeeded' as const,
  providerRefundId,
  succeededAt: new Date(),
  lastError: null,
});

/** The provider made a claimed refund: `succeeded` once; the row, or undefined when it already was. */
export async function markRefundSucceeded(tx: DbOrTx, refundId: string, providerRefundId: string) {
  const [settled] = await tx
    .update(refunds)
    .set(succeeded(providerRefundId))
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return settled;
}

/** The provider reports a refund made (Razorpay's `refund.processed`, whose receipt is our idempotency key). */
export async function markRefundSucceededByKey(tx: DbOrTx, idempotencyKey: string, providerRefundId: string) {
  await tx
    .update(refunds)
    .set(succeeded(providerRefundId))
    .where(and(eq(refunds.idempotencyKey, idempotencyKey), eq(refunds.status, 'pending')));
}

/** An attempt failed: the error is kept and the next attempt waits `delaySeconds`. */
export async function recordRefundFailure(
  db: DbOrTx,
  refundId: string,
  message: string,
  delaySeconds: number,
) {
  await db
    .update(refunds)
    .set({
      lastError: message.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      updatedAt: new Date(),
    })
    .where(eq(refunds.id, refundId));
}

/** A refund made through the provider inside the transaction that recorded it (a cancelled item's): one attempt. */
export async function markRefundMadeAtOnce(
  tx: DbOrTx,
  refundId: string,
  providerRefundId: string,
  now: Date,
) {
  await tx
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId, succeededAt: now, attempts: 1 })
    .where(eq(refunds.id, refundId));
}

/**
 * A COD refund paid by hand (`reference`: the transfer's UTR): `succeeded` once, by a conditional
 * UPDATE. False when it already was.
 */
export async function markRefundPaidByHand(tx: DbOrTx, refundId: string, reference: string, now: Date) {
  const [paid] = await tx
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId: reference, succeededAt: now, updatedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return paid !== undefined;
}
