import { useQuery } from '@tanstack/react-query';
import type {
  ReturnAnswer,
  ReturnListAnswer,
  ReturnRequestInput,
  ReturnStatus,
  ReturnView,
} from '@vastra/contracts';
import { RETURN_STATUS_LABELS } from '@vastra/contracts/constants';
import { api, apiRequest, qs } from './api.ts';
import type { Role } from './auth.ts';

/**
 * Returns and size exchanges (issue 18), shared by the shopper's, the seller's and the admin's
 * screens: the calls, their query keys, and how a return's state reads.
 */

export type ReturnsRole = Role;
/** `/api/user/returns`, `/api/seller/returns`, `/api/admin/returns`. */
const base = (role: ReturnsRole) => `/api/${role}/returns`;

export const RETURNS_PER_PAGE = 20;

export const returnKeys = {
  all: ['returns'] as const,
  list: (role: ReturnsRole, params: { status?: string; itemId?: string; page?: number }) =>
    ['returns', role, params] as const,
};

export function fetchReturns(
  role: ReturnsRole,
  params: { status?: ReturnStatus | ''; itemId?: string; page?: number; limit?: number },
) {
  return api<ReturnListAnswer>(
    `${base(role)}${qs({ status: params.status, itemId: params.itemId, page: params.page, limit: params.limit ?? RETURNS_PER_PAGE })}`,
    { as: role },
  );
}

/** One page of returns for this role (all states, or one). */
export function useReturns(
  role: ReturnsRole,
  params: { status?: ReturnStatus | ''; itemId?: string; page?: number },
  enabled = true,
) {
  return useQuery({
    queryKey: returnKeys.list(role, params),
    queryFn: () => fetchReturns(role, params),
    enabled,
  });
}

export const requestReturn = (itemId: string, body: ReturnRequestInput) =>
  api<ReturnAnswer>(`/api/user/order-items/${encodeURIComponent(itemId)}/return`, {
    method: 'POST',
    as: 'user',
    body,
  });

/** A seller's or admin's move: approve, reject, receive, refund, cod-refund-paid. */
export const moveReturn = (role: 'seller' | 'admin', returnId: string, move: string, body: object = {}) =>
  api<ReturnAnswer>(`${base(role)}/${encodeURIComponent(returnId)}/${move}`, {
    method: 'POST',
    as: role,
    body,
  });

/** The list's total, read from the answer (the header says the same). */
export async function countReturns(role: ReturnsRole) {
  const { data } = await apiRequest<ReturnListAnswer>(`${base(role)}?limit=1`, { as: role });
  return data.counts;
}

/** A return's state in words and its pill's colour; a parcel back not ok reads as closed. */
export function returnState(r: Pick<ReturnView, 'status' | 'conditionOk'>): { label: string; tone: string } {
  if (r.status === 'received' && r.conditionOk === false)
    return { label: 'Closed: not accepted', tone: 'pill-bad' };
  const tone: Record<ReturnStatus, string> = {
    requested: 'pill-warn',
    approved: 'pill-warn',
    rejected: 'pill-bad',
    received: '',
    refunded: 'pill-ok',
    exchanged: 'pill-ok',
  };
  return { label: RETURN_STATUS_LABELS[r.status], tone: tone[r.status] };
}

/** "Refund of 1" or "Exchange 2 for L, Blue". */
export function returnAsk(r: Pick<ReturnView, 'kind' | 'quantity' | 'exchange'>) {
  if (r.kind === 'refund') return `Refund of ${r.quantity}`;
  const to = [r.exchange?.size, r.exchange?.color].filter(Boolean).join(', ');
  return `Exchange ${r.quantity} for ${to || 'another size'}`;
}
