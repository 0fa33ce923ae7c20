import { formatRupees } from '../../lib/format.ts';
import type { CartTotals } from './summary.ts';

/** SPEC §2 cart summary: pieces, subtotal, disabled coupon, taxable amount, GST 18%, shipping, total. */
export function CartSummary({ totals, showCoupon = true }: { totals: CartTotals; showCoupon?: boolean }) {
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
        <dt>GST (18%)</dt>
        <dd data-testid="summary-gst">{formatRupees(totals.gst)}</dd>
        <dt>Shipping</dt>
        <dd className="free">Free</dd>
        <dt className="total">Total</dt>
        <dd className="total" data-testid="summary-total">
          {formatRupees(totals.total)}
        </dd>
      </dl>
    </div>
  );
}
