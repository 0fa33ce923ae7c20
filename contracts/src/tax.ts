import { type Charge, chargesFor, type ShippingSettings, shipmentsOf } from './delivery-rules.ts';
import { GST_RATE_TABLE, type GstRateRow } from './gst-rates.ts';
import { gstStateCode } from './india.ts';
import type { GstMode, SupplyType } from './tax-constants.ts';
import { gstOn } from './totals.ts';

/**
 * The shop's one tax computation (DESIGN §11, docs/decisions/010-gst-tax-invoices.md). Every order path calls
 * it (docs/decisions/022-cod-order-on-the-shared-rules.md); invoices copy what it stored on
 * the order's items, so an invoice always equals what the shopper paid.
 *
 * - `flat18` (SPEC §9): prices exclude GST; the order's GST is 18% of its subtotal, rounded once,
 *   as the original client shows it. Each line's share is that GST apportioned by largest
 *   remainder, so lines add up to the order to the paisa.
 * - `india`: prices include GST; each line's rate comes from the rate table by HSN code and the price
 *   of one piece, and its taxable value is backed out of its amount and rounded to the paisa
 *   (half away from zero); its tax is the rest. The order's figures are the sums of its lines.
 */

export interface TaxableLine {
  /** Orders lines of equal remainder in the flat18 apportioning (the variant id). */
  key: string;
  unitPricePaise: number;
  quantity: number;
  hsn: string;
  /** The line's share of a coupon's discount (offers.ts `couponVerdict`): it lowers the taxable value. */
  discountPaise?: number;
}

export interface TaxedLine extends TaxableLine {
  /** Price × quantity: what the line shows (incl. GST in `india` mode), before the discount. */
  amountPaise: number;
  discountPaise: number;
  ratePercent: number;
  taxablePaise: number;
  taxPaise: number;
}

/** A shipping or COD fee, taxed: in `flat18` the fee is its taxable value; in `india` it includes its GST. */
export interface TaxedCharge extends Charge {
  taxablePaise: number;
  taxPaise: number;
}

