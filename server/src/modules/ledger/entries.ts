import {
  type GstMode,
  gstStateCode,
  type SupplyType,
  sellerStateCode,
  supplyOf,
  taxableIn,
} from '@vastra/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  commissionRates,
  ledgerEntries,
  type orderCharges,
  orderItems,
  orders,
  sellers,
} from '../../db/schema.ts';
import { shareOfUnits } from '../../lib/money.ts';
import { readShippingSettings } from '../delivery/index.ts';

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ChargeRow = typeof orderCharges.$inferSelect;

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
 * What the platform adds to a seller's sale for a coupon it funds (docs/decisions/014, amendment):
 * the taxable value the coupon took off the item. The item's price × quantity backed out to a
 * taxable value at the rate its invoice charges (`flat18` prices exclude GST: the amount itself),
 * less its taxable value as invoiced. In `flat18` mode that is the item's discount exactly; in
 * `india` mode the discount less the GST in it. So the seller keeps, after the GST its invoice
 * charges, the taxable value its items had before the coupon. 0 for an item without a discount.
 */
export function platformDiscountPaise(
  item: Pick<ItemRow, 'amountPaise' | 'discountPaise' | 'taxablePaise' | 'gstRateBp'>,
  mode: GstMode,
): number {
  if (item.discountPaise <= 0) return 0;
  // The tax rule's own backing out (contracts/src/tax.ts), on the price before the discount.
  const before = mode === 'india' ? taxableIn(item.amountPaise, item.gstRateBp / 100) : item.amountPaise;
  return Math.max(0, before - item.taxablePaise);
}

/** Who funds the item's coupon discount and the order's GST mode; null without a discount. */
async function couponOf(tx: DbOrTx, item: ItemRow) {
  if (item.discountPaise <= 0) return null;
  const [order] = await tx
    .select({ fundedBy: orders.couponFundedBy, gstMode: orders.gstMode })
    .from(orders)
    .where(eq(orders.id, item.orderId));
  return order ?? null;
}

/**
 * A delivered item's money in its seller's ledger: the sale (what the buyer paid: taxable value +
 * GST, after any coupon; `cod_collected` for cash on delivery), less the commission on the taxable
 * value, GST on the commission and TCS. A coupon the platform funds adds `platform_discount` (the
 * taxable value the coupon took off, platformDiscountPaise) and the commission is on the taxable
 * value before the coupon; a coupon the seller funds only lowers the sale and the commission's base.
 * TCS is on the taxable value as invoiced either way. Payable once the return window has passed
 * (`settlesAt`). Written once: a second call finds the entries there (unique per item and kind)
 * and adds nothing.
 */
export async function recordDelivery(
  tx: DbOrTx,
  item: ItemRow,
  order: Pick<OrderRow, 'paymentMethod' | 'state'>,
  /** `charges`: the shipment's fees not refunded (orders `orderChargesOf`), entered once per shipment. */
  opts: { settlesAt: Date; defaultCommissionBp: number; charges: readonly ChargeRow[] },
) {
  const [seller] = await tx
    .select({ gstin: sellers.gstin, state: sellers.state })
    .from(sellers)
    .where(eq(sellers.id, item.sellerId));
  const supply: SupplyType = supplyOf(sellerStateCode(seller!), gstStateCode(order.state));
  const rateBp = await commissionRateBp(tx, item.sellerId, item.productCategory, opts.defaultCommissionBp);
  const coupon = await couponOf(tx, item);
  const platformPaise = coupon?.fundedBy === 'platform' ? platformDiscountPaise(item, coupon.gstMode) : 0;
  const commissionBase = item.taxablePaise + platformPaise;
  const commission = share(commissionBase, rateBp);
  const entry = (
    kind: (typeof ledgerEntries.$inferInsert)['kind'],
    amountPaise: number,
    taxablePaise: number | null = null,
  ) => ({
    sellerId: item.sellerId,
    orderItemId: item.id,
    kind,
    amountPaise,
    settlesAt: opts.settlesAt,
    ...(taxablePaise === null ? {} : { taxablePaise, supply }),
  });
  await tx
    .insert(ledgerEntries)
    .values([
      entry(order.paymentMethod === 'cod' ? 'cod_collected' : 'sale', item.taxablePaise + item.taxPaise),
      ...(platformPaise > 0 ? [entry('platform_discount', platformPaise)] : []),
      entry('commission', -commission, commissionBase),
      entry('commission_gst', -share(commission, COMMISSION_GST_PERCENT * 100)),
      entry('tcs', -share(item.taxablePaise, TCS_BP), item.taxablePaise),
    ])
    .onConflictDoNothing();
  await recordShipmentFees(tx, item, opts.charges, supply, opts.settlesAt);
}

