import { api } from '../../lib/api.ts';
import { removeFromWishlist } from '../../lib/wishlist.ts';

/**
 * Move to cart: one piece of the product's only size goes into the cart, then the product leaves the wishlist. If the cart
 * refuses it (sold out, cart line full) the product stays saved; if only the removal fails it is
 * in both, which the next tap on the heart fixes.
 */
export async function moveToCart(productId: string, variantId?: string): Promise<void> {
  const body = variantId ? { productId, variantId } : { productId };
  await api('/api/user/add-to-cart', { method: 'POST', as: 'user', body });
  await removeFromWishlist(productId);
}
