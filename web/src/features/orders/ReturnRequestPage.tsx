import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { returnWindowEnd } from '@vastra/contracts/constants';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { formatDay, formatRupees } from '../../lib/format.ts';
import { imageProps } from '../../lib/images.ts';
import { requestReturn, returnKeys, returnState, useReturns } from '../../lib/returns.ts';
import { Link, Navigate, useNavigate, useParams } from '../../lib/router.tsx';
import { useSiteInfo } from '../../lib/site.ts';
import { toast } from '../../lib/toast.ts';
import { variantLabel } from '../../lib/variant-label.ts';
import { fetchOrder, orderKeys } from './api.ts';
import { ReturnForm } from './ReturnForm.tsx';
import './orders.css';
import './returns.css';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * /orders/:orderId/return/:itemId: return or exchange a delivered item while its window is open.
 * Shows the day the window closes, the item's earlier returns and how many units may still go back.
 */
export default function ReturnRequestPage() {
  const i18n = useI18n();
  const { orderId = '', itemId = '' } = useParams();
  const { role } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const order = useQuery({
    queryKey: orderKeys.one(orderId),
    queryFn: () => fetchOrder(orderId),
    enabled: role === 'user',
  });
  const earlier = useReturns('user', { itemId }, role === 'user');
  const site = useSiteInfo();
  const send = useMutation({
    mutationFn: (body: Parameters<typeof requestReturn>[1]) => requestReturn(itemId, body),
    onSuccess: (res) => {
      toast.success(
        res.return.kind === 'exchange' ? i18n._('Exchange requested') : i18n._('Return requested'),
      );
      void qc.invalidateQueries({ queryKey: returnKeys.all });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      navigate('/my-returns');
    },
  });

  if (role !== 'user') return <Navigate to="/login" replace />;
  if (order.isPending || earlier.isPending || site.isPending)
    return <Spinner label={i18n._('Loading your order')} />;
  if (order.isError) return <QueryError error={order.error} onRetry={() => order.refetch()} />;
  if (earlier.isError) return <QueryError error={earlier.error} onRetry={() => earlier.refetch()} />;
  const line = order.data.items.find((i) => i._id === itemId);
  const back = (
    <p>
      <Link to={`/orders/${orderId}`}>
        {i18n._('← Order')} {order.data.number}
      </Link>
    </p>
  );
  if (!line) {
    return (
      <section className="page narrow">
        {back}
        <div className="empty" role="alert">
          <h1>{i18n._('Item not found')}</h1>
          <p>{i18n._('This item is not part of the order.')}</p>
        </div>
      </section>
    );
  }
  const product = line.product[0];
  const used = earlier.data.returns
    .filter((r) => r.status !== 'rejected')
    .reduce((n, r) => n + r.quantity, 0);
  const unitsLeft = line.quantity - used;
  const ends =
    line.deliveredAt && site.data ? returnWindowEnd(line.deliveredAt, site.data.returnWindowDays) : null;
  const open = line.status === 'delivered' && ends !== null && Date.now() <= ends.getTime();
  const choice = variantLabel(line.size, line.color, i18n);

  return (
    <section className="page narrow return-page">
      {back}
      <h1>{i18n._('Return or exchange')}</h1>
      <div className="card return-item">
        {product && <img {...imageProps(product.image, '80px')} alt="" width={80} height={100} />}
        <div>
          <h2>{product?.productName}</h2>
          {choice && <p className="variant-choice">{choice}</p>}
          <p className="muted">
            {i18n._('Bought')} {line.quantity} · {formatRupees(line.amount, i18n.locale)}
          </p>
          {ends && (
            <p data-testid="return-by">
              {open ? i18n._('Return or exchange by ') : i18n._('The return window closed on ')}
              <strong>{formatDay(ends.toISOString(), i18n.locale)}</strong>
            </p>
          )}
        </div>
      </div>

      {earlier.data.returns.length > 0 && (
        <div className="card">
          <h2>{i18n._('Returns of this item')}</h2>
          <ul className="return-history">
            {earlier.data.returns.map((r) => (
              <li key={r._id}>
                <span className={`pill ${returnState(r).tone}`}>{i18n._(returnState(r).label)}</span>{' '}
                {r.quantity} · {r.kind === 'exchange' ? i18n._('exchange') : i18n._('refund')}{' '}
                {i18n._('· asked')} {formatDay(r.createdAt, i18n.locale)}
              </li>
            ))}
          </ul>
          <Link to="/my-returns">{i18n._('All my returns')}</Link>
        </div>
      )}

      {!open ? (
        <p className="card" role="status">
          {line.status === 'delivered'
            ? i18n._('This item can no longer be returned.')
            : i18n._('An item can be returned once it has been delivered.')}
        </p>
      ) : unitsLeft <= 0 ? (
        <p className="card" role="status">
          {i18n._('Every unit of this item is already in a return.')}{' '}
          <Link to="/my-returns">{i18n._('See My Returns')}</Link>
        </p>
      ) : (
        <div className="card">
          <ReturnForm
            line={line}
            unitsLeft={unitsLeft}
            cod={order.data.paymentMethod === 'COD'}
            busy={send.isPending}
            onSubmit={(body) => send.mutateAsync(body)}
          />
        </div>
      )}
    </section>
  );
}
