import { roundRupees } from '../../lib/format.ts';
import type { CartLine } from '../../lib/types.ts';

export const GST_RATE = 0.18;

export interface CartTotals {
  pieces: number;
  subtotal: number;
  gst: number;
  total: number;
}

/**
 * SPEC §9: amounts are price × quantity; GST is 18% of the subtotal to 2 decimals; shipping is free;
 * total = subtotal + GST. Worked in paise so sums of rupee amounts don't drift.
 */
export function cartTotals(lines: Pick<CartLine, 'quantity' | 'amount'>[]): CartTotals {
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  const subtotalPaise = lines.reduce((n, l) => n + Math.round(l.amount * 100), 0);
  const gstPaise = Math.round(subtotalPaise * GST_RATE);
  return {
    pieces,
    subtotal: subtotalPaise / 100,
    gst: gstPaise / 100,
    total: roundRupees((subtotalPaise + gstPaise) / 100),
  };
}
