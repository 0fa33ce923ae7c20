import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@vastra/contracts/constants';
import { guestLines, writeGuestLines } from './guest-cart.ts';

/**
 * Adds pieces of a product (to its line if there is one), kept within `max` (the stock the page
 * showed) and MAX_LINE_QUANTITY. Returns the line's new quantity.
 */
export function addGuestLine(productId: string, quantity = 1, max = MAX_LINE_QUANTITY): number {
  const lines = guestLines();
  const held = lines.find((l) => l.productId === productId)?.quantity ?? 0;
  const next = Math.max(1, Math.min(held + quantity, max, MAX_LINE_QUANTITY));
  const others = lines.filter((l) => l.productId !== productId);
  writeGuestLines([{ productId, quantity: next }, ...others].slice(0, MAX_CART_LINES));
  return next;
}

export function setGuestQuantity(productId: string, quantity: number) {
  const next = Math.max(1, Math.min(Math.trunc(quantity), MAX_LINE_QUANTITY));
  writeGuestLines(guestLines().map((l) => (l.productId === productId ? { ...l, quantity: next } : l)));
}
