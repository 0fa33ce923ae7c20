import { useMutation } from '@tanstack/react-query';
import type { LedgerAnswer } from '@vastra/contracts';
import { QueryState } from '../../components/QueryState.tsx';
import { formatDay, formatRupees } from '../../lib/format.ts';
import { isMonth, monthName, monthOf } from '../../lib/months.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { isSettled, LEDGER_LABELS, signedRupees } from './ledger-kinds.ts';
import { downloadStatement, useSellerLedger } from './payments-api.ts';
import { SellerOnly } from './session.tsx';
import './seller.css';
import './payments.css';
import { useI18n } from '../../lib/i18n.tsx';

type Entry = LedgerAnswer['entries'][number];

/**
 * /seller-payments: what the shop owes the seller (payable now, and pending while items are
 * within their return window), and the statement of every money event, by month, as a CSV too.
 */
export default function SellerPaymentsPage() {
  return (
    <SellerOnly>
      <SellerPayments />
    </SellerOnly>
  );
}

function SellerPayments() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : '';
  const ledger = useSellerLedger(month);
  const download = useMutation({
    mutationFn: () => downloadStatement(month),
    onSuccess: (name) => toast.success(`Statement saved as ${name}`),
    onError: (err) => toast.error(err.message),
  });

  return (
    <section className="page seller-page payments-page">
      <div className="page-head">
        <h1>{i18n._('Payments')}</h1>
      </div>
      <QueryState query={ledger} loading={i18n._('Loading your payments')}>
        {(entries) => (
          <>
            <ul className="balance-cards">
              <Balance
                id="payable"
                label={i18n._('Payable now')}
                amount={entries.payable}
                note={i18n._('Settled and not yet paid out: Vastra transfers it to your bank.')}
              />
              <Balance
                id="pending"
                label={i18n._('Pending settlement')}
                amount={entries.pending}
                note={i18n._('Delivered items still within their return window. Payable once it has passed.')}
              />
            </ul>
            <section className="statement" aria-labelledby="statement-title">
              <div className="statement-head">
                <h2 id="statement-title">
                  {i18n._('Statement')}
                  {month && ` · ${monthName(month)}`}
                </h2>
                <div className="statement-tools">
                  <div className="field">
                    <label htmlFor="statement-month">{i18n._('Month')}</label>
                    <input
                      id="statement-month"
                      type="month"
                      value={month}
                      max={monthOf(new Date())}
                      onChange={(e) => setParams(isMonth(e.target.value) ? { month: e.target.value } : {})}
                    />
                  </div>
                  {month && (
                    <button type="button" className="btn btn-sm" onClick={() => setParams({})}>
                      {i18n._('All months')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    disabled={download.isPending}
                    onClick={() => download.mutate()}
                  >
                    {download.isPending ? i18n._('Preparing…') : i18n._('Download CSV')}
                  </button>
                </div>
              </div>
              <Statement entries={entries.entries} month={month} />
            </section>
          </>
        )}
      </QueryState>
    </section>
  );
}

function Balance({ id, label, amount, note }: { id: string; label: string; amount: number; note: string }) {
  const i18n = useI18n();
  return (
    <li className="card balance" aria-labelledby={`balance-${id}-label`}>
      <h2 id={`balance-${id}-label`}>{label}</h2>
      <p className="balance-value" data-testid={`balance-${id}`}>
        {formatRupees(amount, i18n.locale)}
      </p>
      <p className="muted balance-note">{note}</p>
    </li>
  );
}

/** The entries, oldest first as the server sends them, each signed from the seller's side. */
function Statement({ entries, month }: { entries: Entry[]; month: string }) {
  const i18n = useI18n();
  if (entries.length === 0) {
    return (
      <p className="card center">
        {i18n._('No entries')} {month ? `in ${monthName(month)}` : i18n._('yet')}
        {i18n._('. Money appears here when your items are delivered.')}
      </p>
    );
  }
  // Paise, so the net adds up exactly whatever the number of lines.
  const net = entries.reduce((sum, e) => sum + Math.round(e.amount * 100), 0) / 100;
  return (
    <>
      <div className="table-wrap">
        <table className="data-table statement-table">
          <caption className="visually-hidden">{i18n._('Ledger entries, oldest first')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('Date')}</th>
              <th scope="col">{i18n._('Entry')}</th>
              <th scope="col">{i18n._('Amount')}</th>
              <th scope="col">{i18n._('Status')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e._id}>
                <td data-label={i18n._('Date')} className="cell-nowrap">
                  {formatDay(e.date, i18n.locale)}
                </td>
                <td data-label={i18n._('Entry')}>
                  <span>
                    <span className="entry-kind">{LEDGER_LABELS[e.kind]}</span> <EntryRef e={e} />
                  </span>
                </td>
                <td
                  data-label={i18n._('Amount')}
                  className={`cell-nowrap amount ${e.amount < 0 ? 'amount-debit' : 'amount-credit'}`}
                >
                  {signedRupees(e.amount)}
                </td>
                <td data-label={i18n._('Status')} className="cell-nowrap">
                  {e.kind === 'payout' ? (
                    <span className="pill">{i18n._('Paid out')}</span>
                  ) : isSettled(e.settlesAt) ? (
                    <span className="pill pill-ok">{i18n._('Settled')}</span>
                  ) : (
                    <span className="pill pill-warn">
                      {i18n._('Pending until')} {formatDay(e.settlesAt, i18n.locale)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="statement-net">
        {i18n._('Net')} {month ? `for ${monthName(month)}` : i18n._('of all entries')}:{' '}
        <strong className={net < 0 ? 'amount-debit' : 'amount-credit'}>{signedRupees(net)}</strong>
      </p>
      <p className="muted statement-note">
        {i18n._(
          'Commission is charged on the value before GST, with 18% GST on it. TCS is the 0.5% tax the marketplace collects at source under section 52 of the CGST Act and files against your GSTIN; claim it in your GST return.',
        )}
      </p>
    </>
  );
}

/** Which order item, return or payout an entry belongs to (the ids in the CSV, shortened). */
function EntryRef({ e }: { e: Entry }) {
  const [what, id] = e.payoutId
    ? ['payout', e.payoutId]
    : e.returnId
      ? ['return', e.returnId]
      : ['item', e.orderItemId];
  if (!id) return null;
  return (
    <span className="muted entry-ref" title={id}>
      {what} {id.slice(0, 8)}
    </span>
  );
}
