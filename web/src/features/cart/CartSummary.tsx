import type { CartSummary as Totals } from '@vastra/contracts';
import { TaxTotals } from '../../components/TaxTotals.tsx';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * SPEC §2 cart summary: pieces, subtotal, disabled coupon, taxable amount, GST, shipping, total.
 * Every amount is the server's (the cart answer's `summary`): the web app computes no tax. When
 * prices include GST the line amounts already hold it, so there is no subtotal before tax to show.
 */
export function CartSummary({ totals, showCoupon = true }: { totals: Totals; showCoupon?: boolean }) {
  const i18n = useI18n();
  return (
    <div className="summary">
      <h2>{i18n._('Order Summary')}</h2>
      <dl>
        <dt>{i18n._('Items')}</dt>
        <dd data-testid="summary-pieces">{totals.pieces}</dd>
        {!totals.taxIncluded && (
          <>
            <dt>{i18n._('Subtotal')}</dt>
            <dd data-testid="summary-subtotal">{formatRupees(totals.subtotal, i18n.locale)}</dd>
          </>
        )}
      </dl>
      {showCoupon && (
        <div className="field coupon">
          <label htmlFor="coupon">{i18n._('Coupon code')}</label>
          <input id="coupon" disabled placeholder={i18n._('Temporarily Unavailable')} />
        </div>
      )}
      <TaxTotals totals={totals} taxableLabel={/*i18n*/ 'Taxable amount'} />
    </div>
  );
}
