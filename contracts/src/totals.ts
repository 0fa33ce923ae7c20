import { GST_PERCENT } from './catalog-constants.ts';

/** An order's or a cart's money, in integer paise (DESIGN §4). */
export interface Totals {
  subtotalPaise: number;
  gstPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/**
 * GST on a taxable amount, in paise: round(amount × 18 / 100), as the original client showed it
 * (SPEC §9). The one place the shop computes tax; the COD statement's SQL mirrors it
 * (docs/decisions/005, tested against this function) and the web shows what the server sends.
 */
export function gstOn(taxablePaise: number): number {
  return Math.round((taxablePaise * GST_PERCENT) / 100);
}

/** Subtotal, GST, free shipping and total for a subtotal in paise. */
export function totalsOf(subtotalPaise: number): Totals {
  const gstPaise = gstOn(subtotalPaise);
  return { subtotalPaise, gstPaise, shippingPaise: 0, totalPaise: subtotalPaise + gstPaise };
}
