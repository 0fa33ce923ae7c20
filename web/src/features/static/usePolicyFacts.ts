import { GST_PERCENT } from '@vastra/contracts/constants';
import { useSiteInfo } from '../../lib/site.ts';

/** Business facts the policies quote, from GET /api/site with sensible values while it loads. */
export function usePolicyFacts() {
  const site = useSiteInfo().data;
  return {
    owner: site?.ownerName ?? /*i18n*/ 'Vastra Retail Pvt. Ltd.',
    address: site?.address ?? '',
    email: site?.email ?? '',
    phone: site?.phones?.[0] ?? '',
    gstin: site?.gstin ?? '',
    gstPercent: site?.gstPercent ?? GST_PERCENT,
    grievance: site?.grievanceOfficer,
    jurisdiction: site?.jurisdiction ?? 'the courts at the seat of the business',
    website: site?.website ?? window.location.origin,
    returnDays: site?.returnWindowDays ?? 7,
    refundDays: site?.refundDays ?? 7,
  };
}
