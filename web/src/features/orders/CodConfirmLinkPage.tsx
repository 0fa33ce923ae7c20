import { useMutation } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n.tsx';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { confirmCodByLink } from './cod-confirm-api.ts';
import './orders.css';

/**
 * /orders/confirm?token=…: the link sent by SMS or WhatsApp to confirm a Cash On Delivery order
 * (issue 39). The shopper confirms with one tap (no sign-in: the signed token names the order);
 * opening the page confirms nothing, so neither a link preview nor a scanner that runs scripts can
 * confirm an order for them. Confirming twice answers the same.
 */
export default function CodConfirmLinkPage() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useMutation({ mutationFn: () => confirmCodByLink(token) });
  if (token !== '' && !q.isSuccess && !q.isError) {
    return (
      <section className="page narrow">
        <div className="card success-box">
          <h1>{i18n._('Confirm your Cash On Delivery order')}</h1>
          <p>{i18n._('Tap the button to confirm that you placed this order. It ships once confirmed.')}</p>
          <button type="button" className="btn btn-primary" disabled={q.isPending} onClick={() => q.mutate()}>
            {q.isPending ? i18n._('Confirming your order') : i18n._('Confirm order')}
          </button>
        </div>
      </section>
    );
  }
  if (q.isSuccess) {
    return (
      <section className="page narrow">
        <div className="card success-box" role="status">
          <h1>{i18n._('Order confirmed')}</h1>
          <p>{i18n._('Thank you. Your Cash On Delivery order is confirmed and will be shipped soon.')}</p>
          <Link to={`/orders/${q.data.orderId}`} className="btn btn-primary">
            {i18n._('View order')}
          </Link>
        </div>
      </section>
    );
  }
  const message =
    token === ''
      ? i18n._('This confirmation link is incomplete. Please open the link we sent to your phone again.')
      : (q.error?.message ?? '');
  return (
    <section className="page narrow">
      <div className="card success-box" role="alert">
        <h1>{i18n._('Order not confirmed')}</h1>
        <p>{message}</p>
        <Link to="/my-orders" className="btn">
          {i18n._('My Orders')}
        </Link>
      </div>
    </section>
  );
}
