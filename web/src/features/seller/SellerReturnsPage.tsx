import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RETURN_STATUSES, type ReturnStatus } from '@vastra/contracts/constants';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { ReturnSummary } from '../../components/ReturnSummary.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { moveReturn, RETURNS_PER_PAGE, returnKeys, useReturns } from '../../lib/returns.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { type ReturnMove, SellerReturnActions } from './SellerReturnActions.tsx';
import { SellerOnly } from './session.tsx';
import './seller.css';
import { useI18n } from '../../lib/i18n.tsx';

/** The queue's tabs: what needs the seller first. */
const TABS: { status: ReturnStatus | ''; label: string }[] = [
  { status: 'requested', label: /*i18n*/ 'To decide' },
  { status: 'approved', label: /*i18n*/ 'Awaiting parcel' },
  { status: '', label: /*i18n*/ 'All' },
];

const DONE: Record<ReturnMove['move'], string> = {
  approve: /*i18n*/ 'Return approved',
  reject: /*i18n*/ 'Return rejected',
  receive: /*i18n*/ 'Return received',
};

/**
 * /seller-returns: returns of the seller's items, the ones to decide first. Approve (with the
 * pickup), reject with a reason, and mark the parcel received in good condition or not; the shop
 * restocks, refunds or ships the exchange when it is received.
 */
export default function SellerReturnsPage() {
  return (
    <SellerOnly>
      <SellerReturns />
    </SellerOnly>
  );
}

function SellerReturns() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const param = params.get('status') ?? 'requested';
  const status = (RETURN_STATUSES as readonly string[]).includes(param) ? (param as ReturnStatus) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useReturns('seller', { status, page });
  const qc = useQueryClient();
  const move = useMutation({
    mutationFn: ({ id, m }: { id: string; m: ReturnMove }) => moveReturn('seller', id, m.move, m.body),
    onSuccess: (res, { m }) => {
      const done = res.return;
      toast.success(
        m.move === 'receive' && done.status === 'refunded'
          ? i18n._('Return received: restocked and refunded')
          : m.move === 'receive' && done.status === 'exchanged'
            ? i18n._('Return received: ship the new size from your orders')
            : DONE[m.move],
      );
    },
    onError: (err) => {
      // A refused form shows its errors beside its fields (SellerReturnActions).
      if (!(err instanceof ApiError && err.status === 400)) toast.error(err.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: returnKeys.all }),
  });

  const counts = list.data?.counts;
  const countOf = (s: ReturnStatus | '') =>
    counts ? (s ? counts[s] : Object.values(counts).reduce((a, b) => a + b, 0)) : undefined;
  return (
    <section className="page seller-page">
      <div className="page-head">
        <h1>{i18n._('Returns')}</h1>
      </div>
      <nav className="return-tabs" aria-label={i18n._('Returns by state')}>
        {TABS.map((t) => (
          <button
            key={t.label}
            type="button"
            className="btn btn-sm"
            aria-current={t.status === status ? 'true' : undefined}
            onClick={() => setParams({ status: t.status || 'all' })}
          >
            {t.label}
            {countOf(t.status) !== undefined && (
              <>
                {' '}
                <span className="badge">{countOf(t.status)}</span>
              </>
            )}
          </button>
        ))}
      </nav>
      {list.isPending ? (
        <Spinner label={i18n._('Loading returns')} />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.returns.length === 0 ? (
        <p className="card center">{i18n._('No returns here.')}</p>
      ) : (
        <ul className="returns-list">
          {list.data.returns.map((r) => (
            <ReturnSummary
              key={r._id}
              r={r}
              as="seller"
              who={
                <div>
                  <dt>{i18n._('Customer')}</dt>
                  <dd>{r.customerName}</dd>
                </div>
              }
            >
              <SellerReturnActions
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
        onPage={(p) => setParams({ status: status || 'all', page: String(p) })}
      />
    </section>
  );
}
