import type { CartLine, CartPreviewAnswer, PreviewLine, SkippedLine } from '@vastra/contracts';
import { api } from '../../lib/api.ts';
import { type GuestLine, guestLines, isLine, writeGuestLines } from '../../lib/guest-cart.ts';

/** The server prices a visitor's lines (no token): products, amounts and the summary are its own. */
export const previewGuestCart = (lines: GuestLine[]) =>
  api<CartPreviewAnswer>('/api/cart/preview', { method: 'POST', body: { lines } });

/** A priced guest line in the shape the cart's line component shows (keyed by product and size: no line ids yet). */
export const asCartLine = (line: PreviewLine): CartLine => ({
  _id: `${line.productId}/${line.variantId}`,
  productId: line.productId,
  variantId: line.variantId,
  size: line.size,
  color: line.color,
  quantity: line.quantity,
  amount: line.amount,
  discount: 0,
  paymentMethod: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  product: [line.product],
});

/**
 * Drops the lines the server cannot sell (gone or sold out). A line kept before sizes existed, of
 * a product that now has several, stays: the cart asks the shopper to choose its size.
 */
export function dropUnsellable(skipped: SkippedLine[]) {
  const gone = skipped.filter((s) => s.reason !== 'choose a size');
  if (gone.length === 0) return false;
  writeGuestLines(guestLines().filter((l) => !gone.some((s) => isLine(l, s))));
  return true;
}