/**
 * The item that carries its shipment's fee entries: the first (by id) of its seller's items in the
 * order. One item per shipment whichever is delivered first, so the unique index (item, kind) makes
 * the fees enter the ledger once even when two items of the shipment are delivered at once.
 */
async function shipmentAnchor(tx: DbOrTx, orderId: string, sellerId: string) {
  const [row] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.sellerId, sellerId)))
    .orderBy(asc(orderItems.id))
    .limit(1);
  return row!.id;
}

/**
 * A shipment's fees in its seller's ledger (issue 37), at its first delivery (the shopper has the
 * goods; for cash on delivery the courier collected the fees with them): `shipping_fee` and
 * `cod_fee`, each as the shopper paid it (taxable value + GST, as on the seller's invoice). No
 * commission is charged on them. They are part of the seller's taxable supply (billed on its
 * invoice, section 15(2)(c) CGST Act: incidental charges), so TCS is collected on them: `fee_tcs`,
 * 0.5% of each fee's taxable value, in the TCS report with the goods.
 *
 * Who the fees belong to is the admin's setting `feesTo` (delivery module `readShippingSettings`),
 * read when the entries are posted, i.e. at the delivery: it is not stored on the order. A change
 * of the setting applies to deliveries from then on. `seller`: the fees are part of the seller's
 * sale. `platform`: they are the platform's revenue: `platform_fee` takes their taxable value back
 * from the seller, who keeps only the GST its invoice charged on them (it owes that tax: the fees
 * are billed on its own tax invoice), so the seller's payout excludes the fees. A fee released
 * before delivery (its shipment wholly cancelled) is not there. Once per shipment (shipmentAnchor).
 */
async function recordShipmentFees(
  tx: DbOrTx,
  item: ItemRow,
  charges: readonly ChargeRow[],
  supply: SupplyType,
  settlesAt: Date,
) {
  if (charges.length === 0) return;
  const anchor = await shipmentAnchor(tx, item.orderId, item.sellerId);
  const { feesTo } = await readShippingSettings(tx);
  const entry = (
    kind: (typeof ledgerEntries.$inferInsert)['kind'],
    amountPaise: number,
    taxablePaise: number | null = null,
  ) => ({
    sellerId: item.sellerId,
    orderItemId: anchor,
    kind,
    amountPaise,
    settlesAt,
    ...(taxablePaise === null ? {} : { taxablePaise, supply }),
  });
  const taxablePaise = charges.reduce((s, c) => s + c.taxablePaise, 0);
  await tx
    .insert(ledgerEntries)
    .values([
      ...charges.map((c) =>
        entry(c.kind === 'shipping' ? 'shipping_fee' : 'cod_fee', c.taxablePaise + c.taxPaise),
      ),
      ...(feesTo === 'platform' && taxablePaise > 0 ? [entry('platform_fee', -taxablePaise)] : []),
      // TCS on the fees: each fee's own 0.5%, so a refunded shipping fee gives back exactly its part.
      entry('fee_tcs', -charges.reduce((s, c) => s + feeTcs(c), 0), taxablePaise),
    ])
    .onConflictDoNothing();
}

/** A fee's TCS (section 52): 0.5% of its taxable value. */
const feeTcs = (c: Pick<ChargeRow, 'taxablePaise'>) => share(c.taxablePaise, TCS_BP);

/**
 * The refunded fees of a return that completed its shipment (its shipping fee), as the ledger had
 * them: the paise of those it credited the seller (they are in the return's refund, debited as
 * such), and, where the platform took their taxable value (`platform_fee`), that value to give back.
 */
