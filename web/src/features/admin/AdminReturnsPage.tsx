import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RETURN_STATUSES, type ReturnStatus } from '@vastra/contracts/constants';
import { Pagination } from '../../components/Pagination.tsx';
import { ReturnSummary } from '../../components/ReturnSummary.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { moveReturn, RETURNS_PER_PAGE, returnKeys, useReturns } from '../../lib/returns.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import { type AdminMove, AdminReturnActions } from './AdminReturnActions.tsx';
import './admin.css';
import { useI18n } from '../../lib/i18n.tsx';

/** The list's tabs: every state (a parcel received is a return closed as not acceptable). */
const TAB_LABEL: Record<ReturnStatus, string> = {
  requested: /*i18n*/ 'Requested',
  approved: /*i18n*/ 'Approved',
  rejected: /*i18n*/ 'Rejected',
  received: /*i18n*/ 'Not accepted',
  refunded: /*i18n*/ 'Refunded',
  exchanged: /*i18n*/ 'Exchanged',
};

const DONE: Record<AdminMove['move'], string> = {
  approve: /*i18n*/ 'Return approved',
  reject: /*i18n*/ 'Return rejected',
  refund: /*i18n*/ 'Return refunded',
  'cod-refund-paid': /*i18n*/ 'Refund recorded as paid',
};

/**
 * /dashboard/returns: every return, newest first, by state. The admin decides requests sellers
 * left past RETURN_DECISION_DAYS, overrules rejections, refunds, and records COD refunds paid.
 */
export default function AdminReturnsPage() {
  return (
    <AdminOnly>
      <AdminReturns />
    </AdminOnly>
  );
}

function AdminReturns() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const param = params.get('status') ?? '';
  const status = (RETURN_STATUSES as readonly string[]).includes(param) ? (param as ReturnStatus) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useReturns('admin', { status, page });
  const qc = useQueryClient();
  const move = useMutation({
    mutationFn: ({ id, m }: { id: string; m: AdminMove }) =>
      moveReturn('admin', id, m.move, 'body' in m ? m.body : {}),
    onSuccess: (_res, { m }) => toast.success(DONE[m.move]),
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 400)) toast.error(err.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: returnKeys.all }),
  });
  const counts = list.data?.counts;
  const tabs: (ReturnStatus | '')[] = ['', ...RETURN_STATUSES];

  return (
    <section className="page admin-page">
      <p>
        <Link to="/dashboard">{i18n._('← Dashboard')}</Link>
      </p>
      <div className="page-head">
        <h1>{i18n._('Returns')}</h1>
        {list.data && (
          <p className="muted">{list.data.total === 1 ? i18n._('1 return') : `${list.data.total} returns`}</p>
        )}
      </div>
      <nav className="return-tabs" aria-label={i18n._('Returns by state')}>
        {tabs.map((t) => (
          <button
            key={t || 'all'}
            type="button"
            className="btn btn-sm"
            aria-current={t === status ? 'true' : undefined}
            onClick={() => setParams(t ? { status: t } : {})}
          >
            {t ? TAB_LABEL[t] : i18n._('All')}
            {t && counts && (
              <>
                {' '}
                <span className="badge">{counts[t]}</span>
              </>
            )}
          </button>
        ))}
      </nav>
      {list.isPending ? (
        <Spinner label={i18n._('Loading returns')} />
      ) : list.isError ? (
        <AdminLoadError error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.returns.length === 0 ? (
        <p className="card center">{i18n._('No returns here.')}</p>
      ) : (
        <ul className="returns-list">
          {list.data.returns.map((r) => (
            <ReturnSummary
              key={r._id}
              r={r}
              as="admin"
              who={
                <>
                  <div>
                    <dt>{i18n._('Customer')}</dt>
                    <dd>{r.customerName}</dd>
                  </div>
                  <div>
                    <dt>{i18n._('Seller')}</dt>
                    <dd>{r.companyName}</dd>
                  </div>
                </>
              }
            >
              <AdminReturnActions
                r={r}
                busy={move.isPending && move.variables?.id === r._id}
                onMove={(m) => move.mutateAsync({ id: r._id, m })}
              />
            </ReturnSummary>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={Math.ceil((list.data?.total ?? 0) / RETURNS_PER_PAGE)}
        onPage={(p) => setParams({ ...(status ? { status } : {}), page: String(p) })}
      />
    </section>
  );
}
