import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TaxDocumentButtons, taxDocumentsOf } from '../../components/TaxDocumentButtons.tsx';
import { useSession } from '../../lib/auth.ts';
import { Link, Navigate, useSearchParams } from '../../lib/router.tsx';
import { fetchOrders, ORDERS_PER_PAGE, orderKeys } from './api.ts';
import { OrderHeader } from './OrderHeader.tsx';
import { OrderItemRow } from './OrderItemRow.tsx';
import { useCancelItem } from './useCancelItem.ts';
import './orders.css';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * /my-orders: the shopper's orders as they think of them, one card per checkout (newest first) with
 * its number, date, total and payment, each item with its own status and Cancel while pending, and
 * the order's tax invoices and credit notes once issued.
 */
export default function MyOrdersPage() {
  const i18n = useI18n();
  const { role } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const q = useQuery({
    queryKey: orderKeys.page(page),
    queryFn: () => fetchOrders(page),
    enabled: role === 'user',
    placeholderData: keepPreviousData,
  });
  const cancel = useCancelItem();

  if (role !== 'user') return <Navigate to="/login" replace />;
  return (
    <QueryState query={q} loading={i18n._('Loading your orders')}>
      {(found) => {
        const { orders, total } = found;
        return (
          <section className="page orders-view">
            <div className="page-head">
              <h1>{i18n._('My Orders')}</h1>
              <p className="muted" data-testid="orders-count">
                {total} {total === 1 ? i18n._('order') : i18n._('orders')}
              </p>
            </div>
            {orders.length === 0 ? (
              <div className="empty">
                <p>{i18n._('No Orders')}</p>
                <Link to="/allProducts" className="btn btn-primary">
                  {i18n._('Start shopping')}
                </Link>
              </div>
            ) : (
              <ul className="orders">
                {orders.map((order) => (
                  <li key={order._id} className="card order-card" data-testid="order">
                    <OrderHeader
                      order={order}
                      title={
                        <h2>
                          <Link to={`/orders/${order._id}`}>
                            {i18n._('Order')} {order.number}
                          </Link>
                        </h2>
                      }
                    />
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
                    <div className="order-card-foot">
                      <Link to={`/orders/${order._id}`} className="btn btn-sm">
                        {i18n._('Order details')}
                      </Link>
                      <TaxDocumentButtons documents={taxDocumentsOf(order.items)} as="user" />
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={page}
              pages={Math.ceil(total / ORDERS_PER_PAGE)}
              onPage={(p) => setParams(p === 1 ? {} : { page: String(p) })}
            />
          </section>
        );
      }}
    </QueryState>
  );
}
