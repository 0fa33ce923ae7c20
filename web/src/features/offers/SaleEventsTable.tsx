import type { SaleEvent } from '@vastra/contracts';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { formatWhen } from './when.ts';

const STATUS: Record<SaleEvent['status'], { label: string; pill: string }> = {
  upcoming: { label: /*i18n*/ 'Upcoming', pill: 'pill' },
  early_access: { label: /*i18n*/ 'Early access', pill: 'pill pill-warn' },
  running: { label: /*i18n*/ 'Running', pill: 'pill pill-ok' },
  ended: { label: /*i18n*/ 'Ended', pill: 'pill pill-bad' },
};

/** Sale events as a table: name, window, status, sizes priced; `action` gives a row its button. */
export function SaleEventsTable({
  events,
  pricesLabel,
  action,
}: {
  events: SaleEvent[];
  pricesLabel: string;
  action: (e: SaleEvent) => ReactNode;
}) {
  const i18n = useI18n();
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="sale-events">
        <caption className="visually-hidden">{i18n._('Sale events')}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._('Name')}</th>
            <th scope="col">{i18n._('Starts')}</th>
            <th scope="col">{i18n._('Ends')}</th>
            <th scope="col">{i18n._('Status')}</th>
            <th scope="col">{i18n._(pricesLabel)}</th>
            <th scope="col">
              <span className="visually-hidden">{i18n._('Actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e._id}>
              <td data-label={i18n._('Name')} className="cell-name">
                {e.name}
              </td>
              <td data-label={i18n._('Starts')} className="cell-nowrap">
                <span>
                  {formatWhen(i18n, e.startsAt)}
                  {e.earlyAccessAt && (
                    <span className="muted block">
                      {i18n._('early access {when}', { when: formatWhen(i18n, e.earlyAccessAt) })}
                    </span>
                  )}
                </span>
              </td>
              <td data-label={i18n._('Ends')} className="cell-nowrap">
                {formatWhen(i18n, e.endsAt)}
              </td>
              <td data-label={i18n._('Status')}>
                <span className={STATUS[e.status].pill}>{i18n._(STATUS[e.status].label)}</span>
              </td>
              <td data-label={i18n._(pricesLabel)}>{formatNumber(e.prices, i18n.locale)}</td>
              <td className="cell-action">{action(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
