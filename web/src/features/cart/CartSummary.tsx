import type { CartCoupon, ShipmentPromise, CartSummary as Totals } from '@vastra/contracts';
import type { ReactNode } from 'react';
import { TaxTotals } from '../../components/TaxTotals.tsx';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { ShipmentPromises } from './ShipmentPromises.tsx';

/**
 * SPEC §2 cart summary: pieces, subtotal, the coupon (`couponBox`, and its discount), each seller's
 * shipment with its delivery day and fee, taxable amount, GST, shipping (and the COD fee), total.
 * Every amount is the server's (the cart answer's `summary`): the web app computes no tax. When
 * prices include GST the line amounts already hold it, so there is no subtotal before tax to show.
 * The discount lowers the taxable value: the subtotal shown is the items' price before it, so
 * subtotal − discount reads as the taxable amount below.
 */
export function CartSummary({
  totals,
  coupon,
  couponBox,
  shipments,
}: {
  totals: Totals;
  coupon?: CartCoupon | null;
  couponBox?: ReactNode;
  /** The cart's shipments, each with its promised day and fee (issue 37). */
  shipments?: readonly ShipmentPromise[];
}) {
  const i18n = useI18n();
  const discount = totals.discount;
  return (
    <div className="summary">
      <h2>{i18n._('Order Summary')}</h2>
      <dl>
        <dt>{i18n._('Items')}</dt>
        <dd data-testid="summary-pieces">{totals.pieces}</dd>
        {!totals.taxIncluded && (
          <>
            <dt>{i18n._('Subtotal')}</dt>
            <dd data-testid="summary-subtotal">{formatRupees(totals.subtotal + discount, i18n.locale)}</dd>
          </>
        )}
        {discount > 0 && (
          <>
            <dt>
              {coupon ? i18n._('Coupon discount ({code})', { code: coupon.code }) : i18n._('Coupon discount')}
            </dt>
            <dd className="discount" data-testid="summary-discount">
              −{formatRupees(discount, i18n.locale)}
            </dd>
          </>
        )}
      </dl>
      {couponBox}
      <ShipmentPromises shipments={shipments} />
      <TaxTotals totals={totals} taxableLabel={/*i18n*/ 'Taxable amount'} />
    </div>
  );
}
