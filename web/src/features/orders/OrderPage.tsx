import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiOrder } from '@vastra/contracts';
import { useState } from 'react';
import { AddressForm } from '../../components/AddressForm.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { TaxDocumentButtons, taxDocumentsOf } from '../../components/TaxDocumentButtons.tsx';
import { TaxTotals } from '../../components/TaxTotals.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.ts';
import { formatRupees } from '../../lib/format.ts';
import { Link, Navigate, useParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { changeOrderAddress, fetchOrder, orderKeys } from './api.ts';
import { awaitsCodConfirmation, CodConfirmPanel } from './CodConfirmPanel.tsx';
import { OrderHeader } from './OrderHeader.tsx';
import { OrderItemRow } from './OrderItemRow.tsx';
import { OrderShipments } from './OrderShipments.tsx';
import { useCancelItem } from './useCancelItem.ts';
import './orders.css';
import { useI18n } from '../../lib/i18n.tsx';

/** The address can change until an item ships (the server's rule; it answers 409 otherwise). */
const addressCanChange = (order: ApiOrder) => {
  const open = order.items.filter((i) => i.status !== 'cancelled');
  return open.length > 0 && open.every((i) => i.status === 'pending' || i.status === 'awaiting_payment');
};

/**
 * /orders/:orderId: one order with each item's status and its Cancel while pending, where it ships
 * (changeable until something ships), what it cost with its GST, and the sellers' tax invoices
 * (and credit notes) to download once issued.
 */
export default function OrderPage() {
  const i18n = useI18n();
  const { orderId = '' } = useParams();
  const { role } = useSession();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: orderKeys.one(orderId),
    queryFn: () => fetchOrder(orderId),
    enabled: role === 'user',
  });
  const cancel = useCancelItem();
  const readdress = useMutation({
    mutationFn: (address: Parameters<typeof changeOrderAddress>[1]) => changeOrderAddress(orderId, address),
    onSuccess: (res) => {
      qc.setQueryData(orderKeys.one(orderId), res.order);
      toast.success(i18n._('Address Saved'));
      setEditing(false);
    },
    onError: (err) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });

  if (role !== 'user') return <Navigate to="/login" replace />;
  if (q.isPending) return <Spinner label={i18n._('Loading your order')} />;
  if (q.isError) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    if (!missing) return <QueryError error={q.error} onRetry={() => q.refetch()} />;
    return (
      <section className="page narrow">
        <div className="empty" role="alert">
          <h1>{i18n._('Order not found')}</h1>
          <p>{i18n._('This order is not one of yours, or the link is incomplete.')}</p>
          <Link to="/my-orders" className="btn btn-primary">
            {i18n._('My Orders')}
          </Link>
        </div>
      </section>
    );
  }
  const order = q.data;
  const address = {
    address: order.address,
    city: order.city,
    state: order.state,
    postalCode: order.postalCode,
  };
  return (
    <section className="page orders-view order-page">
      <p>
        <Link to="/my-orders">{i18n._('← My Orders')}</Link>
      </p>
      <OrderHeader
        order={{ ...order, createdAt: order.date }}
        title={
          <h1>
            {i18n._('Order')} {order.number}
          </h1>
        }
      />

      <div className="order-page-grid">
        <div className="order-main">
          {awaitsCodConfirmation(order) && <CodConfirmPanel order={order} />}
          <OrderShipments order={order} />
          <div className="card">
            <h2>{i18n._('Items')}</h2>
            <ul className="order-lines">
              {order.items.map((line) => (
                <OrderItemRow
                  key={line._id}
                  line={line}
                  cancelling={cancel.isPending}
                  onCancel={(id) => cancel.mutate(id)}
                />
              ))}
            </ul>
          </div>
        </div>

        <div className="order-side">
          <div className="card">
            <h2>{i18n._('Shipping address')}</h2>
            <p data-testid="order-address">
              {[order.address, order.city, order.state, order.postalCode].join(', ')}
            </p>
            {addressCanChange(order) && (
              <button
                type="button"
                className="btn btn-sm"
                aria-expanded={editing}
                onClick={() => setEditing(!editing)}
              >
                {i18n._('Change address')}
              </button>
            )}
            {editing && (
              <AddressForm
                idPrefix="order-address"
                initial={address}
                submitLabel={i18n._('Save address')}
                busy={readdress.isPending}
                onSubmit={(a) => readdress.mutate(a)}
              />
            )}
          </div>

          <div className="card order-summary">
            <h2>{i18n._('Payment')}</h2>
            {order.discount > 0 && (
              <dl className="order-discount">
                <dt>
                  {order.couponCode
                    ? i18n._('Coupon discount ({code})', { code: order.couponCode })
                    : i18n._('Coupon discount')}
                </dt>
                <dd data-testid="order-discount">−{formatRupees(order.discount, i18n.locale)}</dd>
              </dl>
            )}
            <TaxTotals totals={order} taxableLabel={/*i18n*/ 'Subtotal'} />
            <TaxDocumentButtons documents={taxDocumentsOf(order.items)} as="user" />
          </div>
        </div>
      </div>
    </section>
  );
}
