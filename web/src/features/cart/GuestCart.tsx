import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { type GuestLineRef, isLine, removeGuestLines, useGuestLines } from '../../lib/guest-cart.ts';
import { setGuestQuantity } from '../../lib/guest-cart-edit.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { rememberIntent } from '../../lib/resume.ts';
import { Link, useNavigate } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { CartSummary } from './CartSummary.tsx';
import { asCartLine, dropUnsellable, previewGuestCart } from './guest-api.ts';
import { NeedsSize } from './NeedsSize.tsx';

/**
 * /cart-page for a visitor: the lines kept in this browser, with the products, amounts and
 * summary the server computes for them. Checking out asks for login, which merges these lines
 * into the account's cart and comes back here.
 */
export function GuestCart() {
  const i18n = useI18n();
  const lines = useGuestLines();
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: ['guest-cart', lines],
    queryFn: () => previewGuestCart(lines),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
  });

  // Keep the browser's lines as the server can sell them: drop products gone or sold out, lower
  // quantities above the stock.
  useEffect(() => {
    if (!preview.data) return;
    const { skipped, capped } = preview.data;
    if (dropUnsellable(skipped))
      toast.info(i18n._('Some items in your cart are no longer available and were removed'));
    for (const c of capped) setGuestQuantity(c, c.quantity);
  }, [preview.data, i18n]);

  const checkout = () => {
    rememberIntent({ kind: 'return' }, '/cart-page');
    navigate('/login', { state: { from: '/cart-page' } });
  };

  if (lines.length > 0 && preview.isPending) return <Spinner label={i18n._('Loading your cart')} />;
  if (preview.isError) {
    return (
      <section className="page narrow">
        <QueryError error={preview.error} onRetry={() => preview.refetch()} />
      </section>
    );
  }
  const priced = lines.length > 0 ? (preview.data?.lines ?? []) : [];
  const busy = preview.isFetching;
  // Steps count from the browser's line (the priced answer may be a click behind).
  const quantityOf = (ref: GuestLineRef, shown: number) =>
    lines.find((l) => isLine(l, ref))?.quantity ?? shown;
  const needSize = (preview.data?.skipped ?? []).filter((s) => s.reason === 'choose a size');
  return (
    <section className="page">
      <div className="page-head">
        <h1>{i18n._('Shopping Cart')}</h1>
        <p className="muted" data-testid="cart-count">
          {priced.length} {priced.length === 1 ? i18n._('item') : i18n._('items')}
        </p>
      </div>
      <div className="cart-layout">
        <div className="card">
          {needSize.map((s) => (
            <NeedsSize key={s.productId} productId={s.productId} onRemove={() => removeGuestLines([s])} />
          ))}
          {priced.length === 0 ? (
            <p className="empty">{i18n._('Your cart is empty')}</p>
          ) : (
            <ul className="cart-lines">
              {priced.map((l) => (
                <CartLineItem
                  key={`${l.productId}/${l.variantId}`}
                  line={asCartLine(l)}
                  busy={busy}
                  onStep={(by) => setGuestQuantity(l, quantityOf(l, l.quantity) + by)}
                  onRemove={() => removeGuestLines([l])}
                />
              ))}
            </ul>
          )}
          <Link to="/allProducts" className="back-link">
            {i18n._('← Back to shop')}
          </Link>
        </div>
        {priced.length > 0 && preview.data && (
          <aside className="card">
            <CartSummary totals={preview.data.summary} />
            <p className="muted small">
              {i18n._('Log in or create an account to use a coupon, choose payment and check out.')}
            </p>
            <button
              type="button"
              className="btn btn-primary btn-block checkout-btn"
              disabled={busy}
              onClick={checkout}
            >
              {i18n._('Log in to check out')}
            </button>
            <p className="center small">
              {i18n._('New to Vastra?')}{' '}
              <Link to="/register" onClick={() => rememberIntent({ kind: 'return' }, '/cart-page')}>
                {i18n._('Create an account')}
              </Link>
            </p>
          </aside>
        )}
      </div>
    </section>
  );
}
