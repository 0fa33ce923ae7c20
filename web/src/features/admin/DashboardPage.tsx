import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { formatRupees } from '../../lib/format.ts';
import { useReturns } from '../../lib/returns.ts';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import { STATS_DAYS, type StatsDays, useAdminList, useAdminStats } from './api.ts';
import { usePayoutsDue } from './money-api.ts';
import './admin.css';

const count = new Intl.NumberFormat('en-IN');

/**
 * /dashboard: marketplace counts, each with a 'view' link to its list, and the money received and
 * commission kept over the last 7, 30 or 90 days (`?days=`).
 */
export default function DashboardPage() {
  return (
    <AdminOnly>
      <Dashboard />
    </AdminOnly>
  );
}

function Dashboard() {
  const [params, setParams] = useSearchParams();
  const days = STATS_DAYS.find((d) => String(d) === params.get('days')) ?? 30;
  const stats = useAdminStats(days);
  const due = usePayoutsDue();
  const payable = due.data?.reduce((sum, s) => sum + Math.round(s.payable * 100), 0);
  // The messages list's total is the count; its first page is cached for the 'view' link.
  const messages = useAdminList('messages', '', 1);
  const returns = useReturns('admin', {});
  const open = returns.data ? returns.data.counts.requested + returns.data.counts.approved : undefined;
  return (
    <section className="page admin-page">
      <div className="page-head">
        <h1>Dashboard</h1>
        <div className="row">
          <PeriodSwitch days={days} onChange={(d) => setParams(d === 30 ? {} : { days: String(d) })} />
          <Link to="/dashboard/audit-log" className="btn btn-sm">
            Audit log
          </Link>
        </div>
      </div>
      {stats.isPending ? (
        <Spinner label="Loading the dashboard" />
      ) : stats.error ? (
        <AdminLoadError error={stats.error} onRetry={() => stats.refetch()} />
      ) : (
        <ul className="stat-grid">
          <Stat
            label="Sellers"
            value={count.format(stats.data.sellers)}
            note={stats.data.suspendedSellers ? `${stats.data.suspendedSellers} suspended` : undefined}
            to="/dashboard/sellers"
          />
          <Stat label="Users" value={count.format(stats.data.users)} to="/dashboard/users" />
          <Stat label="Products" value={count.format(stats.data.products)} to="/dashboard/products" />
          <Stat label="Orders" value={count.format(stats.data.orders)} to="/dashboard/orders" />
          <Stat
            label={`Revenue (last ${days} days)`}
            value={formatRupees(stats.data.period.revenue)}
            note="Paid and collected, GST excluded"
            to="/dashboard/orders"
            wide
          />
          <Stat
            label={`Commission (last ${days} days)`}
            value={formatRupees(stats.data.period.commission)}
            note="Kept on deliveries, less returns"
            to="/dashboard/payouts"
            wide
          />
          <Stat
            label="Payouts due"
            value={payable === undefined ? '…' : formatRupees(payable / 100)}
            note={
              !due.data
                ? undefined
                : due.data.length === 0
                  ? 'no seller to pay now'
                  : `payable now to ${due.data.length === 1 ? '1 seller' : `${due.data.length} sellers`}`
            }
            to="/dashboard/payouts"
            wide
          />
          <Stat
            label="Returns"
            value={open === undefined ? '…' : count.format(open)}
            note="open: to decide or to receive"
            to="/dashboard/returns"
          />
          <Stat
            label="Contact messages"
            value={messages.data ? count.format(messages.data.total) : '…'}
            to="/dashboard/messages"
            wide
          />
        </ul>
      )}
    </section>
  );
}

/** Which window the money figures cover. */
function PeriodSwitch({ days, onChange }: { days: StatsDays; onChange: (d: StatsDays) => void }) {
  return (
    <fieldset className="period-switch" aria-label="Money over the last">
      {STATS_DAYS.map((d) => (
        <button
          key={d}
          type="button"
          className="btn btn-sm"
          aria-pressed={d === days}
          onClick={() => onChange(d)}
        >
          {d} days
        </button>
      ))}
    </fieldset>
  );
}

function Stat({
  label,
  value,
  note,
  to,
  wide = false,
}: {
  label: string;
  value: string;
  note?: string;
  to: string;
  /** Takes a whole row where columns are narrow (phones). */
  wide?: boolean;
}) {
  const id = `stat-${label.split(' ')[0]?.toLowerCase()}`;
  return (
    <li className={`card stat ${wide ? 'stat-wide' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <p className="stat-value" data-testid={id}>
        {value}
      </p>
      {note && <p className="muted stat-note">{note}</p>}
      <Link to={to} className="btn btn-sm" aria-label={`View ${label.toLowerCase()}`}>
        view
      </Link>
    </li>
  );
}
