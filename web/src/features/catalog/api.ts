import { api, apiRequest } from '../../lib/api.ts';
import type { Product } from '../../lib/types.ts';

export const LISTING_PAGE_SIZE = 24;

/**
 * One page of a SPEC §7 list endpoint (a bare array; the total comes in X-Total-Count). Always send
 * page and limit: without them the endpoint answers the old client's whole list.
 */
export async function fetchProductPage(
  endpoint: string,
  page: number,
): Promise<{ items: Product[]; total: number }> {
  const { data, res } = await apiRequest<Product[]>(`${endpoint}?page=${page}&limit=${LISTING_PAGE_SIZE}`, {
    as: 'user',
  });
  const header = Number(res.headers.get('x-total-count'));
  return { items: data, total: Number.isFinite(header) && header > 0 ? header : data.length };
}

/**
 * A signed-in shopper's token goes with catalogue reads (none is sent for anyone else): a sale in
 * early access is open for them, and the answer then carries its prices.
 */
export function fetchProduct(id: string): Promise<Product> {
  return api<Product>(`/api/product-page/${encodeURIComponent(id)}`, { as: 'user' });
}

export function fetchFeatured(): Promise<Product[]> {
  return api<Product[]>('/api/featured');
}