export interface TaxedLines {
  lines: TaxedLine[];
  /** The shipping and COD fees (none by default: free shipping, no COD fee). */
  charges: TaxedCharge[];
  /** The taxable value after the discount (total = subtotal + GST in both modes). */
  subtotalPaise: number;
  /** The coupon's discount, summed over the lines. */
  discountPaise: number;
  /** The goods' and the charges' GST. */
  gstPaise: number;
  /** The taxable value of the shipping fees. */
  shippingPaise: number;
  /** The taxable value of the COD fee. */
  codFeePaise: number;
  /** subtotal + shipping + COD fee + GST. */
  totalPaise: number;
  taxIncluded: boolean;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The calendar day in India (rates change at midnight IST). */
export const indianDate = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The rate-table row in force for this HSN code on this day: longest prefix, then latest date. */
function rowFor(hsn: string, day: string, table: readonly GstRateRow[]): GstRateRow {
  let best: { row: GstRateRow; prefix: number } | undefined;
  for (const row of table) {
    if (row.from > day) continue;
    for (const prefix of row.hsnPrefixes) {
      if (!hsn.startsWith(prefix)) continue;
      if (!best || prefix.length > best.prefix || (prefix.length === best.prefix && row.from > best.row.from))
        best = { row, prefix: prefix.length };
    }
  }
  if (!best) throw new Error(`No GST rate for HSN ${hsn} on ${day}`);
  return best.row;
}

/**
 * The rate of a line's pieces, `amountPaise` for `quantity` of them including GST (after any
 * discount): the slab is decided on one piece's value, which may fall between two paise.
 */
export function gstRateForLine(
  hsn: string,
  amountPaise: number,
  quantity: number,
  on: Date,
  table = GST_RATE_TABLE,
) {
  const { slabs } = rowFor(hsn, indianDate(on), table);
  for (const slab of slabs) {
    if (slab.upToPaise === undefined) return slab.ratePercent;
    if (amountPaise * 100 <= slab.upToPaise * (100 + slab.ratePercent) * quantity) return slab.ratePercent;
  }
  return slabs[slabs.length - 1]!.ratePercent;
}

/**
 * The rate of one piece sold at `unitPricePaise` including GST. A slab's limit is on the piece's
 * value before tax; a price including tax is within it when, backed out at that slab's own rate, it
 * does not exceed the limit (Rs. 2,625.00 at 5% is Rs. 2,500.00; a paisa more is taxed at 18%).
 * docs/decisions/010-gst-tax-invoices.md explains why the lower slab is tried first.
 */
export const gstRateFor = (hsn: string, unitPricePaise: number, on: Date, table = GST_RATE_TABLE): number =>
  gstRateForLine(hsn, unitPricePaise, 1, on, table);

/**
 * The tax of every line and the order's totals, in paise. A line's coupon discount lowers its
 * taxable value (section 15 of the CGST Act): what the shopper pays for a line is always its
 * taxable value plus its tax.
 */
export function taxLines(
  mode: GstMode,
  lines: readonly TaxableLine[],
  on: Date,
  charges: readonly Charge[] = [],
): TaxedLines {
  const taxed = mode === 'india' ? inclusiveLines(lines, on, charges) : flatLines(lines, charges);
  const sum = (kind: Charge['kind']) =>
    taxed.charges.filter((c) => c.kind === kind).reduce((n, c) => n + c.taxablePaise, 0);
  const shippingPaise = sum('shipping');
  const codFeePaise = sum('cod');
  return {
    ...taxed,
    shippingPaise,
    codFeePaise,
    totalPaise: taxed.subtotalPaise + shippingPaise + codFeePaise + taxed.gstPaise,
  };
}

/** A goods line to tax with the seller whose shipment carries it. */
export type SellerLine = TaxableLine & { sellerId: string };

/**
 * An order's or a cart's tax with its shipping and COD fees (contracts/src/delivery.ts `chargesFor`):
 * the goods are taxed first, each seller's shipment is valued and given its top rate, then the fees
 * are taxed with the goods (in `flat18`, the order's GST is 18% of goods and fees, rounded once).
 */
export function taxOrder(
  mode: GstMode,
  lines: readonly SellerLine[],
  on: Date,
  shipping: ShippingSettings,
  method: 'cod' | 'stripe',
): TaxedLines {
  const goods = taxLines(mode, lines, on);
  const charges = chargesFor(
    shipmentsOf(goods.lines.map((l, i) => ({ ...l, sellerId: lines[i]!.sellerId }))),
    shipping,
    method,
  );
  return charges.length === 0 ? goods : taxLines(mode, lines, on, charges);
}

const chargeKey = (c: Charge) => `~${c.kind}:${c.sellerId}`;

type Taxed = Omit<TaxedLines, 'shippingPaise' | 'codFeePaise' | 'totalPaise'>;

function flatLines(lines: readonly TaxableLine[], charges: readonly Charge[]): Taxed {
  const amounts = lines.map((l) => l.unitPricePaise * l.quantity);
  const taxables = lines.map((l, i) => amounts[i]! - (l.discountPaise ?? 0));
  const subtotalPaise = taxables.reduce((s, a) => s + a, 0);
  const feesPaise = charges.reduce((s, c) => s + c.feePaise, 0);
  const gstPaise = gstOn(subtotalPaise + feesPaise);
  const shares = apportion(gstPaise, [
    ...lines.map((l, i) => ({ key: l.key, hundredths: taxables[i]! * 18 })),
    ...charges.map((c) => ({ key: chargeKey(c), hundredths: c.feePaise * 18 })),
  ]);
  return {
    lines: lines.map((l, i) => ({
      ...l,
      amountPaise: amounts[i]!,
      discountPaise: l.discountPaise ?? 0,
      ratePercent: 18,
      taxablePaise: taxables[i]!,
      taxPaise: shares[i]!,
    })),
    charges: charges.map((c, i) => ({
      ...c,
      ratePercent: 18,
      taxablePaise: c.feePaise,
      taxPaise: shares[lines.length + i]!,
    })),
    subtotalPaise,
    discountPaise: amounts.reduce((s, a) => s + a, 0) - subtotalPaise,
    gstPaise,
    taxIncluded: false,
  };
}

/**
 * Splits `total` paise over parts given in hundredths of a paisa: each gets its whole paise, and
 * the paise left over go one each to the largest remainders (ties by key), so the parts add up.
 */
export function apportion(total: number, parts: readonly { key: string; hundredths: number }[]): number[] {
  const shares = parts.map((p) => Math.floor(p.hundredths / 100));
  let left = total - shares.reduce((s, n) => s + n, 0);
  const order = parts
    .map((p, i) => ({ i, rem: p.hundredths % 100, key: p.key }))
    .sort((a, b) => b.rem - a.rem || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

/** The taxable value inside an amount that includes GST at `ratePercent`, to the paisa (half away from zero). */
export const taxableIn = (grossPaise: number, ratePercent: number) =>
  Math.round((grossPaise * 100) / (100 + ratePercent));

function inclusiveLines(lines: readonly TaxableLine[], on: Date, charges: readonly Charge[]): Taxed {
  const taxed = lines.map((l): TaxedLine => {
    const amountPaise = l.unitPricePaise * l.quantity;
    const discountPaise = l.discountPaise ?? 0;
    // What the shopper pays for the line: the slab is decided on a piece's price after discount.
    const netPaise = amountPaise - discountPaise;
    const ratePercent = gstRateForLine(l.hsn, netPaise, l.quantity, on);
    const taxablePaise = taxableIn(netPaise, ratePercent);
    return { ...l, amountPaise, discountPaise, ratePercent, taxablePaise, taxPaise: netPaise - taxablePaise };
  });
  const taxedCharges = charges.map((c): TaxedCharge => {
    const taxablePaise = taxableIn(c.feePaise, c.ratePercent);
    return { ...c, taxablePaise, taxPaise: c.feePaise - taxablePaise };
  });
  const subtotalPaise = taxed.reduce((s, l) => s + l.taxablePaise, 0);
  const gstPaise =
    taxed.reduce((s, l) => s + l.taxPaise, 0) + taxedCharges.reduce((s, c) => s + c.taxPaise, 0);
  return {
    lines: taxed,
    charges: taxedCharges,
    subtotalPaise,
    discountPaise: taxed.reduce((s, l) => s + l.discountPaise, 0),
    gstPaise,
    taxIncluded: true,
  };
}

/** A seller's GST state code: its GSTIN's first two digits, else its registered state's; null if neither. */
export const sellerStateCode = (seller: { gstin: string | null; state: string }): string | null =>
  seller.gstin ? seller.gstin.slice(0, 2) : (gstStateCode(seller.state) ?? null);

/** Same state as the seller: intra-state; another state, or a seller whose state is unknown: inter-state. */
export const supplyOf = (
  sellerStateCode: string | null | undefined,
  placeStateCode: string | null | undefined,
): SupplyType =>
  sellerStateCode && placeStateCode && sellerStateCode === placeStateCode ? 'intra' : 'inter';

/** A line's tax by kind: CGST and SGST half each (CGST takes an odd paisa), or all IGST. */
export function splitTax(taxPaise: number, supply: SupplyType) {
  if (supply === 'inter') return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgstPaise = Math.ceil(taxPaise / 2);
  return { cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}

export interface TaxBreakdownLine {
  /** "CGST 2.5%", "SGST 2.5%", "IGST 18%"; "GST 18%" when the shipping state is not known yet. */
  label: string;
  kind: 'CGST' | 'SGST' | 'IGST' | 'GST';
  ratePercent: number;
  amountPaise: number;
}

/** The summary's tax lines: each kind and rate once, in the order CGST, SGST, IGST, GST by rate. */
export function taxBreakdown(
  lines: readonly { ratePercent: number; taxPaise: number; supply: SupplyType | null }[],
): TaxBreakdownLine[] {
  const sums = new Map<string, TaxBreakdownLine>();
  const add = (kind: TaxBreakdownLine['kind'], ratePercent: number, amountPaise: number) => {
    const key = `${kind} ${ratePercent}`;
    const row = sums.get(key) ?? { label: `${kind} ${ratePercent}%`, kind, ratePercent, amountPaise: 0 };
    row.amountPaise += amountPaise;
    sums.set(key, row);
  };
  for (const l of lines) {
    if (l.supply === null) {
      add('GST', l.ratePercent, l.taxPaise);
      continue;
    }
    const s = splitTax(l.taxPaise, l.supply);
    if (l.supply === 'intra') {
      add('CGST', l.ratePercent / 2, s.cgstPaise);
      add('SGST', l.ratePercent / 2, s.sgstPaise);
    } else add('IGST', l.ratePercent, s.igstPaise);
  }
  const kinds = ['CGST', 'SGST', 'IGST', 'GST'];
  return [...sums.values()].sort(
    (a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.ratePercent - b.ratePercent,
  );
}

/** April–March: "2026-27" for any day from 1 Apr 2026 to 31 Mar 2027 (India time). */
export function financialYear(at: Date): string {
  const [y, m] = indianDate(at).split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
