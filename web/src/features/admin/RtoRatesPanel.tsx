import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OkAnswer, RtoRatesAnswer } from '@vastra/contracts';
import { useState } from 'react';
import { QueryState } from '../../components/QueryState.tsx';
import { api, qs } from '../../lib/api.ts';
import { formatDay, formatNumber } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { toast } from '../../lib/toast.ts';
import { AdminLoadError } from './AdminOnly.tsx';
import { adminKeys } from './api.ts';

export type RtoRatesBy = RtoRatesAnswer['by'];
type RtoRow = RtoRatesAnswer['rows'][number];

const rtoKeys = {
  all: [...adminKeys.all, 'rto-rates'] as const,
  by: (by: RtoRatesBy) => [...adminKeys.all, 'rto-rates', by] as const,
};

/** `GET /api/admin/rto-rates?by=`: the keys with the most parcels returned to origin. */
function useRtoRates(by: RtoRatesBy) {
  return useQuery({
    queryKey: rtoKeys.by(by),
    queryFn: () => api<RtoRatesAnswer>(`/api/admin/rto-rates${qs({ by })}`, { as: 'admin' }),
    staleTime: 0,
  });
}

const liftCodHold = (userId: string) =>
  api<OkAnswer>(`/api/admin/users/${encodeURIComponent(userId)}/cod-hold/lift`, {
    method: 'POST',
    as: 'admin',
  });

const BY_LABEL: Record<RtoRatesBy, string> = {
  shopper: /*i18n*/ 'By shopper',
  seller: /*i18n*/ 'By seller',
  pincode: /*i18n*/ 'By PIN code',
};

/**
 * Returns to origin (issue 38): parcels and how many came back, per shopper, seller or delivery
 * PIN code, most returns first. A shopper whose Cash On Delivery is held back (too many returned
 * COD parcels lately) can be given it again: their returns before now stop counting.
 */
export function RtoRatesPanel() {
  const i18n = useI18n();
  const [by, setBy] = useState<RtoRatesBy>('shopper');
  const rates = useRtoRates(by);
  return (
    <section className="card money-panel" aria-labelledby="rto-title">
      <h2 id="rto-title">{i18n._('Returns to origin')}</h2>
      <fieldset className="rto-by">
        <legend className="visually-hidden">{i18n._('Show returns')}</legend>
        {(Object.keys(BY_LABEL) as RtoRatesBy[]).map((key) => (
          <button
            key={key}
            type="button"
            className={key === by ? 'btn btn-sm btn-primary' : 'btn btn-sm'}
            aria-pressed={key === by}
            onClick={() => setBy(key)}
          >
            {i18n._(BY_LABEL[key])}
          </button>
        ))}
      </fieldset>
      <QueryState
        query={rates}
        loading={i18n._('Loading returns to origin')}
        LoadError={AdminLoadError}
        isEmpty={(answer) => answer.rows.length === 0}
        empty={<p className="muted">{i18n._('No parcel has come back to its seller.')}</p>}
      >
        {(answer) => <RtoTable answer={answer} />}
      </QueryState>
    </section>
  );
}

function RtoTable({ answer }: { answer: RtoRatesAnswer }) {
  const i18n = useI18n();
  const shoppers = answer.by === 'shopper';
  const keyHead = { shopper: /*i18n*/ 'Shopper', seller: /*i18n*/ 'Seller', pincode: /*i18n*/ 'PIN code' }[
    answer.by
  ];
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{i18n._('Returns to origin, most first')}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._(keyHead)}</th>
            <th scope="col">{i18n._('Parcels')}</th>
            <th scope="col">{i18n._('Returned')}</th>
            <th scope="col">{i18n._('Rate')}</th>
            {shoppers && <th scope="col">{i18n._('Cash On Delivery')}</th>}
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((row) => (
            <tr key={row.key}>
              <td data-label={i18n._(keyHead)} className="cell-name">
                {row.label}
              </td>
              <td data-label={i18n._('Parcels')}>{formatNumber(row.shipments, i18n.locale)}</td>
              <td data-label={i18n._('Returned')}>{formatNumber(row.rto, i18n.locale)}</td>
              <td data-label={i18n._('Rate')} className="cell-nowrap">
                {i18n._('{rate}%', { rate: formatNumber(row.rate, i18n.locale) })}
              </td>
              {shoppers && (
                <td data-label={i18n._('Cash On Delivery')}>
                  <CodHoldCell row={row} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Held: the button that lifts it. Otherwise "Offered", and since when an admin last lifted it. */
function CodHoldCell({ row }: { row: RtoRow }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const lift = useMutation({
    mutationFn: () => liftCodHold(row.key),
    onSuccess: () => {
      toast.success(i18n._('Cash On Delivery offered again to {name}', { name: row.label }));
      void qc.invalidateQueries({ queryKey: rtoKeys.all });
    },
    onError: (err) => toast.error(err.message),
  });
  if (row.codHeld) {
    return (
      <span className="rto-hold">
        <strong>{i18n._('Held')}</strong>
        <button
          type="button"
          className="btn btn-sm"
          disabled={lift.isPending}
          aria-label={i18n._('Lift COD hold for {name}', { name: row.label })}
          onClick={() => lift.mutate()}
        >
          {i18n._('Lift COD hold')}
        </button>
      </span>
    );
  }
  return (
    <span className="muted">
      {row.codLiftedAt
        ? i18n._('Offered (lifted {day})', { day: formatDay(row.codLiftedAt, i18n.locale) })
        : i18n._('Offered')}
    </span>
  );
}
