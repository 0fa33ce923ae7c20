import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { formatDay, formatRupees } from '../../lib/format.ts';
import { isMonth, monthOf, previousMonth } from '../../lib/months.ts';
import { toast } from '../../lib/toast.ts';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import { CommissionsPanel } from './CommissionsPanel.tsx';
import { type DueSeller, downloadTcsReport, usePayouts, usePayoutsDue } from './money-api.ts';
import { PayoutCard } from './PayoutCard.tsx';
import './admin.css';
import './money.css';

/**
 * /dashboard/payouts: the money desk. Sellers with money payable now, each with a form recording
 * the transfer made to them; the month's TCS report for GSTR-8; commission rates; past payouts.
 */
export default function AdminPayoutsPage() {
  return (
    <AdminOnly>
      <Payouts />
    </AdminOnly>
  );
}

function Payouts() {
  const due = usePayoutsDue();
  const history = usePayouts();
  const names = new Map<string, string>([
    ...(history.data ?? []).map((p) => [p.sellerId, p.companyName] as const),
    ...(due.data ?? []).map((s) => [s.sellerId, s.companyName] as const),
  ]);
  return (
    <section className="page admin-page payouts-page">
      <nav aria-label="Breadcrumb" className="muted admin-crumbs">
        <Link to="/dashboard">Dashboard</Link> / Payouts
      </nav>
      <div className="page-head">
        <h1>Payouts</h1>
      </div>
      <div className="money-grid">
        <div className="money-main">
          <section aria-labelledby="due-title">
            <h2 id="due-title">To pay</h2>
            {due.isPending ? (
              <Spinner label="Loading the sellers to pay" />
            ) : due.error ? (
              <AdminLoadError error={due.error} onRetry={() => due.refetch()} />
            ) : (
              <DueList sellers={due.data} />
            )}
          </section>
          <section aria-labelledby="history-title">
            <h2 id="history-title">Payout history</h2>
            {history.isPending ? (
              <Spinner label="Loading past payouts" />
            ) : history.error ? (
              <AdminLoadError error={history.error} onRetry={() => history.refetch()} />
            ) : history.data.length === 0 ? (
              <p className="card center">No payout recorded yet.</p>
            ) : (
              <div className="table-wrap">
                <table className="data-table">
                  <caption className="visually-hidden">Payouts, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Seller</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Reference</th>
                    </tr>
                  </thead>
                  <tbody>
                    {history.data.map((p) => (
                      <tr key={p._id}>
                        <td data-label="Date" className="cell-nowrap">
                          {formatDay(p.date)}
                        </td>
                        <td data-label="Seller" className="cell-name">
                          {p.companyName}
                        </td>
                        <td data-label="Amount" className="cell-nowrap">
                          {formatRupees(p.amount)}
                        </td>
                        <td data-label="Reference" className="mono">
                          {p.reference}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
        <div className="money-side">
          <TcsReport />
          <CommissionsPanel sellerNames={names} />
        </div>
      </div>
    </section>
  );
}

function DueList({ sellers }: { sellers: DueSeller[] }) {
  if (sellers.length === 0) {
    return (
      <p className="card center">
        No seller has money payable now. A delivered item’s money becomes payable once its return window has
        passed.
      </p>
    );
  }
  return (
    <ul className="payout-list">
      {sellers.map((s) => (
        // A new balance (after a payout, or more money settling) starts a fresh form prefilled with it.
        <PayoutCard key={`${s.sellerId}-${s.payable}`} seller={s} />
      ))}
    </ul>
  );
}

/** The TCS collected in a month, per seller GSTIN, in the columns of the GSTR-8 return. */
function TcsReport() {
  // The return is filed for the month just ended.
  const [month, setMonth] = useState(() => previousMonth(monthOf(new Date())));
  const download = useMutation({
    mutationFn: downloadTcsReport,
    onSuccess: (name) => toast.success(`TCS report saved as ${name}`),
    onError: (err) => toast.error(err.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isMonth(month)) download.mutate(month);
  };
  return (
    <section className="card money-panel" aria-labelledby="tcs-title">
      <h2 id="tcs-title">TCS report</h2>
      <p className="muted">
        Tax collected at source (section 52, CGST Act) per seller GSTIN, in the columns of GSTR-8.
      </p>
      <form className="tcs-form" onSubmit={submit} aria-label="Download the TCS report">
        <div className="field">
          <label htmlFor="tcs-month">Month</label>
          <input
            id="tcs-month"
            type="month"
            required
            max={monthOf(new Date())}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!isMonth(month) || download.isPending}>
          {download.isPending ? 'Preparing…' : 'Download CSV'}
        </button>
      </form>
    </section>
  );
}
