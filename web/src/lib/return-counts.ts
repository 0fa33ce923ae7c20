import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** Only the counts of the seller's return list (kept apart from lib/returns.ts: the menu is on every page). */
interface Counts {
  counts: Record<string, number>;
}

/**
 * How many of the seller's returns wait for them (to approve or reject, or to mark received), for
 * the badge beside Returns in the seller's menu. Asked only while the menu is open; under the
 * `returns` key, so any move on a return refreshes it.
 */
export function useSellerReturnsToAct(enabled: boolean) {
  const q = useQuery({
    queryKey: ['returns', 'seller', 'to-act'],
    queryFn: () => api<Counts>('/api/seller/returns?limit=1', { as: 'seller' }),
    enabled,
  });
  const c = q.data?.counts;
  return c ? (c.requested ?? 0) + (c.approved ?? 0) : 0;
}