async function refundedFees(tx: DbOrTx, item: ItemRow, charges: readonly ChargeRow[]) {
  if (charges.length === 0) return { notCreditedPaise: 0, platformBackPaise: 0, tcsBack: null };
  const anchor = await shipmentAnchor(tx, item.orderId, item.sellerId);
  const posted = await tx
    .select({ kind: ledgerEntries.kind, supply: ledgerEntries.supply })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orderItemId, anchor),
        isNull(ledgerEntries.returnId),
        inArray(ledgerEntries.kind, ['shipping_fee', 'cod_fee', 'platform_fee', 'fee_tcs']),
      ),
    );
  const has = (kind: string) => posted.some((p) => p.kind === kind);
  const credited = charges.filter((c) => has(c.kind === 'shipping' ? 'shipping_fee' : 'cod_fee'));
  return {
    notCreditedPaise: charges
      .filter((c) => !credited.includes(c))
      .reduce((s, c) => s + c.taxablePaise + c.taxPaise, 0),
    platformBackPaise: has('platform_fee') ? credited.reduce((s, c) => s + c.taxablePaise, 0) : 0,
    // The TCS taken on those fees, given back with their taxable value and the sale's supply type.
    tcsBack: has('fee_tcs')
      ? {
          amount: credited.reduce((s, c) => s + feeTcs(c), 0),
          taxable: credited.reduce((s, c) => s + c.taxablePaise, 0),
          supply: posted.find((p) => p.kind === 'fee_tcs')!.supply,
        }
      : null,
  };
}

/** Each kind a sale charges the seller and the kind that gives it back on a return. */
const GIVEN_BACK = {
  commission: 'commission_reversal',
  commission_gst: 'commission_gst_reversal',
  tcs: 'tcs_reversal',
  platform_discount: 'platform_discount_reversal',
} as const;

/**
 * A refunded return: the refund is debited and what the sale's entries took is given back for the
 * units returned; what the platform added for its coupon (`platform_discount`) is taken back the
 * same way (`platform_discount_reversal`). Cumulative, as the credit notes are: each kind's share of the `unitsReturned` units
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
    /** Fees refunded with this return (it completed the shipment's return): in `refundPaise` too. */
    charges?: readonly ChargeRow[];
  },
) {
  const { item } = input;
  // The shipment's fees refunded with the return: the seller gives back what it was credited for
  // them (within `refund`), and the platform gives back the taxable value it took (`platform_fee`).
  const fees = await refundedFees(tx, item, input.charges ?? []);
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
    if (!original) return { amount: 0, supply: null, found: false };
    const givenBack = entries
      .filter((e) => e.kind === GIVEN_BACK[kind])
      .reduce((sum, e) => sum + e.amountPaise, 0);
    const due = shareOfUnits(-original.amountPaise, item.quantity, 0, input.unitsReturned);
    return { amount: due - givenBack, supply: original.supply, found: true };
  };
  const now = new Date();
  const row = (
    kind: (typeof ledgerEntries.$inferInsert)['kind'],
    amountPaise: number,
    supply: SupplyType | null = null,
    taxablePaise = input.returnedTaxablePaise,
  ) => ({
    sellerId: item.sellerId,
    orderItemId: item.id,
    returnId: input.returnId,
    kind,
    amountPaise,
    settlesAt: now,
    ...(supply ? { taxablePaise, supply } : {}),
  });
  const commission = back('commission');
  const tcs = back('tcs');
  const platform = back('platform_discount');
  await tx
    .insert(ledgerEntries)
    .values([
      row('refund', -(input.refundPaise - fees.notCreditedPaise)),
      // The commission was on the taxable value plus what the platform added: its base comes back too.
      row(
        'commission_reversal',
        commission.amount,
        commission.supply,
        input.returnedTaxablePaise - platform.amount,
      ),
      row('commission_gst_reversal', back('commission_gst').amount),
      row('tcs_reversal', tcs.amount, tcs.supply),
      ...(platform.found ? [row('platform_discount_reversal', platform.amount)] : []),
      ...(fees.platformBackPaise > 0 ? [row('platform_fee_reversal', fees.platformBackPaise)] : []),
      ...(fees.tcsBack && fees.tcsBack.taxable > 0
        ? [row('fee_tcs_reversal', fees.tcsBack.amount, fees.tcsBack.supply, fees.tcsBack.taxable)]
        : []),
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

/**
 * The seller's charge for a parcel that came back undelivered (RTO_FEE, issue 38): a debit, payable
 * at once, keyed on the parcel's first item (once per parcel however often it is reported back).
 */
export async function recordRtoFee(
  tx: DbOrTx,
  input: { sellerId: string; orderItemId: string; amountPaise: number; at: Date },
) {
  if (input.amountPaise <= 0) return;
  await tx
    .insert(ledgerEntries)
    .values({
      sellerId: input.sellerId,
      orderItemId: input.orderItemId,
      kind: 'rto_fee',
      amountPaise: -input.amountPaise,
      settlesAt: input.at,
    })
    .onConflictDoNothing();
}
