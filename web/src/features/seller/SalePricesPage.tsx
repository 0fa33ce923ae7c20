import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerSaleGrid } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { QueryState } from '../../components/QueryState.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { formatNumber, formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Link, useParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { offersKeys, saveSalePrices, useSaleGrid } from '../offers/api.ts';
import {
  percentOff,
  pricesAtPercentOff,
  salePriceHint,
  salePriceItems,
  savedValues,
} from '../offers/sale-prices.ts';
import { formatWindow } from '../offers/when.ts';
import { SellerOnly } from './session.tsx';
import './seller.css';
import '../offers/offers.css';

/** /seller-sales/:id: the seller's sizes with their price, MRP and sale price in one event. */
export default function SalePricesPage() {
  const i18n = useI18n();
  const { id = '' } = useParams();
  const grid = useSaleGrid(id);
  return (
    <SellerOnly>
      <section className="page seller-page">
        <nav aria-label={i18n._('Breadcrumb')} className="muted offer-crumbs">
          <Link to="/seller-sales">{i18n._('Sale events')}</Link> / {grid.data?.event.name ?? '…'}
        </nav>
        <QueryState query={grid} loading={i18n._('Loading your sizes')}>
          {(found) => <PriceGrid key={found.event._id} grid={found} />}
        </QueryState>
      </section>
    </SellerOnly>
  );
}

/**
 * The grid: a sale price per size (empty: not in the sale), a row that fills every size at a
 * percent off, and one Save that replaces the seller's set. The rule shows as a hint under a price
 * as it is typed; the server's refusals show under the sizes it names.
 */
function PriceGrid({ grid }: { grid: SellerSaleGrid }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const { event, items: rows, minDiscountPercent: min } = grid;
  const [values, setValues] = useState(() => savedValues(rows));
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [percent, setPercent] = useState('');
  const ended = event.status === 'ended';
  const save = useMutation({
    mutationFn: (items: { variantId: string; salePrice: number }[]) => saveSalePrices(event._id, items),
    onSuccess: () => {
      setRefused({});
      toast.success(i18n._('Sale prices saved'));
      return qc.invalidateQueries({ queryKey: offersKeys.all });
    },
    onError: (err, items) => {
      // The server names each refused size by its place in the list sent.
      const byVariant: Record<string, string> = {};
      for (const [path, msg] of Object.entries(fieldErrorsOf(err))) {
        const i = /^items\.(\d+)\./.exec(path)?.[1];
        const item = i === undefined ? undefined : items[Number(i)];
        if (item) byVariant[item.variantId] = msg;
      }
      setRefused(byVariant);
      if (!(err instanceof ApiError && err.status === 400 && Object.keys(byVariant).length > 0))
        toast.error(err.message);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(salePriceItems(rows, values));
  };
  const fill = () => {
    const p = Number(percent);
    if (Number.isInteger(p) && p > 0 && p < 100) setValues(pricesAtPercentOff(rows, p));
  };
  const priced = salePriceItems(rows, values).length;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="grid-title">
      <div className="page-head">
        <h1 id="grid-title">{event.name}</h1>
        <p className="muted">{formatWindow(i18n, event.earlyAccessAt ?? event.startsAt, event.endsAt)}</p>
      </div>
      <p className="card sale-rule">
        {i18n._(
          'A sale price must be below your price and at least {percent}% off the MRP (your price when there is none). Leave it empty to keep a size out of the sale.',
          { percent: min },
        )}
      </p>
      {!ended && (
        <div className="sale-fill">
          <label htmlFor="percent-off">{i18n._('Fill every size at')}</label>
          <input
            id="percent-off"
            className="input"
            inputMode="numeric"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            placeholder={String(min)}
          />
          <span>{i18n._('% off the MRP')}</span>
          <button type="button" className="btn btn-sm" onClick={fill} disabled={!percent}>
            {i18n._('Fill')}
          </button>
        </div>
      )}
      {grid.total > rows.length && (
        <p className="muted">
          {i18n._('Showing {shown} of your {total} sizes.', {
            shown: formatNumber(rows.length, i18n.locale),
            total: formatNumber(grid.total, i18n.locale),
          })}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="card center">{i18n._('You have no products to put on sale yet.')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table sale-grid" data-testid="sale-grid">
            <caption className="visually-hidden">{i18n._('Sale price of each size')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('Product')}</th>
                <th scope="col">{i18n._('Stock')}</th>
                <th scope="col">{i18n._('Price')}</th>
                <th scope="col">{i18n._('MRP')}</th>
                <th scope="col">{i18n._('Sale price (Rs.)')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const name = [r.productName, r.size, r.color].filter(Boolean).join(' · ');
                const hint = salePriceHint(values[r.variantId] ?? '', r, min, (n) =>
                  formatRupees(n, i18n.locale),
                );
                const problem = refused[r.variantId] ?? (hint && i18n._(hint.msg, hint.values));
                const errId = `sale-${r.variantId}-err`;
                const off = percentOff(values[r.variantId] ?? '', r);
                return (
                  <tr key={r.variantId}>
                    <td data-label={i18n._('Product')} className="cell-name">
                      {/* One element: on a phone the cell is a row of its label and this. */}
                      <span>
                        {r.productName}
                        <span className="muted block">{[r.size, r.color].filter(Boolean).join(' · ')}</span>
                      </span>
                    </td>
                    <td data-label={i18n._('Stock')}>{formatNumber(r.stock, i18n.locale)}</td>
                    <td data-label={i18n._('Price')} className="cell-nowrap">
                      {formatRupees(r.price, i18n.locale)}
                    </td>
                    <td data-label={i18n._('MRP')} className="cell-nowrap">
                      {r.mrp == null ? '—' : formatRupees(r.mrp, i18n.locale)}
                    </td>
                    <td data-label={i18n._('Sale price (Rs.)')} className="sale-cell">
                      <input
                        className="input"
                        inputMode="decimal"
                        disabled={ended}
                        aria-label={i18n._('Sale price of {name}', { name })}
                        value={values[r.variantId] ?? ''}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? errId : undefined}
                        onChange={(e) => {
                          setValues((v) => ({ ...v, [r.variantId]: e.target.value }));
                          setRefused(({ [r.variantId]: _gone, ...rest }) => rest);
                        }}
                      />
                      {problem ? (
                        <span id={errId} className="field-error">
                          {problem}
                        </span>
                      ) : (
                        off !== undefined && (
                          <span className="muted sale-off">{i18n._('{percent}% off', { percent: off })}</span>
                        )
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {!ended && rows.length > 0 && (
        <div className="sale-save">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {i18n._('Save sale prices')}
          </button>
          <span className="muted" aria-live="polite">
            {i18n._('{count, plural, one {# size in the sale} other {# sizes in the sale}}', {
              count: priced,
            })}
          </span>
        </div>
      )}
    </form>
  );
}
