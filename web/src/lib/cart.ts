import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { useSession } from './auth.ts';
import { useGuestLines } from './guest-cart.ts';
import { keys } from './query.ts';
import type { CartAnswer } from './types.ts';

/** The cart, newest first (SPEC §4); the SPEC §7 `cart-products` answers it oldest first for the old client. */
export function fetchCart(): Promise<CartAnswer> {
  return api<CartAnswer>('/api/user/cart', { as: 'user' });
}

/** The logged-in user's cart; visitors, sellers and admins have none. */
export function useCart() {
  const { role } = useSession();
  return useQuery({ queryKey: keys.cart, queryFn: fetchCart, enabled: role === 'user' });
}

/** Product ids already in the cart (a visitor's: the guest cart): their cards show a disabled 'Added'. */
export function useCartProductIds(): Set<string> {
  const { data } = useCart();
  const guest = useGuestLines();
  if (useSession().role === 'visitor') return new Set(guest.map((l) => l.productId));
  return new Set((data?.userCartProducts ?? []).map((l) => l.productId));
}

/** Pieces in the cart for the header's badge: the server's count, or the guest cart's. */
export function useCartPieces(): number {
  const { data } = useCart();
  const guest = useGuestLines();
  if (useSession().role === 'visitor') return guest.reduce((n, l) => n + l.quantity, 0);
  return data?.summary.pieces ?? 0;
}

/** `productId/variantId` of a cart line; a guest line kept without a size: `productId/`. */
export const variantKey = (productId: string, variantId?: string) => `${productId}/${variantId ?? ''}`;

/** The product and size pairs already in the cart: the product page shows 'Added' for those. */
export function useCartVariantKeys(): Set<string> {
  const { data } = useCart();
  const guest = useGuestLines();
  const lines = useSession().role === 'visitor' ? guest : (data?.userCartProducts ?? []);
  return new Set(lines.map((l) => variantKey(l.productId, l.variantId)));
}
