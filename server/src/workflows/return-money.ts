import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type orderItems, orders, refunds, returns } from '../db/schema.ts';
import { shareOfUnits } from '../lib/money.ts';
import { creditItemUnits, operatorOf } from '../modules/invoices/index.ts';
import { recordReturnRefund } from '../modules/ledger/index.ts';
import { addItemRefund, markOrderRefunded } from '../modules/orders/index.ts';
import { COD_REFUND_PROVIDER, recordOwedRefund } from '../modules/payments/index.ts';
import type { ReturnRow } from '../modules/returns/index.ts';
import type { WorkflowDeps } from './deps.ts';

type ItemRow = typeof orderItems.$inferSelect;

export interface ReturnMoney {
  /** Paise owed back for the returned units (0 when the order has nothing left to refund). */
  refundPaise: number;
  /** Our `refunds` row, when something is owed. */
  refundId: string | null;
  creditNoteId: string | null;
  /** Online refunds to make through the provider once the transaction committed. */
  toSettle: string[];
}

/** Units of the item refunded by its other returns. */
async function unitsRefunded(tx: DbOrTx, itemId: string, except: string) {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${returns.quantity}), 0)::int` })
    .from(returns)
    .where(and(eq(returns.orderItemId, itemId), eq(returns.status, 'refunded'), ne(returns.id, except)));
  return Number(row?.units ?? 0);
}

/**
 * The money of returned units, in the caller's transaction: a credit note for them (pro rata of the
 * item's taxable value and tax as placed), a refund of the same amount debited to the seller's
 * ledger (with the commission and TCS on it given back), never more than the
 * order's total less every refund of it so far (the order row is locked, so two returns of one
 * order settle one after the other). The caller holds the item's row lock. The refund is recorded as owed with the idempotency key
 * `return-{returnId}`: an online order's is made through its provider after the commit (and retried
 * by the sweep until confirmed); a COD order's is owed to the shopper's `refundTo` and paid by the
 * shop, then marked paid by an admin (COD_REFUND_PROVIDER, never sent to a provider).
 */
export async function refundReturnedUnits(
  tx: DbOrTx,
  deps: Pick<WorkflowDeps, 'config' | 'payments'>,
  ret: ReturnRow,
  item: ItemRow,
): Promise<ReturnMoney> {
  // The order before the credit note's number, as a cancellation locks them (no deadlock between the two).
  const [order] = await tx.select().from(orders).where(eq(orders.id, item.orderId)).for('update');
  const credit = await creditItemUnits(tx, item.id, ret.quantity, 'returned', operatorOf(deps.config));
  const [paid] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, item.orderId));
  const refundedSoFar = Number(paid?.sum ?? 0);
  // Without an invoice (an item delivered before invoices existed) the same pro-rata shares, after
  // the units of the item refunded before; the ledger gives back its shares the same way.
  const before = await unitsRefunded(tx, item.id, ret.id);
  const part = (total: number) => shareOfUnits(total, item.quantity, before, ret.quantity);
  const share = credit ? credit.taxablePaise + credit.taxPaise : part(item.taxablePaise + item.taxPaise);
  const returnedTaxablePaise = credit ? credit.taxablePaise : part(item.taxablePaise);
  const refundPaise = Math.max(0, Math.min(share, order!.totalPaise - refundedSoFar));
  const creditNoteId = credit?.id ?? null;
  if (refundPaise === 0) return { refundPaise, refundId: null, creditNoteId, toSettle: [] };

  const cod = order!.paymentMethod === 'cod';
  const refundId = await recordOwedRefund(tx, {
    orderId: order!.id,
    orderItemId: item.id,
    reason: 'return',
    provider: cod ? COD_REFUND_PROVIDER : (order!.provider ?? deps.payments.name),
    sessionId: cod ? null : order!.providerSessionId,
    paymentId: cod ? null : order!.providerPaymentId,
    amountPaise: refundPaise,
    idempotencyKey: `return-${ret.id}`,
  });
  await addItemRefund(tx, item.id, refundPaise);
  // The seller gives the refund back, and gets back what the sale's commission and TCS took of it.
  await recordReturnRefund(tx, {
    returnId: ret.id,
    item,
    refundPaise,
    returnedTaxablePaise,
    unitsReturned: before + ret.quantity,
  });
  if (!cod && refundedSoFar + refundPaise >= order!.totalPaise) {
    await markOrderRefunded(tx, order!.id, { onlyIfPaid: true });
  }
  return { refundPaise, refundId, creditNoteId, toSettle: cod ? [] : [refundId] };
}
