import { useQuery } from '@tanstack/react-query';
import type { CartAnswer, CartOffersAnswer } from '@vastra/contracts';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.ts';
import { keys } from '../../lib/query.ts';

/** The offers a signed-in shopper can use on their cart, best saving first. */
export function useCartOffers(enabled = true) {
  const { role } = useSession();
  return useQuery({
    queryKey: keys.cartOffers,
    queryFn: async () => (await api<CartOffersAnswer>('/api/user/cart/offers', { as: 'user' })).offers ?? [],
    enabled: enabled && role === 'user',
  });
}

/** Puts a coupon on the cart: the cart answer, or an ApiError with the server's reason (409/400). */
export const applyCoupon = (code: string) =>
  api<CartAnswer>('/api/user/cart/coupon', { method: 'POST', as: 'user', body: { code } });

/** Takes the coupon off the cart: the cart answer. */
export const removeCoupon = () => api<CartAnswer>('/api/user/cart/coupon', { method: 'DELETE', as: 'user' });
