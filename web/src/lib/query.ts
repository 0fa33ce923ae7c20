import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not fix themselves; retry only network/server trouble, once.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    },
  },
});

/** Query-key factory: one place names every cached server resource. */
export const keys = {
  cart: ['cart'] as const,
  /** Under the cart's key: every change of the cart refreshes its offers too. */
  cartOffers: ['cart', 'offers'] as const,
  wishlist: ['wishlist'] as const,
  product: (id: string) => ['product', id] as const,
  featured: ['featured'] as const,
  reviews: (productId: string) => ['reviews', productId] as const,
  search: (params: string) => ['search', params] as const,
  orders: ['orders'] as const,
  profile: ['profile'] as const,
  site: ['site'] as const,
};
