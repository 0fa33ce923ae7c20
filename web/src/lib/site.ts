import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { keys } from './query.ts';
import type { SiteInfo } from './types.ts';

/** Shop owner's contact details (GET /api/site), cached for the session. */
export function useSiteInfo() {
  return useQuery({
    queryKey: keys.site,
    queryFn: () => api<SiteInfo>('/api/site'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
