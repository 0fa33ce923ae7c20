import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../components/QueryState.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.ts';
import { useCart } from '../../lib/cart.ts';
import { asPaymentMethod, PAYMENT_CHOICE_LABEL } from '../../lib/payment-methods.ts';
import { keys } from '../../lib/query.ts';
import { Link, Navigate, useNavigate } from '../../lib/router.tsx';
import { STORAGE, store } from '../../lib/storage.ts';
import { placeOrder, startCardCheckout } from './api.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { CartSummary } from './CartSummary.tsx';
import './cart.css';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * What a refused order says: a 409's whole sentence (its field message is the short form, e.g.
 * "Prices in your cart have changed" without the new total).
 */
function refusalOf(err: Error | null): string | undefined {
  const whole = err instanceof ApiError && err.status === 409 && (err.body as { error?: unknown })?.error;
  return typeof whole === 'string' && whole ? whole : err?.message;
}

/**
 * /place-order-page: review items, address and totals, then place a COD order or go to the online
 * provider's page (the server's `url`: Stripe, the shop's Razorpay page or the offline test page).
 */
export default function PlaceOrderPage() {
  const i18n = useI18n();
  const { role } = useSession();
  const cart = useCart();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const method = asPaymentMethod(cart.data?.checkout?.paymentMethod || store.get(STORAGE.paymentMethod));

  // Prices changed since the page showed them (a sale ended, a coupon ran out): the server says
  // the new total and places nothing; the cart is read again so the summary shows it.
  const onRefused = (err: Error) => {
    if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: keys.cart });
  };
  const cod = useMutation({
    mutationFn: placeOrder,
    onError: onRefused,
    onSuccess: (res) => {
      qc.invalidateQueries({ queryKey: keys.cart });
      qc.invalidateQueries({ queryKey: keys.orders });
      navigate('/order-success', { state: { order: res.order } });
    },
  });
  const online = useMutation({
    mutationFn: startCardCheckout,
    onError: onRefused,
    onSuccess: (s) => window.location.assign(s.url),
  });
  // A refusal is shown by the button, not as a passing toast: it says what to do next (e.g. COD
  // over COD_MAX_RUPEES: "…please pay online"), so it stays until the shopper acts.
  const refusal = refusalOf(cod.error ?? online.error);

  if (role !== 'user') return <Navigate to="/login" replace />;
  return (
    <QueryState
      query={cart}
      loading={i18n._('Loading your order')}
      isEmpty={(found) => found.userCartProducts.length === 0}
      empty={
        <section className="page narrow center">
          <h1>{i18n._('Place Order')}</h1>
          <p className="empty">{i18n._('Your cart is empty')}</p>
          <Link to="/allProducts" className="btn btn-primary">
            {i18n._('Back to shop')}
          </Link>
        </section>
      }
    >
      {(found) => {
        const lines = found.userCartProducts;
        const a = found.checkout;
        const hasAddress = !!a?.address;
        const busy = cod.isPending || online.isPending;
        // The address's PIN code has no Cash On Delivery (issue 37), or the shopper's is held back
        // (issue 38): the server would refuse the order.
        const codRefused = method === 'COD' && found.codAvailable === false;
        return (
          <section className="page">
            <h1>{i18n._('Place Order')}</h1>
            <div className="cart-layout">
              <div className="card">
                <h2>{i18n._('Items')}</h2>
                <ul className="cart-lines">
                  {lines.map((l) => (
                    <CartLineItem key={l._id} line={l} />
                  ))}
                </ul>
              </div>
              <aside className="card">
                <h2>{i18n._('Shipping address')}</h2>
                {hasAddress ? (
                  <address className="address-block" data-testid="order-address">
                    {a.address}
                    <br />
                    {a.city}, {a.state} {a.postalCode}
                  </address>
                ) : (
                  <p className="form-error">{i18n._('Please add a shipping address.')}</p>
                )}
                <Link to="/shipping-address">{i18n._('Edit address')}</Link>
                <p>
                  {i18n._('Payment:')}{' '}
                  <strong>{method ? i18n._(PAYMENT_CHOICE_LABEL[method]) : i18n._('not chosen')}</strong>{' '}
                  <Link to="/cart-page">{i18n._('Change')}</Link>
                </p>
                {!method && (
                  <p className="form-error">{i18n._('Please choose a payment method in your cart.')}</p>
                )}
                {codRefused && (
                  <p className="form-error" data-testid="cod-unavailable">
                    {found.codReason
                      ? // Held back for this shopper (issue 38): the server's reason, translated.
                        i18n._(found.codReason)
                      : i18n._(
                          'Cash On Delivery is not available at PIN code {pincode}. Please choose another payment method in your cart.',
                          { pincode: a?.postalCode ?? '' },
                        )}
                  </p>
                )}
                <CartSummary totals={found.summary} coupon={found.coupon} shipments={found.shipments} />
                {refusal && !busy && (
                  <p className="form-error" role="alert" data-testid="place-order-error">
                    {refusal}
                  </p>
                )}
                <button
                  type="button"
                  className="btn btn-primary btn-block"
                  disabled={!hasAddress || !method || codRefused || busy}
                  onClick={() =>
                    method === 'COD' ? cod.mutate(found.summary.total) : online.mutate(found.summary.total)
                  }
                >
                  {busy ? i18n._('Placing order…') : i18n._('Place Order')}
                </button>
              </aside>
            </div>
          </section>
        );
      }}
    </QueryState>
  );
}
