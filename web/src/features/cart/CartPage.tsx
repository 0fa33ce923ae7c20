import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { useCart } from '../../lib/cart.ts';
import { asPaymentMethod } from '../../lib/payment-methods.ts';
import { keys } from '../../lib/query.ts';
import { Link, useNavigate } from '../../lib/router.tsx';
import { STORAGE, store } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { changeQuantity, type PaymentMethod, removeLine, setPaymentMethod } from './api.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { CartSummary } from './CartSummary.tsx';
import { CouponBox } from './CouponBox.tsx';
import { GuestCart } from './GuestCart.tsx';
import { PaymentMethodField, usePaymentChoices, withoutCod } from './PaymentMethodField.tsx';
import './cart.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /cart-page: lines, summary, payment method and Checkout (SPEC §2, §4, §5); a visitor's guest cart. */
export default function CartPage() {
  const i18n = useI18n();
  const { role } = useSession();
  const cart = useCart();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  // Cash On Delivery is not offered where the checkout's PIN code has none (issue 37), nor to a
  // shopper whose COD parcels came back too often (issue 38: the server's reason is shown).
  const { choices, codNote } = withoutCod(
    usePaymentChoices(),
    cart.data?.codAvailable,
    cart.data?.checkout?.postalCode,
    cart.data?.codReason,
  );
  // A saved method the shop no longer offers (e.g. Stripe after its keys were removed) is not chosen.
  const chosen = choices.options.some((o) => o.value === method) ? method : '';

  useEffect(() => {
    const saved = asPaymentMethod(cart.data?.checkout?.paymentMethod || store.get(STORAGE.paymentMethod));
    if (saved) setMethod((m) => m || saved);
  }, [cart.data]);

  const refresh = () => qc.invalidateQueries({ queryKey: keys.cart });
  const step = useMutation({
    mutationFn: ({ id, by }: { id: string; by: 1 | -1 }) => changeQuantity(id, by),
    onError: (err) => toast.error(err.message),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: removeLine,
    onSuccess: () => toast.info(i18n._('Removed from cart')),
    onError: (err) => toast.error(err.message),
    onSettled: refresh,
  });
  const checkout = useMutation({
    mutationFn: setPaymentMethod,
    onSuccess: (_, m) => {
      store.set(STORAGE.paymentMethod, m);
      navigate('/shipping-address');
    },
    onError: (err) => toast.error(err.message),
  });

  // A visitor's cart is kept in the browser; checking out asks them to log in (it merges then).
  if (role === 'visitor') return <GuestCart />;
  if (role !== 'user') {
    return (
      <section className="page narrow center">
        <h1>{i18n._('Cart')}</h1>
        <p>
          {i18n._('Shopping carts are for customer accounts. You are in a')} {role} {i18n._('account.')}
        </p>
      </section>
    );
  }
  if (cart.isPending) return <Spinner label={i18n._('Loading your cart')} />;
  if (cart.isError) {
    return (
      <section className="page narrow">
        <QueryError error={cart.error} onRetry={() => cart.refetch()} />
      </section>
    );
  }
  const data = cart.data;
  const lines = data.userCartProducts;
  const busy = step.isPending || remove.isPending || cart.isFetching;
  return (
    <section className="page">
      <div className="page-head">
        <h1>{i18n._('Shopping Cart')}</h1>
        <p className="muted" data-testid="cart-count">
          {lines.length} {lines.length === 1 ? i18n._('item') : i18n._('items')}
        </p>
      </div>
      <div className="cart-layout">
        <div className="card">
          {lines.length === 0 ? (
            <p className="empty">{i18n._('Your cart is empty')}</p>
          ) : (
            <ul className="cart-lines">
              {lines.map((l) => (
                <CartLineItem
                  key={l._id}
                  line={l}
                  busy={busy}
                  onStep={(by) => step.mutate({ id: l._id, by })}
                  onRemove={() => remove.mutate(l._id)}
                />
              ))}
            </ul>
          )}
          <Link to="/allProducts" className="back-link">
            {i18n._('← Back to shop')}
          </Link>
        </div>
        <aside className="card">
          <CartSummary
            totals={data.summary}
            coupon={data.coupon}
            couponBox={lines.length > 0 && <CouponBox coupon={data.coupon} busy={busy} />}
            shipments={data.shipments}
          />
          <PaymentMethodField
            value={chosen}
            choices={choices}
            onChange={setMethod}
            codNote={codNote}
            postalCode={data.checkout?.postalCode}
          />
          <button
            type="button"
            className="btn btn-primary btn-block checkout-btn"
            disabled={!chosen || lines.length === 0 || checkout.isPending || busy}
            onClick={() => chosen && checkout.mutate(chosen)}
          >
            {i18n._('Checkout')}
          </button>
        </aside>
      </div>
    </section>
  );
}
