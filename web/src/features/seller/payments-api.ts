import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LedgerAnswer } from '@vastra/contracts';
import { api, qs } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { sellerKeys } from './api.ts';

/** The seller's money (DESIGN §11): balance and statement, amounts in rupees. */

export const paymentKeys = {
  /** '' for every month. */
  ledger: (month: string) => [...sellerKeys.all, 'ledger', month] as const,
};

/** The statement of one month ('' for all) with the balance (payable now, pending settlement). */
export function useSellerLedger(month: string) {
  return useQuery({
    queryKey: paymentKeys.ledger(month),
    queryFn: () => api<LedgerAnswer>(`/api/seller/ledger${qs({ month })}`, { as: 'seller' }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Saves the statement as the server's CSV; answers the file name. */
export function downloadStatement(month: string) {
  return downloadFile({
    path: `/api/seller/ledger.csv${qs({ month })}`,
    as: 'seller',
    accept: 'text/csv',
    what: 'statement',
    fallbackName: `vastra-statement${month ? `-${month}` : ''}.csv`,
  });
}
