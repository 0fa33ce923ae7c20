import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@vastra/contracts/constants';
import { type GuestLineRef, guestLines, isLine, writeGuestLines } from './guest-cart.ts';

/**
 * Adds pieces of a product in one size (to its line if there is one), kept within `max` (the
 * stock the page showed) and MAX_LINE_QUANTITY. Returns the line's new quantity.
 */
export function addGuestLine(ref: GuestLineRef, quantity = 1, max = MAX_LINE_QUANTITY): number {
  const lines = guestLines();
  const held = lines.find((l) => isLine(l, ref))?.quantity ?? 0;
  const next = Math.max(1, Math.min(held + quantity, max, MAX_LINE_QUANTITY));
  const others = lines.filter((l) => !isLine(l, ref));
  const line = ref.variantId
    ? { productId: ref.productId, variantId: ref.variantId, quantity: next }
    : { productId: ref.productId, quantity: next };
  writeGuestLines([line, ...others].slice(0, MAX_CART_LINES));
  return next;
}

export function setGuestQuantity(ref: GuestLineRef, quantity: number) {
  const next = Math.max(1, Math.min(Math.trunc(quantity), MAX_LINE_QUANTITY));
  writeGuestLines(guestLines().map((l) => (isLine(l, ref) ? { ...l, quantity: next } : l)));
}
