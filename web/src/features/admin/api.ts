import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPage, AdminStats } from '@vastra/contracts';
import { api, qs } from '../../lib/api.ts';

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  list: (list: string, q: string, page: number) => ['admin', 'list', list, q, page] as const,
};

export const ADMIN_PAGE_SIZE = 20;

/** Dashboard counts. Admin calls send the token as auth-token too (header names are case-insensitive). */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: () => api<AdminStats>('/api/admin/stats', { as: 'admin' }),
    staleTime: 0,
  });
}

/** One page of an admin list, searched by `q`. */
export function useAdminList<T>(list: string, q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.list(list, q, page),
    queryFn: () =>
      api<AdminPage<T>>(`/api/admin/${list}${qs({ q, page, limit: ADMIN_PAGE_SIZE })}`, { as: 'admin' }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function setSellerSuspended(sellerId: string, suspend: boolean) {
  return api<{ success: true }>(
    `/api/admin/sellers/${encodeURIComponent(sellerId)}/${suspend ? 'suspend' : 'reinstate'}`,
    { method: 'POST', as: 'admin' },
  );
}

export function removeProduct(productId: string) {
  return api<{ success: true }>(`/api/admin/products/${encodeURIComponent(productId)}`, {
    method: 'DELETE',
    as: 'admin',
  });
}
