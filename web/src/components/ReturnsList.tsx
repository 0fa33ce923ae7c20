import { RETURN_STATUSES, type ReturnStatus } from '@vastra/contracts/constants';
import type { ReactNode } from 'react';
import type { Role } from '../lib/auth.ts';
import { useI18n } from '../lib/i18n.tsx';
import { RETURNS_PER_PAGE, useReturns } from '../lib/returns.ts';
import { Link, useSearchParams } from '../lib/router.tsx';
import { Pagination } from './Pagination.tsx';
import { type LoadErrorView, QueryState } from './QueryState.tsx';
import { ReturnActions } from './ReturnActions.tsx';
import { ReturnSummary } from './ReturnSummary.tsx';
import './return-summary.css';

/** A tab of the list: a state, or '' for every state. */
interface Tab {
  status: ReturnStatus | '';
  label: string;
  /** Leaves out the tab's count (the admin's All: its total is under the title). */
  uncounted?: boolean;
}

/** What differs between the shopper's, the seller's and the admin's list. */
interface ReturnsListRole {
  title: string;
  /** What the spinner says while the list loads. */
  loading: string;
  /** The tab opened without ?status (none: the list has no tabs). */
  firstTab?: ReturnStatus | '';
  tabs: Tab[];
  /** Shows how many returns the list holds under its title. */
  count: boolean;
  back?: { to: string; label: string };
}

const LISTS: Record<Role, ReturnsListRole> = {
  user: { title: /*i18n*/ 'My Returns', loading: /*i18n*/ 'Loading your returns', tabs: [], count: true },
  // What needs the seller first.
  seller: {
    title: /*i18n*/ 'Returns',
    loading: /*i18n*/ 'Loading returns',
    firstTab: 'requested',
    tabs: [
      { status: 'requested', label: /*i18n*/ 'To decide' },
      { status: 'approved', label: /*i18n*/ 'Awaiting parcel' },
      { status: '', label: /*i18n*/ 'All' },
    ],
    count: false,
  },
  // Every state (a parcel received is a return closed as not acceptable).
  admin: {
    title: /*i18n*/ 'Returns',
    loading: /*i18n*/ 'Loading returns',
    firstTab: '',
    tabs: [
      { status: '', label: /*i18n*/ 'All', uncounted: true },
      { status: 'requested', label: /*i18n*/ 'Requested' },
      { status: 'approved', label: /*i18n*/ 'Approved' },
      { status: 'rejected', label: /*i18n*/ 'Rejected' },
      { status: 'received', label: /*i18n*/ 'Not accepted' },
      { status: 'refunded', label: /*i18n*/ 'Refunded' },
      { status: 'exchanged', label: /*i18n*/ 'Exchanged' },
    ],
    count: true,
    back: { to: '/dashboard', label: /*i18n*/ '← Dashboard' },
  },
};

/**
 * /my-returns, /seller-returns and /dashboard/returns: returns newest first, each with where it
 * stands and what the viewer may do with it (ReturnActions), by state for the seller and the admin.
 * The page number and the state are in the URL.
 */
export function ReturnsList({
  as: role,
  LoadError,
  empty,
}: {
  /** Whose list: the shopper's, the seller's or the admin's. */
  as: Role;
  LoadError?: LoadErrorView;
  /** What an empty list says. */
  empty: ReactNode;
}) {
  const i18n = useI18n();
  const list = LISTS[role];
  const [params, setParams] = useSearchParams();
  const param = params.get('status') ?? list.firstTab ?? '';
  const status = (RETURN_STATUSES as readonly string[]).includes(param) ? (param as ReturnStatus) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const returns = useReturns(role, list.tabs.length ? { status, page } : { page });
  /** The URL of a tab and page: the first tab and page 1 need no parameter. */
  const go = (tab: ReturnStatus | '', p = 1) => {
    const next: Record<string, string> = {};
    if (tab !== (list.firstTab ?? '')) next.status = tab || 'all';
    if (p > 1) next.page = String(p);
    setParams(next);
  };
  const counts = returns.data?.counts;
  const countOf = (s: ReturnStatus | '') =>
    counts ? (s ? counts[s] : Object.values(counts).reduce((a, b) => a + b, 0)) : undefined;
  const total = returns.data?.total;
  return (
    <section className="page returns-page">
      {list.back && (
        <p>
          <Link to={list.back.to}>{i18n._(list.back.label)}</Link>
        </p>
      )}
      <div className="page-head">
        <h1>{i18n._(list.title)}</h1>
        {list.count && total !== undefined && (
          <p className="muted">
            {total === 1 ? i18n._('1 return') : i18n._('{count} returns', { count: total })}
          </p>
        )}
      </div>
      {list.tabs.length > 0 && (
        <nav className="return-tabs" aria-label={i18n._('Returns by state')}>
          {list.tabs.map((t) => (
            <button
              key={t.label}
              type="button"
              className="btn btn-sm"
              aria-current={t.status === status ? 'true' : undefined}
              onClick={() => go(t.status)}
            >
              {i18n._(t.label)}
              {countOf(t.status) !== undefined && !t.uncounted && (
                <>
                  {' '}
                  <span className="badge">{countOf(t.status)}</span>
                </>
              )}
            </button>
          ))}
        </nav>
      )}
      <QueryState
        query={returns}
        loading={i18n._(list.loading)}
        LoadError={LoadError}
        isEmpty={(found) => found.returns.length === 0}
        empty={empty}
      >
        {(found) => (
          <ul className="returns-list">
            {found.returns.map((r) => (
              <ReturnSummary key={r._id} r={r} as={role} who={<Who as={role} r={r} />}>
                <ReturnActions as={role} r={r} />
              </ReturnSummary>
            ))}
          </ul>
        )}
      </QueryState>
      <Pagination
        page={page}
        pages={Math.ceil((total ?? 0) / RETURNS_PER_PAGE)}
        onPage={(p) => go(status, p)}
      />
    </section>
  );
}

/** Who else the return concerns: the customer for the seller; the customer and the seller for the admin. */
function Who({ as: role, r }: { as: Role; r: { customerName: string; companyName: string } }) {
  const i18n = useI18n();
  if (role === 'user') return null;
  return (
    <>
      <div>
        <dt>{i18n._('Customer')}</dt>
        <dd>{r.customerName}</dd>
      </div>
      {role === 'admin' && (
        <div>
          <dt>{i18n._('Seller')}</dt>
          <dd>{r.companyName}</dd>
        </div>
      )}
    </>
  );
}
