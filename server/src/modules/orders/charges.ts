import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderCharges, orderItems, orders } from './tables.ts';

/**
 * An order's shipping and COD fees as placed (contracts/src/delivery.ts `chargesFor`, taxed by
 * contracts `taxOrder`): create-order.ts and place-cod-order.ts write them; invoices, refunds and the
 * ledger read them here, never recompute them. `taxablePaise + taxPaise` is what the shopper paid for
 * a fee (in `india` mode the fee itself; in `flat18` the fee plus its GST).
 */
export type ChargeRow = typeof orderCharges.$inferSelect;
export type ChargeKind = ChargeRow['kind'];

/** What the shopper paid for a fee: its taxable value + its GST. */
export const chargePaidPaise = (c: Pick<ChargeRow, 'taxablePaise' | 'taxPaise'>) =>
  c.taxablePaise + c.taxPaise;

const which = (orderId: string, opts: { sellerId?: string; kinds?: readonly ChargeKind[] }): SQL =>
  and(
    eq(orderCharges.orderId, orderId),
    opts.sellerId ? eq(orderCharges.sellerId, opts.sellerId) : undefined,
    opts.kinds ? inArray(orderCharges.kind, [...opts.kinds]) : undefined,
  )!;

/**
 * The order's charges (one seller's, some kinds), shipping before COD; `open`: only those not
 * refunded.
 */
export async function orderChargesOf(
  tx: DbOrTx,
  orderId: string,
  opts: { sellerId?: string; kinds?: readonly ChargeKind[]; open?: boolean } = {},
): Promise<ChargeRow[]> {
  const rows = await tx
    .select()
    .from(orderCharges)
    .where(and(which(orderId, opts), opts.open ? isNull(orderCharges.refundedAt) : undefined));
  return rows.sort((a, b) =>
    a.kind === b.kind ? (a.sellerId < b.sellerId ? -1 : 1) : a.kind === 'shipping' ? -1 : 1,
  );
}

/**
 * Marks charges refunded, once: a conditional UPDATE (`where refunded_at is null`), so of two
 * transactions refunding the same fee only one gets the row back and adds it to its refund (the
 * other waits on the row lock, then finds it refunded). Returns the charges this call refunded.
 */
export async function markChargesRefunded(
  tx: DbOrTx,
  orderId: string,
  opts: { sellerId?: string; kinds?: readonly ChargeKind[] },
  now: Date,
): Promise<ChargeRow[]> {
  return tx
    .update(orderCharges)
    .set({ refundedAt: now })
    .where(and(which(orderId, opts), isNull(orderCharges.refundedAt)))
    .returning();
}

/**
 * The fees a courier collects in cash with a seller's COD shipment (issue 37), per order: its
 * shipping fee and, on the shipment that carries it, the COD fee, as the shopper pays them (taxable
 * value + GST). Collected with the shipment's first delivery, so nothing once an item of the
 * shipment was collected; nothing for a fee released because the shipment was wholly cancelled
 * (`refunded_at`), and nothing for a card order (paid online). codToCollectPaise is the goods'
 * part, per item; the packing slip and label add this once per shipment.
 */
export async function codFeesDuePaise(
  tx: DbOrTx,
  sellerId: string,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  const due = new Map<string, number>();
  if (orderIds.length === 0) return due;
  const rows = await tx
    .select({
      orderId: orderCharges.orderId,
      paid: sql<number>`sum(${orderCharges.taxablePaise} + ${orderCharges.taxPaise})`,
    })
    .from(orderCharges)
    .innerJoin(orders, eq(orders.id, orderCharges.orderId))
    .where(
      and(
        inArray(orderCharges.orderId, [...orderIds]),
        eq(orderCharges.sellerId, sellerId),
        isNull(orderCharges.refundedAt),
        eq(orders.paymentMethod, 'cod'),
        sql`not exists (select 1 from ${orderItems} i where i.order_id = ${orderCharges.orderId}
          and i.seller_id = ${orderCharges.sellerId} and i.cod_collected_at is not null)`,
      ),
    )
    .groupBy(orderCharges.orderId);
  for (const r of rows) due.set(r.orderId, Number(r.paid));
  return due;
}
