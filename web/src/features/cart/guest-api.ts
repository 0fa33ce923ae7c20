import type { CartLine, CartPreviewAnswer, PreviewLine } from '@vastra/contracts';
import { api } from '../../lib/api.ts';
import type { GuestLine } from '../../lib/guest-cart.ts';

/** The server prices a visitor's lines (no token): products, amounts and the summary are its own. */
export const previewGuestCart = (lines: GuestLine[]) =>
  api<CartPreviewAnswer>('/api/cart/preview', { method: 'POST', body: { lines } });

/** A priced guest line in the shape the cart's line component shows (keyed by product: no line ids yet). */
export const asCartLine = (line: PreviewLine): CartLine => ({
  _id: line.productId,
  productId: line.productId,
  quantity: line.quantity,
  amount: line.amount,
  paymentMethod: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  product: [line.product],
});
