import { useQuery } from '@tanstack/react-query';
import type {
  auditLogAnswerSchema,
  CommissionsAnswer,
  CommissionsInput,
  Payout,
  PayoutRequestInput,
  payoutsDueAnswerSchema,
} from '@vastra/contracts';
import { api } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { adminKeys } from './api.ts';

/** The admin's money desk (DESIGN §11): payouts, the TCS report, commission rates, the audit log. */

/** What a contract schema answers (the contracts export no type of their own for these two). */
type Answer<S extends { parse: (v: unknown) => unknown }> = ReturnType<S['parse']>;

/** A seller with money to pay out now, and what is still pending (rupees). */
export type DueSeller = Answer<typeof payoutsDueAnswerSchema>['sellers'][number];

/** One admin action as the audit log records it. */
export type AuditEntry = Answer<typeof auditLogAnswerSchema>['entries'][number];

export const moneyKeys = {
  all: [...adminKeys.all, 'money'] as const,
  due: [...adminKeys.all, 'money', 'due'] as const,
  payouts: [...adminKeys.all, 'money', 'payouts'] as const,
  commissions: [...adminKeys.all, 'money', 'commissions'] as const,
  audit: [...adminKeys.all, 'audit-log'] as const,
};

export function usePayoutsDue() {
  return useQuery({
    queryKey: moneyKeys.due,
    queryFn: async () =>
      (await api<{ sellers: DueSeller[] }>('/api/admin/payouts/due', { as: 'admin' })).sellers,
    staleTime: 0,
  });
}

export function usePayouts() {
  return useQuery({
    queryKey: moneyKeys.payouts,
    queryFn: async () => (await api<{ payouts: Payout[] }>('/api/admin/payouts', { as: 'admin' })).payouts,
    staleTime: 0,
  });
}

/**
 * Records a bank transfer already made to a seller. The server refuses (409) an amount beyond the
 * payable balance, and answers the first payout again (`repeated`) for a key it has seen.
 */
export function recordPayout(input: PayoutRequestInput) {
  return api<{ payout: Payout; repeated: boolean }>('/api/admin/payouts', {
    method: 'POST',
    as: 'admin',
    body: input,
  });
}

/**
 * A key for one payout form: a repeated click or a retry after a lost answer sends the same key,
 * so the seller is paid once. `randomUUID` needs a secure context; `getRandomValues` does not.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

export function useCommissions() {
  return useQuery({
    queryKey: moneyKeys.commissions,
    queryFn: () => api<CommissionsAnswer>('/api/admin/commissions', { as: 'admin' }),
    staleTime: 0,
  });
}

/** Sets rates in percent; null removes one (the default applies again). */
export function saveCommissions(input: CommissionsInput) {
  return api<CommissionsAnswer>('/api/admin/commissions', { method: 'PUT', as: 'admin', body: input });
}

/** Saves a month's TCS report (GSTR-8 columns) as CSV; answers the file name. */
export function downloadTcsReport(month: string) {
  return downloadFile({
    path: `/api/admin/tcs-report.csv?month=${encodeURIComponent(month)}`,
    as: 'admin',
    accept: 'text/csv',
    what: /*i18n*/ 'TCS report',
    fallbackName: `tcs-${month}.csv`,
  });
}

/** The latest admin actions, newest first. */
export function useAuditLog() {
  return useQuery({
    queryKey: moneyKeys.audit,
    queryFn: async () =>
      (await api<{ entries: AuditEntry[] }>('/api/admin/audit-log', { as: 'admin' })).entries,
    staleTime: 0,
  });
}
