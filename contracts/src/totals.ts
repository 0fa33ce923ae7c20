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
 * (SPEC §9). This is the `flat18` rule only: an order's tax in either GST_MODE is computed by
 * `taxLines` (contracts/src/tax.ts), which calls this for `flat18`. The COD statement computes the
 * same tax again in SQL (server/src/workflows/tax-sql.ts, held equal by tax-sql.test.ts). The web
 * shows the figures the server sends.
 */
export function gstOn(taxablePaise: number): number {
  return Math.round((taxablePaise * GST_PERCENT) / 100);
}

/** Subtotal, GST, free shipping and total for a subtotal in paise. */
export function totalsOf(subtotalPaise: number): Totals {
  const gstPaise = gstOn(subtotalPaise);
  return { subtotalPaise, gstPaise, shippingPaise: 0, totalPaise: subtotalPaise + gstPaise };
}
