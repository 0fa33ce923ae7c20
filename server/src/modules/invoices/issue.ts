import { financialYear, type GstMode, type TaxDocumentKind } from '@vastra/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  documentCounters,
  type orderCharges,
  orderItems,
  orders,
  sellers,
  taxDocuments,
} from '../../db/schema.ts';
import { shareOfUnits } from '../../lib/money.ts';
import { buildDocument, type DocumentSource, type Operator } from './documents.ts';

const PREFIX: Record<TaxDocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

/**
 * The next number of this seller's series for the year: "INV/2627/000001" (15 characters). The
 * counter row is updated in the caller's transaction, so concurrent issues queue on it and a
 * rolled-back issue gives its number back: consecutive, no gap, no duplicate (DESIGN §11).
 */
async function takeNumber(tx: DbOrTx, sellerId: string, kind: TaxDocumentKind, fy: string) {
  const [row] = await tx
    .insert(documentCounters)
    .values({ sellerId, kind, financialYear: fy, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.sellerId, documentCounters.kind, documentCounters.financialYear],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  const years = `${fy.slice(2, 4)}${fy.slice(5, 7)}`;
  return `${PREFIX[kind]}/${years}/${String(row!.last).padStart(6, '0')}`;
}

async function issue(tx: DbOrTx, src: Omit<DocumentSource, 'number' | 'financialYear' | 'issuedAt'>) {
  const issuedAt = new Date();
  const fy = financialYear(issuedAt);
  const number = await takeNumber(tx, src.seller.id, src.kind, fy);
  const { document, sums } = buildDocument({ ...src, number, financialYear: fy, issuedAt });
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      kind: src.kind,
      sellerId: src.seller.id,
      orderId: src.order.id,
      referenceId: src.reference?.invoiceId ?? null,
      financialYear: fy,
      number,
      document,
      ...sums,
      issuedAt,
    })
    .returning({ id: taxDocuments.id });
  return row!.id;
}

/**
 * The seller's tax invoice for an order, issued when its first item ships (goods leave): it bills
 * every item of that seller in the order not cancelled by then, and those items point at it. A later
 * shipment of the same order finds it. The order row is locked first, so two shipments of one
 * order never both issue one. Returns the invoice's id and the items it newly bills (none when it
 * was found), which the orders module points at it (it owns order_items).
 */
export async function invoiceShipment(
  tx: DbOrTx,
  orderId: string,
  sellerId: string,
  operator: Operator,
  /** The shipment's fees not refunded (orders `orderChargesOf`): its shipping fee, and the COD fee when it carries it. */
  charges: ChargeRow[],
): Promise<{ id: string; billedItemIds: string[] }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`order ${orderId} vanished while shipping`);
  const [existing] = await tx
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.sellerId, sellerId),
        eq(taxDocuments.kind, 'invoice'),
      ),
    );
  if (existing) return { id: existing.id, billedItemIds: [] };
  const [seller] = await tx.select().from(sellers).where(eq(sellers.id, sellerId));
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.sellerId, sellerId),
        inArray(orderItems.status, ['pending', 'shipped', 'delivered']),
      ),
    )
    .orderBy(orderItems.createdAt, orderItems.id);
  const id = await issue(tx, {
    kind: 'invoice',
    order,
    seller: seller!,
    items,
    charges,
    operator,
    reference: null,
    reason: null,
  });
  return { id, billedItemIds: items.map((i) => i.id) };
}

type ItemRow = typeof orderItems.$inferSelect;
type ChargeRow = typeof orderCharges.$inferSelect;

/**
 * A credit note of `item` (the whole of it, or its pro-rata part) against the item's invoice, with
 * the fees refunded with it (the whole shipment cancelled or returned: its shipping fee; issue 37).
 */
async function issueCreditNote(
  tx: DbOrTx,
  item: ItemRow,
  reason: string,
  operator: Operator,
  charges: ChargeRow[] = [],
) {
  const [[order], [seller], [invoice]] = await Promise.all([
    tx.select().from(orders).where(eq(orders.id, item.orderId)),
    tx.select().from(sellers).where(eq(sellers.id, item.sellerId)),
    tx
      .select({ id: taxDocuments.id, number: taxDocuments.number, issuedAt: taxDocuments.issuedAt })
      .from(taxDocuments)
      .where(eq(taxDocuments.id, item.invoiceId!)),
  ]);
  return issue(tx, {
    kind: 'credit_note',
    order: order!,
    seller: seller!,
    items: [item],
    charges,
    operator,
    reference: { invoiceId: invoice!.id, number: invoice!.number, date: invoice!.issuedAt.toISOString() },
    reason,
  });
}

