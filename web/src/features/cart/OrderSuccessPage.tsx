import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { formatRupees } from '../../lib/format.ts';
import { keys } from '../../lib/query.ts';
import { STORAGE, store } from '../../lib/storage.ts';
import { confirmSession, type PlacedOrder, placeOrder } from './api.ts';
import './cart.css';

type Outcome = { placed: true; order: PlacedOrder } | { placed: false; message: string };

/**
 * /order-success (cart) and /order-successfull (Buy Now). 'Order Placed' appears only once the
 * server has confirmed: the COD order came back from Place Order, or the provider's session is paid.
 */
export default function OrderSuccessPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const fromPlaceOrder = (location.state as { order?: PlacedOrder } | null)?.order;
  const qc = useQueryClient();

  const confirm = useQuery({
    queryKey: ['order-confirmation', sessionId ?? 'cart'],
    enabled: !fromPlaceOrder,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Outcome> => {
      if (sessionId) {
        const res = await confirmSession(sessionId);
        return res.paid
          ? { placed: true, order: res.order }
          : {
              placed: false,
              message: 'We have not received the payment yet. If you paid, please check again in a minute.',
            };
      }
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

  if (!outcome && confirm.isPending) return <Spinner label="Confirming your order" />;
  if (!outcome?.placed) {
    const message =
      outcome && !outcome.placed ? outcome.message : (confirm.error?.message ?? 'Something went wrong');
    return (
      <section className="page narrow">
        <div className="card success-box" role="alert">
          <h1>Order not confirmed</h1>
          <p>{message}</p>
          <div className="row center">
            {sessionId && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => confirm.refetch()}
                disabled={confirm.isFetching}
              >
                Check again
              </button>
            )}
            <Link to="/my-orders" className="btn">
              My Orders
            </Link>
            <Link to="/cart-page" className="btn">
              Back to cart
            </Link>
          </div>
        </div>
      </section>
    );
  }
  const order = outcome.order;
  return (
    <section className="page narrow">
      <div className="card success-box">
        <span className="success-icon" aria-hidden="true">
          ✓
        </span>
        <h1>Order Placed</h1>
        <p>
          Thank you! Your order{order.total ? ` of ${formatRupees(order.total)}` : ''} is confirmed
          {order.paymentMethod === 'COD' ? '; please pay in cash on delivery.' : ' and paid.'} Delivery within
          4-5 days.
        </p>
        <Link to="/my-orders" className="btn btn-primary">
          View My Orders
        </Link>
        <Link to="/allProducts">Continue shopping</Link>
      </div>
    </section>
  );
}
