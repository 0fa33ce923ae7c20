import { QueryState } from '../../components/QueryState.tsx';
import { formatRupees } from '../../lib/format.ts';
import { useReturns } from '../../lib/returns.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import { STATS_DAYS, type StatsDays, useAdminList, useAdminStats } from './api.ts';
import { usePayoutsDue } from './money-api.ts';
import './admin.css';
import { useI18n } from '../../lib/i18n.tsx';

const count = new Intl.NumberFormat('en-IN');

/**
 * /dashboard: marketplace counts, each with a 'view' link to its list, and the money received,
 * commission kept and what the platform's coupons cost over the last 7, 30 or 90 days (`?days=`).
 */
export default function DashboardPage() {
  return (
    <AdminOnly>
      <Dashboard />
    </AdminOnly>
  );
}

function Dashboard() {
  const i18n = useI18n();
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
        <h1>{i18n._('Dashboard')}</h1>
        <div className="row">
          <PeriodSwitch days={days} onChange={(d) => setParams(d === 30 ? {} : { days: String(d) })} />
          <Link to="/dashboard/sale-events" className="btn btn-sm">
            {i18n._('Sale events')}
          </Link>
          <Link to="/dashboard/coupons" className="btn btn-sm">
            {i18n._('Coupons')}
          </Link>
          <Link to="/dashboard/audit-log" className="btn btn-sm">
            {i18n._('Audit log')}
          </Link>
        </div>
      </div>
      <QueryState query={stats} loading={i18n._('Loading the dashboard')} LoadError={AdminLoadError}>
        {(s) => (
          <ul className="stat-grid">
            <Stat
              label={i18n._('Sellers')}
              value={count.format(s.sellers)}
              note={s.suspendedSellers ? `${s.suspendedSellers} suspended` : undefined}
              to="/dashboard/sellers"
            />
            <Stat label={i18n._('Users')} value={count.format(s.users)} to="/dashboard/users" />
            <Stat label={i18n._('Products')} value={count.format(s.products)} to="/dashboard/products" />
            <Stat label={i18n._('Orders')} value={count.format(s.orders)} to="/dashboard/orders" />
            <Stat
              label={`Revenue (last ${days} days)`}
              value={formatRupees(s.period.revenue, i18n.locale)}
              note={i18n._('Paid and collected, GST excluded')}
              to="/dashboard/orders"
              wide
            />
            <Stat
              label={`Commission (last ${days} days)`}
              value={formatRupees(s.period.commission, i18n.locale)}
              note={i18n._('Kept on deliveries, less returns')}
              to="/dashboard/payouts"
              wide
            />
            <Stat
              label={`Coupons paid by Vastra (last ${days} days)`}
              value={formatRupees(s.period.platformDiscount, i18n.locale)}
              note={i18n._('Added to the sellers’ sales, less returns')}
              to="/dashboard/payouts"
              wide
            />
            {s.period.platformFees !== 0 && (
              // Issue 37: the shipping and COD fees are the platform's (setting feesTo 'platform').
              <Stat
                label={`Shipping charges kept (last ${days} days)`}
                value={formatRupees(s.period.platformFees, i18n.locale)}
                note={i18n._('Shipping and COD fees, GST excluded, less refunds')}
                to="/dashboard/payouts"
                wide
              />
            )}
            <Stat
              label={i18n._('Payouts due')}
              value={payable === undefined ? '…' : formatRupees(payable / 100, i18n.locale)}
              note={
                !due.data
                  ? undefined
                  : due.data.length === 0
                    ? i18n._('no seller to pay now')
                    : `payable now to ${due.data.length === 1 ? '1 seller' : `${due.data.length} sellers`}`
              }
              to="/dashboard/payouts"
              wide
            />
            <Stat
              label={i18n._('Returns')}
              value={open === undefined ? '…' : count.format(open)}
              note={i18n._('open: to decide or to receive')}
              to="/dashboard/returns"
            />
            <Stat
              label={i18n._('Contact messages')}
              value={messages.data ? count.format(messages.data.total) : '…'}
              to="/dashboard/messages"
              wide
            />
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** Which window the money figures cover. */
function PeriodSwitch({ days, onChange }: { days: StatsDays; onChange: (d: StatsDays) => void }) {
  const i18n = useI18n();
  return (
    <fieldset className="period-switch" aria-label={i18n._('Money over the last')}>
      {STATS_DAYS.map((d) => (
        <button
          key={d}
          type="button"
          className="btn btn-sm"
          aria-pressed={d === days}
          onClick={() => onChange(d)}
        >
          {d} {i18n._('days')}
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
  const i18n = useI18n();
  const id = `stat-${label.split(' ')[0]?.toLowerCase()}`;
  return (
    <li className={`card stat ${wide ? 'stat-wide' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <p className="stat-value" data-testid={id}>
        {value}
      </p>
      {note && <p className="muted stat-note">{note}</p>}
      <Link to={to} className="btn btn-sm" aria-label={i18n._('View {what}', { what: label.toLowerCase() })}>
        {i18n._('view')}
      </Link>
    </li>
  );
}
