import type { LedgerKind } from '@vastra/contracts/constants';
import { formatRupees } from '../../lib/format.ts';

/** How each kind of ledger entry reads on the seller's statement. */
export const LEDGER_LABELS: Record<LedgerKind, string> = {
  sale: /*i18n*/ 'Sale (paid online)',
  cod_collected: /*i18n*/ 'COD collected',
  commission: /*i18n*/ 'Commission',
  commission_gst: /*i18n*/ 'GST on commission',
  tcs: 'TCS',
  refund: /*i18n*/ 'Refund to customer',
  commission_reversal: /*i18n*/ 'Commission returned',
  commission_gst_reversal: /*i18n*/ 'GST on commission returned',
  tcs_reversal: /*i18n*/ 'TCS returned',
  payout: /*i18n*/ 'Payout to your bank',
  platform_discount: /*i18n*/ 'Coupon paid by Vastra',
  platform_discount_reversal: /*i18n*/ 'Coupon paid by Vastra, returned',
  shipping_fee: /*i18n*/ 'Shipping charges',
  cod_fee: /*i18n*/ 'Cash On Delivery fee',
  platform_fee: /*i18n*/ 'Shipping charges kept by Vastra',
  platform_fee_reversal: /*i18n*/ 'Shipping charges kept by Vastra, returned',
  fee_tcs: /*i18n*/ 'TCS on shipping charges',
  fee_tcs_reversal: /*i18n*/ 'TCS on shipping charges returned',
  rto_fee: /*i18n*/ 'Return to origin (RTO) fee',
};

/**
 * An amount with its sign from the seller's side: '+Rs. 942.82' in, '−Rs. 79.90' out (a real
 * minus sign, which screen readers say as "minus"). Zero has none.
 */
export function signedRupees(amount: number): string {
  if (amount === 0) return formatRupees(0);
  return `${amount > 0 ? '+' : '−'}${formatRupees(Math.abs(amount))}`;
}

/** Whether an entry's money is payable yet: settled once its return window has passed. */
export function isSettled(settlesAt: string, now = Date.now()): boolean {
  return new Date(settlesAt).getTime() <= now;
}
