import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { formatDeadline } from '../../lib/deadline.ts';
import { formatPromiseDay } from '../../lib/delivery.ts';
import { formatRupees } from '../../lib/format.ts';
import { imageProps } from '../../lib/images.ts';
import { keys } from '../../lib/query.ts';
import { Link, Navigate, useLocation, useSearchParams } from '../../lib/router.tsx';
import { STORAGE, store } from '../../lib/storage.ts';
import { confirmSession, type PlacedOrder, placeOrder } from './api.ts';
import './cart.css';
import { useI18n } from '../../lib/i18n.tsx';
import { variantLabel } from '../../lib/variant-label.ts';

type Outcome = { placed: true; order: PlacedOrder } | { placed: false; message: string };

export const NOTHING_TO_CONFIRM =
  /*i18n*/ 'There is no payment to confirm here. Your orders and their status are in My Orders.';

/** The latest day any item was promised for (`YYYY-MM-DD` sorts as dates do); '' for none. */
const lastPromised = (items: readonly { deliverBy?: string | null }[]) =>
  items.reduce((last, i) => (i.deliverBy && i.deliverBy > last ? i.deliverBy : last), '');

/**
 * /order-success (cart) and /order-successfull (Buy Now). 'Order Placed' appears only once the
 * server has confirmed: the COD order came back from Place Order, or the provider's session is paid.
 * It shows the order's number and items, as the server answered them.
 */
export default function OrderSuccessPage() {
  const i18n = useI18n();
  const location = useLocation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  // /order-successfull only confirms a Buy Now payment; without the provider's session id there
  // is nothing to confirm, and it must never place the cart as an order.
  const isBuyNowReturn = location.pathname.toLowerCase() === '/order-successfull';
  const fromPlaceOrder = (location.state as { order?: PlacedOrder } | null)?.order;
  const qc = useQueryClient();
  const { role } = useSession();

  const confirm = useQuery({
    queryKey: ['order-confirmation', sessionId ?? (isBuyNowReturn ? 'buy-now' : 'cart')],
    enabled: !fromPlaceOrder && role === 'user',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Outcome> => {
      if (sessionId) {
        const res = await confirmSession(sessionId);
        return res.paid
          ? { placed: true, order: res.order }
          : {
              placed: false,
              message:
                /*i18n*/ 'We have not received the payment yet. If you paid, please check again in a minute.',
            };
      }
      if (isBuyNowReturn) return { placed: false, message: NOTHING_TO_CONFIRM };
      // Old-style arrival without a session: the server places the cart's order (SPEC §4).
      const res = await placeOrder();
      return { placed: true, order: res.order };
    },
  });
  const outcome: Outcome | undefined = fromPlaceOrder
    ? { placed: true, order: fromPlaceOrder }
    : confirm.data;

  useEffect(() => {
    if (outcome?.placed) {
      store.remove(STORAGE.cartProductObjectId);
      qc.invalidateQueries({ queryKey: keys.cart });
      qc.invalidateQueries({ queryKey: keys.orders });
    }
  }, [outcome?.placed, qc]);

  if (role !== 'user') return <Navigate to="/login" replace />;
  if (!outcome && confirm.isPending) return <Spinner label={i18n._('Confirming your order')} />;
  if (!outcome?.placed) {
    const message =
      outcome && !outcome.placed
        ? outcome.message
        : (confirm.error?.message ?? /*i18n*/ 'Something went wrong');
    return (
      <section className="page narrow">
        <div className="card success-box" role="alert">
          <h1>
            {isBuyNowReturn && !sessionId ? i18n._('Nothing to confirm') : i18n._('Order not confirmed')}
          </h1>
          <p>{message}</p>
          <div className="row center">
            {sessionId && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => confirm.refetch()}
                disabled={confirm.isFetching}
              >
                {i18n._('Check again')}
              </button>
            )}
            <Link to="/my-orders" className="btn">
              {i18n._('My Orders')}
            </Link>
            <Link to="/cart-page" className="btn">
              {i18n._('Back to cart')}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  const order = outcome.order;
  const arriving = lastPromised(order.items);
  return (
    <section className="page narrow">
      <div className="card success-box">
        <span className="success-icon" aria-hidden="true">
          ✓
        </span>
        <h1>{i18n._('Order Placed')}</h1>
        <p className="order-number">
          {i18n._('Order number')} <strong data-testid="order-number">{order.number}</strong>
        </p>
        <p>
          {i18n._('Thank you! Your order')}
          {order.total ? ` of ${formatRupees(order.total, i18n.locale)}` : ''}{' '}
          {order.codConfirmBy ? i18n._('is placed') : i18n._('is confirmed')}
          {order.paymentMethod === 'COD' ? i18n._('; please pay in cash on delivery.') : i18n._(' and paid.')}{' '}
          {arriving
            ? i18n._('Arriving by {day}.', { day: formatPromiseDay(arriving, i18n.locale) })
            : i18n._('Delivery within 4-5 days.')}
        </p>
        {order.codConfirmBy && (
          <p className="cod-confirm-note" role="status" data-testid="cod-confirm-note">
            {i18n._(
              'Please confirm this Cash On Delivery order by {deadline}: open the link we sent to your phone, or confirm it on the order page. It ships once confirmed.',
              { deadline: formatDeadline(order.codConfirmBy, i18n.locale) },
            )}
          </p>
        )}
        {order.items.length > 0 && (
          <ul className="placed-items" aria-label={i18n._('Items in this order')}>
            {order.items.map((line) => (
              <li key={line._id}>
                <img
                  {...imageProps(line.product[0].image, '56px')}
                  alt=""
                  width={56}
                  height={70}
                  loading="lazy"
                />
                <span>
                  {line.product[0].productName} × {line.quantity}
                  {variantLabel(line.size, line.color, i18n) && (
                    <span className="variant-choice">{variantLabel(line.size, line.color, i18n)}</span>
                  )}
                </span>
                <strong>{formatRupees(line.amount, i18n.locale)}</strong>
              </li>
            ))}
          </ul>
        )}
        <Link to={`/orders/${order._id}`} className="btn btn-primary">
          {i18n._('View order')}
        </Link>
        <Link to="/my-orders" className="btn">
          {i18n._('View My Orders')}
        </Link>
        <Link to="/allProducts">{i18n._('Continue shopping')}</Link>
      </div>
    </section>
  );
}
