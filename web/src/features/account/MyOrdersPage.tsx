import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { AddressForm } from '../../components/AddressForm.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { imageProps } from '../../lib/images.ts';
import { productPath } from '../../lib/product-link.ts';
import { keys } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import type { OrderItem } from '../../lib/types.ts';
import { cancelOrderItem, changeOrderAddress, fetchMyOrders } from './api.ts';
import './account.css';

const STATUS: Record<string, { label: string; tone: string }> = {
  awaiting_payment: { label: 'Awaiting payment', tone: 'pill-warn' },
  pending: { label: 'Pending', tone: 'pill-warn' },
  shipped: { label: 'Shipped', tone: '' },
  delivered: { label: 'Delivered', tone: 'pill-ok' },
  cancelled: { label: 'Cancelled', tone: 'pill-bad' },
};
const PAYMENT: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  cod_due: 'Pay on delivery',
  refunded: 'Refunded',
  failed: 'Payment failed',
};

/** Items that can still change: not shipped, delivered or cancelled. */
const isOpen = (o: OrderItem) => !o.status || o.status === 'pending' || o.status === 'awaiting_payment';

/** /my-orders: every ordered item, newest first, with status, Cancel and Edit Address while pending. */
export default function MyOrdersPage() {
  const { role } = useSession();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const q = useQuery({ queryKey: keys.orders, queryFn: fetchMyOrders, enabled: role === 'user' });
  const refresh = () => qc.invalidateQueries({ queryKey: keys.orders });
  const cancel = useMutation({
    mutationFn: cancelOrderItem,
    onSuccess: () => toast.success('One Order Cancelled'),
    onError: (err) => toast.error(err.message),
    onSettled: refresh,
  });
  const readdress = useMutation({
    mutationFn: ({
      orderId,
      address,
    }: {
      orderId: string;
      address: Parameters<typeof changeOrderAddress>[1];
    }) => changeOrderAddress(orderId, address),
    onSuccess: () => {
      toast.success('Address Saved');
      setEditing(null);
    },
    onError: (err) => toast.error(err.message),
    onSettled: refresh,
  });

  if (role !== 'user') return <Navigate to="/login" replace />;
  if (q.isPending) return <Spinner label="Loading your orders" />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} />;
  const orders = q.data;
  return (
    <section className="page">
      <div className="page-head">
        <h1>My Orders</h1>
        <p className="muted" data-testid="orders-count">
          {orders.length} {orders.length === 1 ? 'order' : 'orders'}
        </p>
      </div>
      {orders.length === 0 ? (
        <div className="empty">
          <p>No Orders</p>
          <Link to="/allProducts" className="btn btn-primary">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="orders">
          {orders.map((o) => {
            const p = o.product[0];
            const status = STATUS[o.status ?? 'pending'] ?? { label: o.status ?? '', tone: '' };
            const open = isOpen(o);
            return (
              <li key={o._id} className="card order-item" data-testid="order-item">
                <img
                  {...imageProps(p?.image ?? '', '110px')}
                  alt={p?.productName ?? 'Product'}
                  width={110}
                  height={138}
                  loading="lazy"
                />
                <div>
                  <h2>{p ? <Link to={productPath(p._id)}>{p.productName}</Link> : 'Product'}</h2>
                  <p className="order-meta">
                    <span className={`pill ${status.tone}`}>{status.label}</span>
                    {o.paymentStatus && <span>{PAYMENT[o.paymentStatus] ?? o.paymentStatus}</span>}
                    {o.paymentMethod && (
                      <span>{o.paymentMethod === 'COD' ? 'Cash On Delivery' : 'Card'}</span>
                    )}
                  </p>
                  <p className="order-meta">
                    <span>Qty: {o.quantity}</span>
                    <strong>{formatRupees(o.amount)}</strong>
                    <span>Ordered {formatDate(o.date)}</span>
                    <span className="muted">Order #{(o.orderId ?? o._id).slice(0, 8)}</span>
                  </p>
                  <p className="order-meta muted">
                    Ship to: {[o.address, o.city, o.state, o.postalCode].filter(Boolean).join(', ')}
                  </p>
                </div>
                {open && (
                  <div className="order-actions">
                    <button
                      type="button"
                      className="btn btn-sm btn-danger"
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate(o._id)}
                    >
                      Cancel
                    </button>
                    {o.orderId && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        aria-expanded={editing === o._id}
                        onClick={() => setEditing(editing === o._id ? null : o._id)}
                      >
                        Edit Address
                      </button>
                    )}
                  </div>
                )}
                {editing === o._id && o.orderId && (
                  <div className="order-edit">
                    <AddressForm
                      idPrefix={`order-${o._id}`}
                      initial={{
                        address: o.address ?? '',
                        city: o.city ?? '',
                        state: o.state ?? '',
                        postalCode: o.postalCode ?? '',
                      }}
                      submitLabel="Save address"
                      busy={readdress.isPending}
                      onSubmit={(address) => readdress.mutate({ orderId: o.orderId!, address })}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
