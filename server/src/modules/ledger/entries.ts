import { gstStateCode, type SupplyType, sellerStateCode, supplyOf } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { commissionRates, ledgerEntries, type orderItems, type orders, sellers } from '../../db/schema.ts';
import { shareOfUnits } from '../../lib/money.ts';

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** TCS under section 52 of the CGST Act: 0.5% of the net taxable value (since 10 Jul 2024). */
export const TCS_BP = 50;
/** GST on the commission: the platform's service to the seller. */
export const COMMISSION_GST_PERCENT = 18;

const share = (paise: number, bp: number) => Math.round((paise * bp) / 10_000);

/** The seller's commission rate: its own, else its category's, else the default (basis points). */
export async function commissionRateBp(tx: DbOrTx, sellerId: string, category: string, defaultBp: number) {
  const rows = await tx
    .select({ scope: commissionRates.scope, rateBp: commissionRates.rateBp })
    .from(commissionRates)
    .where(
      sql`(${commissionRates.scope} = 'seller' and ${commissionRates.key} = ${sellerId})
        or (${commissionRates.scope} = 'category' and ${commissionRates.key} = ${category})`,
    );
  return (
    rows.find((r) => r.scope === 'seller')?.rateBp ??
    rows.find((r) => r.scope === 'category')?.rateBp ??
    defaultBp
  );
}

/**
 * A delivered item's money in its seller's ledger: the sale (what the buyer paid: taxable value +
 * GST; `cod_collected` for cash on delivery), less the commission on the taxable value, GST on the
 * commission and TCS. Payable once the return window has passed (`settlesAt`). Written once: a
 * second call finds the entries there (unique per item and kind) and adds nothing.
 */
export async function recordDelivery(
  tx: DbOrTx,
  item: ItemRow,
  order: Pick<OrderRow, 'paymentMethod' | 'state'>,
  opts: { settlesAt: Date; defaultCommissionBp: number },
) {
  const [seller] = await tx
    .select({ gstin: sellers.gstin, state: sellers.state })
    .from(sellers)
    .where(eq(sellers.id, item.sellerId));
  const supply: SupplyType = supplyOf(sellerStateCode(seller!), gstStateCode(order.state));
  const rateBp = await commissionRateBp(tx, item.sellerId, item.productCategory, opts.defaultCommissionBp);
  const commission = share(item.taxablePaise, rateBp);
  const entry = (kind: (typeof ledgerEntries.$inferInsert)['kind'], amountPaise: number, tax = false) => ({
    sellerId: item.sellerId,
    orderItemId: item.id,
    kind,
    amountPaise,
    settlesAt: opts.settlesAt,
    ...(tax ? { taxablePaise: item.taxablePaise, supply } : {}),
  });
  await tx
    .insert(ledgerEntries)
    .values([
      entry(order.paymentMethod === 'cod' ? 'cod_collected' : 'sale', item.taxablePaise + item.taxPaise),
      entry('commission', -commission, true),
      entry('commission_gst', -share(commission, COMMISSION_GST_PERCENT * 100)),
      entry('tcs', -share(item.taxablePaise, TCS_BP), true),
    ])
    .onConflictDoNothing();
}

/** Each kind a sale charges the seller and the kind that gives it back on a return. */
const GIVEN_BACK = {
  commission: 'commission_reversal',
  commission_gst: 'commission_gst_reversal',
  tcs: 'tcs_reversal',
} as const;

/**
 * A refunded return: the refund is debited and what the sale's entries took is given back for the
 * units returned. Cumulative, as the credit notes are: each kind's share of the `unitsReturned` units
 * (this return's and the refunded returns' before it, out of the item's quantity), less what earlier
 * returns gave back, so once every unit is back each kind is given back exactly what it took.
 * The caller holds the item's row lock (returns of one item settle one after the other). Once per
 * return (unique per return and kind).
 */
export async function recordReturnRefund(
  tx: DbOrTx,
  input: {
    returnId: string;
    item: ItemRow;
    refundPaise: number;
    returnedTaxablePaise: number;
    unitsReturned: number;
  },
) {
  const { item } = input;
  const entries = await tx
    .select({
      kind: ledgerEntries.kind,
      returnId: ledgerEntries.returnId,
      amountPaise: ledgerEntries.amountPaise,
      supply: ledgerEntries.supply,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderItemId, item.id));
  const back = (kind: keyof typeof GIVEN_BACK) => {
    const original = entries.find((e) => e.kind === kind && e.returnId === null);
    if (!original) return { amount: 0, supply: null };
    const givenBack = entries
      .filter((e) => e.kind === GIVEN_BACK[kind])
      .reduce((sum, e) => sum + e.amountPaise, 0);
    const due = shareOfUnits(-original.amountPaise, item.quantity, 0, input.unitsReturned);
    return { amount: due - givenBack, supply: original.supply };
  };
  const now = new Date();
  const row = (
    kind: (typeof ledgerEntries.$inferInsert)['kind'],
    amountPaise: number,
    supply: SupplyType | null = null,
  ) => ({
    sellerId: item.sellerId,
    orderItemId: item.id,
    returnId: input.returnId,
    kind,
    amountPaise,
    settlesAt: now,
    ...(supply ? { taxablePaise: input.returnedTaxablePaise, supply } : {}),
  });
  const commission = back('commission');
  const tcs = back('tcs');
  await tx
    .insert(ledgerEntries)
    .values([
      row('refund', -input.refundPaise),
      row('commission_reversal', commission.amount, commission.supply),
      row('commission_gst_reversal', back('commission_gst').amount),
      row('tcs_reversal', tcs.amount, tcs.supply),
    ])
    .onConflictDoNothing();
}

/** A seller's balance: payable (settled) and pending (within the return window), in paise. */
export async function sellerBalance(tx: DbOrTx, sellerId: string, now = new Date()) {
  const [row] = await tx
    .select({
      payable:
        sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.settlesAt} <= ${now.toISOString()}), 0)`.mapWith(
          Number,
        ),
      pending:
        sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.settlesAt} > ${now.toISOString()}), 0)`.mapWith(
          Number,
        ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sellerId, sellerId));
  return { payablePaise: row?.payable ?? 0, pendingPaise: row?.pending ?? 0 };
}
