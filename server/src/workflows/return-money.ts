import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, orders, refunds, returns } from '../db/schema.ts';
import { shareOfUnits } from '../lib/money.ts';
import { creditItemUnits, operatorOf } from '../modules/invoices/index.ts';
import { recordReturnRefund } from '../modules/ledger/index.ts';
import {
  addItemRefund,
  chargePaidPaise,
  markChargesRefunded,
  markOrderRefunded,
} from '../modules/orders/index.ts';
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
 * Whether `ret`'s units, refunded now, complete the return of the seller's whole shipment in the
 * order: every item of it not cancelled has all its units refunded (by earlier refunded returns, and
 * this one for its item). An exchange's replacement is an item of the shipment like any other.
 */
async function completesShipment(tx: DbOrTx, ret: ReturnRow, item: ItemRow) {
  const rows = await tx
    .select({
      id: orderItems.id,
      quantity: orderItems.quantity,
      status: orderItems.status,
      refunded: sql<number>`(select coalesce(sum(r.quantity), 0)::int from ${returns} r
        where r.order_item_id = ${orderItems.id} and r.status = 'refunded' and r.id <> ${ret.id})`,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, item.orderId), eq(orderItems.sellerId, item.sellerId)));
  return rows.every(
    (r) =>
      r.status === 'cancelled' ||
      r.status === 'rto' ||
      Number(r.refunded) + (r.id === item.id ? ret.quantity : 0) >= r.quantity,
  );
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
  // Issue 37: "shipping refunded when the whole shipment is returned". These units complete the
  // return of the seller's shipment (every item of it not cancelled has all its units refunded):
  // its shipping fee is refunded with them, on this return's credit note and in its refund. The
  // COD fee is not (the shopper chose to pay at the door and that service was given). The order
  // lock above makes returns of one order settle one after the other, so the last one sees the
  // others refunded; `refunded_at is null` makes the fee go back once whatever happens.
  const charges = (await completesShipment(tx, ret, item))
    ? await markChargesRefunded(
        tx,
        item.orderId,
        { sellerId: item.sellerId, kinds: ['shipping'] },
        new Date(),
      )
    : [];
  const chargesPaise = charges.reduce((s, c) => s + chargePaidPaise(c), 0);
  const credit = await creditItemUnits(
    tx,
    item.id,
    ret.quantity,
    'returned',
    operatorOf(deps.config),
    charges,
  );
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
  const refundPaise = Math.max(0, Math.min(share + chargesPaise, order!.totalPaise - refundedSoFar));
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
    charges,
  });
  if (!cod && refundedSoFar + refundPaise >= order!.totalPaise) {
    await markOrderRefunded(tx, order!.id, { onlyIfPaid: true });
  }
  return { refundPaise, refundId, creditNoteId, toSettle: cod ? [] : [refundId] };
}
