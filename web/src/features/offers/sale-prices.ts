import type { SellerSaleGridRow } from '@vastra/contracts';

/** A hint under a sale price: an English message id and its values. */
export interface Hint {
  msg: string;
  values?: Record<string, string | number>;
}

const RUPEES = /^\d+(\.\d{1,2})?$/;
const paise = (rupees: number) => Math.round(rupees * 100);

/** The highest sale price the rule allows for a size, in rupees: `minPercent` off its MRP (else its price). */
export function highestSalePrice(row: Pick<SellerSaleGridRow, 'price' | 'mrp'>, minPercent: number): number {
  const reference = paise(row.mrp ?? row.price);
  return Math.floor((reference * (100 - minPercent)) / 100) / 100;
}

/**
 * What is wrong with a typed sale price, before saving: the same rule the server applies (below the
 * size's price, at least `minPercent` off its MRP), shown as a hint; the server still decides.
 * Empty: the size is not in the sale. `money` writes the highest price allowed.
 */
export function salePriceHint(
  text: string,
  row: Pick<SellerSaleGridRow, 'price' | 'mrp'>,
  minPercent: number,
  money: (rupees: number) => string = String,
): Hint | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (!RUPEES.test(t) || Number(t) <= 0) return { msg: /*i18n*/ 'Enter rupees, e.g. 499 or 499.50' };
  const sale = paise(Number(t));
  if (sale >= paise(row.price)) return { msg: /*i18n*/ 'Must be below the price' };
  const highest = highestSalePrice(row, minPercent);
  if (sale > paise(highest))
    return {
      msg: /*i18n*/ 'At least {percent}% off the MRP: {highest} or less',
      values: { percent: minPercent, highest: money(highest) },
    };
  return undefined;
}

/** How far below its MRP (else its price) a typed sale price is, in whole percent; none while empty. */
export function percentOff(text: string, row: Pick<SellerSaleGridRow, 'price' | 'mrp'>): number | undefined {
  const t = text.trim();
  if (!RUPEES.test(t)) return undefined;
  const reference = paise(row.mrp ?? row.price);
  return Math.round(((reference - paise(Number(t))) * 100) / reference);
}

/** Every size's sale price at `percent` off its MRP (else its price), rounded down to the paisa. */
export function pricesAtPercentOff(
  rows: readonly SellerSaleGridRow[],
  percent: number,
): Record<string, string> {
  return Object.fromEntries(
    rows.map((r) => [
      r.variantId,
      (Math.floor((paise(r.mrp ?? r.price) * (100 - percent)) / 100) / 100).toFixed(2),
    ]),
  );
}

/** The `PUT` body's items: every size with a sale price typed (the others leave the sale). */
export function salePriceItems(
  rows: readonly SellerSaleGridRow[],
  values: Record<string, string>,
): { variantId: string; salePrice: number }[] {
  return rows.flatMap((r) => {
    const t = values[r.variantId]?.trim() ?? '';
    return t ? [{ variantId: r.variantId, salePrice: Number(t) }] : [];
  });
}

/** The sale prices the grid starts with: the ones saved, as text. */
export const savedValues = (rows: readonly SellerSaleGridRow[]): Record<string, string> =>
  Object.fromEntries(rows.map((r) => [r.variantId, r.salePrice == null ? '' : r.salePrice.toFixed(2)]));
