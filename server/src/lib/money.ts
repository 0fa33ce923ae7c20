import { GST_PERCENT } from '@vastra/contracts';

/** Paise → rupees for API answers (`price` fields are rupees, DESIGN §4). */
export const paiseToRupees = (paise: number): number => paise / 100;

/** Rupees (at most 2 decimals, already validated) → integer paise without float drift. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

export interface Totals {
  subtotalPaise: number;
  gstPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/** GST = round(subtotal × 18 / 100) paise; shipping free; total = subtotal + GST. */
export function computeTotals(subtotalPaise: number): Totals {
  const gstPaise = Math.round((subtotalPaise * GST_PERCENT) / 100);
  return { subtotalPaise, gstPaise, shippingPaise: 0, totalPaise: subtotalPaise + gstPaise };
}