/**
 * A credit note for an invoiced item that is cancelled: its own series, the same tax split,
 * referencing the invoice. Returns the new note's id, which the orders module records on the item
 * (it owns order_items); undefined when the item was never invoiced or is credited already.
 */
export async function creditItem(
  tx: DbOrTx,
  itemId: string,
  reason: string,
  operator: Operator,
  charges: ChargeRow[] = [],
) {
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!item?.invoiceId || item.creditNoteId) return undefined;
  return issueCreditNote(tx, item, reason, operator, charges);
}

/**
 * Units [from, from + units) of an item, as a credit note bills them: its figures as placed, pro
 * rata by cumulative shares (shareOfUnits), so the parts of all its units add up to the item.
 * Without a coupon: the taxable value's and the tax's shares (as ever). With one: the share of what
 * was paid (taxable value + tax) and of the taxable value, the tax being the rest, and the discount
 * whatever separates the gross amount from them (`india`: from the total; `flat18`: from the
 * taxable value). So the refund is the share of what was paid, and each note reads gross − discount
 * = taxable value (+ tax in `india` mode) to the paisa, as the invoice does.
 */
export function unitsOf(item: ItemRow, from: number, units: number, mode: GstMode): ItemRow {
  const share = (total: number) => shareOfUnits(total, item.quantity, from, units);
  const amountPaise = item.unitPricePaise * units;
  const taxablePaise = share(item.taxablePaise);
  if (item.discountPaise <= 0) {
    return { ...item, quantity: units, amountPaise, taxablePaise, taxPaise: share(item.taxPaise) };
  }
  const paidPaise = share(item.taxablePaise + item.taxPaise);
  return {
    ...item,
    quantity: units,
    amountPaise,
    discountPaise: amountPaise - (mode === 'india' ? paidPaise : taxablePaise),
    taxablePaise,
    taxPaise: paidPaise - taxablePaise,
  };
}

/** A credit note for part of an item, and the taxable value and tax it gives back (paise). */
export interface UnitsCredit {
  id: string;
  taxablePaise: number;
  taxPaise: number;
}

/**
 * A credit note for `units` of an invoiced item (a return: several per item, each of some units),
 * in the same CN series, referencing the item's invoice. Its taxable value and tax are the item's
 * as placed, pro rata (unitsOf): the units credited before (read from this seller's earlier credit notes of
 * the order, under the item's row lock) come first, so the returns of all an item's units credit
 * exactly its taxable value and tax. Undefined when the item was never invoiced (a no-charge
 * exchange replacement) or was wholly credited at cancellation. `charges`: the fees refunded with
 * these units (the return that completes the shipment's: its shipping fee), credited on the same note.
 */
export async function creditItemUnits(
  tx: DbOrTx,
  itemId: string,
  units: number,
  reason: string,
  operator: Operator,
  charges: ChargeRow[] = [],
): Promise<UnitsCredit | undefined> {
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
  if (!item?.invoiceId || item.creditNoteId) return undefined;
  const credited = (await tx.execute(sql`
    select coalesce(sum((line->>'quantity')::int), 0)::int as units
    from ${taxDocuments} d, jsonb_array_elements(d.document->'lines') line
    where d.kind = 'credit_note' and d.order_id = ${item.orderId} and d.seller_id = ${item.sellerId}
      and line->>'itemId' = ${item.id}`)) as unknown as { rows: Array<{ units: number }> };
  const before = credited.rows[0];
  const from = Number(before?.units ?? 0);
  if (from + units > item.quantity) {
    throw new Error(`item ${item.id}: crediting ${units} after ${from} of ${item.quantity} units`);
  }
  const [order] = await tx
    .select({ gstMode: orders.gstMode })
    .from(orders)
    .where(eq(orders.id, item.orderId));
  const part = unitsOf(item, from, units, order!.gstMode);
  const id = await issueCreditNote(tx, part, reason, operator, charges);
  // The goods' part only: the fees credited with it are the caller's (it refunded them).
  return { id, taxablePaise: part.taxablePaise, taxPaise: part.taxPaise };
}
