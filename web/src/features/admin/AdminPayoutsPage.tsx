import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { QueryState } from '../../components/QueryState.tsx';
import { formatDay, formatRupees } from '../../lib/format.ts';
import { isMonth, monthOf, previousMonth } from '../../lib/months.ts';
import { Link } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import { CommissionsPanel } from './CommissionsPanel.tsx';
import { type DueSeller, downloadTcsReport, usePayouts, usePayoutsDue } from './money-api.ts';
import { PayoutCard } from './PayoutCard.tsx';
import { RtoRatesPanel } from './RtoRatesPanel.tsx';
import { ShippingSettingsPanel } from './ShippingSettingsPanel.tsx';
import './admin.css';
import './money.css';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * /dashboard/payouts: the money desk. Sellers with money payable now, each with a form recording
 * the transfer made to them; the month's TCS report for GSTR-8; commission rates; shipping and COD
 * charges; returns to origin and COD holds; past payouts.
 */
export default function AdminPayoutsPage() {
  return (
    <AdminOnly>
      <Payouts />
    </AdminOnly>
  );
}

function Payouts() {
  const i18n = useI18n();
  const due = usePayoutsDue();
  const history = usePayouts();
  const names = new Map<string, string>([
    ...(history.data ?? []).map((p) => [p.sellerId, p.companyName] as const),
    ...(due.data ?? []).map((s) => [s.sellerId, s.companyName] as const),
  ]);
  return (
    <section className="page admin-page payouts-page">
      <nav aria-label={i18n._('Breadcrumb')} className="muted admin-crumbs">
        <Link to="/dashboard">{i18n._('Dashboard')}</Link> {i18n._('/ Payouts')}
      </nav>
      <div className="page-head">
        <h1>{i18n._('Payouts')}</h1>
      </div>
      <div className="money-grid">
        <div className="money-main">
          <section aria-labelledby="due-title">
            <h2 id="due-title">{i18n._('To pay')}</h2>
            <QueryState query={due} loading={i18n._('Loading the sellers to pay')} LoadError={AdminLoadError}>
              {(sellers) => <DueList sellers={sellers} />}
            </QueryState>
          </section>
          <section aria-labelledby="history-title">
            <h2 id="history-title">{i18n._('Payout history')}</h2>
            <QueryState
              query={history}
              loading={i18n._('Loading past payouts')}
              LoadError={AdminLoadError}
              isEmpty={(payouts) => payouts.length === 0}
              empty={<p className="card center">{i18n._('No payout recorded yet.')}</p>}
            >
              {(payouts) => (
                <div className="table-wrap">
                  <table className="data-table">
                    <caption className="visually-hidden">{i18n._('Payouts, newest first')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{i18n._('Date')}</th>
                        <th scope="col">{i18n._('Seller')}</th>
                        <th scope="col">{i18n._('Amount')}</th>
                        <th scope="col">{i18n._('Reference')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {payouts.map((p) => (
                        <tr key={p._id}>
                          <td data-label={i18n._('Date')} className="cell-nowrap">
                            {formatDay(p.date, i18n.locale)}
                          </td>
                          <td data-label={i18n._('Seller')} className="cell-name">
                            {p.companyName}
                          </td>
                          <td data-label={i18n._('Amount')} className="cell-nowrap">
                            {formatRupees(p.amount, i18n.locale)}
                          </td>
                          <td data-label={i18n._('Reference')} className="mono">
                            {p.reference}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </QueryState>
          </section>
          {/* A wide table (shoppers, parcels, returns, rate, the hold): the main column's width. */}
          <RtoRatesPanel />
        </div>
        <div className="money-side">
          <TcsReport />
          <CommissionsPanel sellerNames={names} />
          <ShippingSettingsPanel />
        </div>
      </div>
    </section>
  );
}

function DueList({ sellers }: { sellers: DueSeller[] }) {
  const i18n = useI18n();
  if (sellers.length === 0) {
    return (
      <p className="card center">
        {i18n._(
          'No seller has money payable now. A delivered item’s money becomes payable once its return window has passed.',
        )}
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
  const i18n = useI18n();
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
      <h2 id="tcs-title">{i18n._('TCS report')}</h2>
      <p className="muted">
        {i18n._('Tax collected at source (section 52, CGST Act) per seller GSTIN, in the columns of GSTR-8.')}
      </p>
      <form className="tcs-form" onSubmit={submit} aria-label={i18n._('Download the TCS report')}>
        <div className="field">
          <label htmlFor="tcs-month">{i18n._('Month')}</label>
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
          {download.isPending ? i18n._('Preparing…') : i18n._('Download CSV')}
        </button>
      </form>
    </section>
  );
}
