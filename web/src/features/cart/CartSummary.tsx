import type { CartSummary as Totals } from '@vastra/contracts';
import { GST_PERCENT } from '@vastra/contracts/constants';
import { formatRupees } from '../../lib/format.ts';

/**
 * SPEC §2 cart summary: pieces, subtotal, disabled coupon, taxable amount, GST, shipping, total.
 * Every amount is the server's (the cart answer's `summary`): the web app computes no tax.
 */
export function CartSummary({ totals, showCoupon = true }: { totals: Totals; showCoupon?: boolean }) {
  return (
    <div className="summary">
      <h2>Order Summary</h2>
      <dl>
        <dt>Items</dt>
        <dd data-testid="summary-pieces">{totals.pieces}</dd>
        <dt>Subtotal</dt>
        <dd data-testid="summary-subtotal">{formatRupees(totals.subtotal)}</dd>
      </dl>
      {showCoupon && (
        <div className="field coupon">
          <label htmlFor="coupon">Coupon code</label>
          <input id="coupon" disabled placeholder="Temporarily Unavailable" />
        </div>
      )}
      <dl>
        <dt>Taxable amount</dt>
        <dd>{formatRupees(totals.subtotal)}</dd>
        <dt>GST ({GST_PERCENT}%)</dt>
        <dd data-testid="summary-gst">{formatRupees(totals.gst)}</dd>
        <dt>Shipping</dt>
        {totals.shipping === 0 ? (
          <dd className="free" data-testid="summary-shipping">
            Free
          </dd>
        ) : (
          <dd data-testid="summary-shipping">{formatRupees(totals.shipping)}</dd>
        )}
        <dt className="total">Total</dt>
        <dd className="total" data-testid="summary-total">
          {formatRupees(totals.total)}
        </dd>
      </dl>
    </div>
  );
}
