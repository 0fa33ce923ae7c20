import { Pagination } from '../../components/Pagination.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { ReturnSummary } from '../../components/ReturnSummary.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { RETURNS_PER_PAGE, useReturns } from '../../lib/returns.ts';
import { Link, Navigate, useSearchParams } from '../../lib/router.tsx';

/**
 * /my-returns: the shopper's returns and exchanges, newest first, each with where it stands: the
 * seller's decision and its date, the pickup, the refund (and where a COD refund is paid), the
 * exchange on its way, and the credit note once issued.
 */
export default function MyReturnsPage() {
  const i18n = useI18n();
  const { role } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useReturns('user', { page }, role === 'user');

  if (role !== 'user') return <Navigate to="/login" replace />;
  if (list.isPending) return <Spinner label={i18n._('Loading your returns')} />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => list.refetch()} />;
  const { returns, total } = list.data;
  return (
    <section className="page returns-page">
      <div className="page-head">
        <h1>{i18n._('My Returns')}</h1>
        <p className="muted">{total === 1 ? i18n._('1 return') : `${total} returns`}</p>
      </div>
      {returns.length === 0 ? (
        <div className="empty">
          <p>{i18n._('No returns yet. A delivered item can be returned or exchanged from My Orders.')}</p>
          <Link to="/my-orders" className="btn btn-primary">
            {i18n._('My Orders')}
          </Link>
        </div>
      ) : (
        <ul className="returns-list">
          {returns.map((r) => (
            <ReturnSummary key={r._id} r={r} as="user">
              <Link to={`/orders/${r.orderId}`} className="btn btn-sm">
                {i18n._('Order details')}
              </Link>
            </ReturnSummary>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={Math.ceil(total / RETURNS_PER_PAGE)}
        onPage={(p) => setParams(p === 1 ? {} : { page: String(p) })}
      />
    </section>
  );
}
