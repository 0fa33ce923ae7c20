import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, payouts, sellers } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { sellerBalance } from './entries.ts';

export interface PayoutRequest {
  sellerId: string;
  amountPaise: number;
  reference: string;
  idempotencyKey: string;
  adminId: string;
}

const rupees = (paise: number) =>
  `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

/** Why a payout waits: the seller has not confirmed their e-mail address (a seller must be verified first). */
export const UNVERIFIED_SELLER =
  'Verify this seller before paying out: they have not confirmed their e-mail address yet';

/**
 * Records a payout the admin made: only to a verified seller (e-mail address confirmed), never
 * more than the seller's payable balance, never twice for one idempotency key. The seller's row is locked first, so concurrent payouts of one seller are
 * decided one after the other against the balance the previous one left; a repeat of a request
 * (same key) answers the payout it made. The ledger's payout entry is written in the same transaction.
 * A new payout answers the seller's address and language and their balance after it (the e-mail's facts).
 */
export async function recordPayout(tx: DbOrTx, req: PayoutRequest) {
  const [seller] = await tx
    .select({
      id: sellers.id,
      verifiedAt: sellers.emailVerifiedAt,
      email: sellers.email,
      fullName: sellers.fullName,
      locale: sellers.locale,
    })
    .from(sellers)
    .where(eq(sellers.id, req.sellerId))
    .for('update');
  if (!seller) throw notFound('Seller not found');
  if (!seller.verifiedAt) throw conflict(UNVERIFIED_SELLER);
  const [earlier] = await tx.select().from(payouts).where(eq(payouts.idempotencyKey, req.idempotencyKey));
  if (earlier) {
    if (earlier.sellerId !== req.sellerId || earlier.amountPaise !== req.amountPaise)
      throw conflict('This idempotency key was already used for another payout');
    return { payout: earlier, repeated: true as const };
  }
  const { payablePaise, pendingPaise } = await sellerBalance(tx, req.sellerId);
  if (req.amountPaise > payablePaise)
    throw new AppError('CONFLICT', `Only ${rupees(Math.max(payablePaise, 0))} is payable to this seller now`);
  const [payout] = await tx
    .insert(payouts)
    .values({
      sellerId: req.sellerId,
      amountPaise: req.amountPaise,
      reference: req.reference,
      idempotencyKey: req.idempotencyKey,
      adminId: req.adminId,
    })
    .returning();
  await tx.insert(ledgerEntries).values({
    sellerId: req.sellerId,
    payoutId: payout!.id,
    kind: 'payout',
    amountPaise: -req.amountPaise,
    settlesAt: payout!.createdAt,
  });
  return {
    payout: payout!,
    repeated: false as const,
    /** Who was paid and what they have left, for the payout e-mail. */
    seller: { email: seller.email, fullName: seller.fullName, locale: seller.locale },
    balanceAfter: { payablePaise: payablePaise - req.amountPaise, pendingPaise },
  };
}

export async function listPayouts(db: DbOrTx, sellerId?: string) {
  return db
    .select({
      id: payouts.id,
      sellerId: payouts.sellerId,
      companyName: sellers.companyName,
      amountPaise: payouts.amountPaise,
      reference: payouts.reference,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(sellers, eq(sellers.id, payouts.sellerId))
    .where(sellerId ? eq(payouts.sellerId, sellerId) : undefined)
    .orderBy(desc(payouts.createdAt))
    .limit(500);
}
