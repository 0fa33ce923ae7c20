import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPage, AdminStats } from '@vastra/contracts';
import { api, qs } from '../../lib/api.ts';

export const adminKeys = {
  all: ['admin'] as const,
  stats: (days: StatsDays) => ['admin', 'stats', days] as const,
  list: (list: string, q: string, page: number) => ['admin', 'list', list, q, page] as const,
};

export const ADMIN_PAGE_SIZE = 20;

/** The windows the dashboard's money figures can cover (`?days=`). */
export const STATS_DAYS = [7, 30, 90] as const;
export type StatsDays = (typeof STATS_DAYS)[number];

/**
 * Dashboard counts, with revenue and commission over the last `days`. Admin calls send the token
 * as auth-token too (header names are case-insensitive).
 */
export function useAdminStats(days: StatsDays = 30) {
  return useQuery({
    queryKey: adminKeys.stats(days),
    queryFn: () => api<AdminStats>(`/api/admin/stats${qs({ days })}`, { as: 'admin' }),
    // Switching the window keeps the counts on screen while its figures load.
    placeholderData: keepPreviousData,
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

/** A suspended shopper cannot log in or order; their orders stay. */
export function setUserSuspended(userId: string, suspend: boolean) {
  return api<{ success: true }>(
    `/api/admin/users/${encodeURIComponent(userId)}/${suspend ? 'suspend' : 'reinstate'}`,
    { method: 'POST', as: 'admin' },
  );
}

/** Takes a product off sale; its seller sees the reason in their product list. */
export function hideProduct(productId: string, reason: string) {
  return api<{ success: true }>(`/api/admin/products/${encodeURIComponent(productId)}/hide`, {
    method: 'POST',
    as: 'admin',
    body: { reason },
  });
}

/** Cancels a pending order item: its stock goes back, and an online payment's share is refunded. */
export function cancelOrderItem(itemId: string) {
  return api<{ success: true }>(`/api/admin/order-items/${encodeURIComponent(itemId)}/cancel`, {
    method: 'POST',
    as: 'admin',
  });
}
