import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_DAYS, type DashboardDays } from '@vastra/contracts/constants';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { QueryState } from '../../components/QueryState.tsx';
import { formatDay, formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { variantLabel } from '../../lib/variant-label.ts';
import { downloadCsv, saveLowStockThreshold, useLowStock, useSellerDashboard } from './centre-api.ts';
import { NoPickupBanner } from './PickupAddressSection.tsx';
import { SellerOnly } from './session.tsx';
import './seller.css';
import './centre.css';

// The chart is its own chunk, fetched once the figures are in.
const SalesChart = lazy(() => import('./SalesChart.tsx'));

/**
 * /seller-dashboard: the seller's landing page. Revenue (card payments and COD cash collected),
 * sales, orders, units, returns rate and average order value over 7, 30 or 90 days with a chart
 * of sales per day; top products; what waits to be shipped; and the low-stock list with its
 * threshold. All money includes GST: it is what buyers pay.
 */
export default function SellerDashboardPage() {
  return (
    <SellerOnly>
      <SellerDashboard />
    </SellerOnly>
  );
}

function SellerDashboard() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days: DashboardDays = (DASHBOARD_DAYS as readonly number[]).includes(asked)
    ? (asked as DashboardDays)
    : 30;
  const dashboard = useSellerDashboard(days);
  const exportOrders = useMutation({
    mutationFn: () => downloadCsv('orders'),
    onSuccess: (name) => toast.success(`${i18n._('Saved as')} ${name}`),
    onError: (err) => toast.error(err.message),
  });

  return (
    <section className="page seller-page dashboard-page">
      <div className="page-head">
        <h1>{i18n._('Dashboard')}</h1>
        <div className="dashboard-links">
          <Link to="/seller-addProduct" className="btn btn-sm btn-primary">
            {i18n._('Add Product')}
          </Link>
          <Link to="/seller-catalogue" className="btn btn-sm">
            {i18n._('Bulk upload')}
          </Link>
          <Link to="/seller-sales" className="btn btn-sm">
            {i18n._('Sale events')}
          </Link>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => exportOrders.mutate()}
            disabled={exportOrders.isPending}
          >
            {i18n._('Export orders (CSV)')}
          </button>
        </div>
      </div>
      <NoPickupBanner />
      <fieldset className="period-switch" aria-label={i18n._('Period')}>
        {DASHBOARD_DAYS.map((d) => (
          <button
            key={d}
            type="button"
            className={d === days ? 'btn btn-sm btn-primary' : 'btn btn-sm'}
            aria-pressed={d === days}
            onClick={() => setParams({ days: String(d) })}
          >
            {`${d} ${i18n._('days')}`}
          </button>
        ))}
      </fieldset>
      <QueryState query={dashboard} loading={i18n._('Loading your dashboard')}>
        {(d) => (
          <>
            <ul className="kpis" aria-label={i18n._('Figures')}>
              <Kpi
                id="revenue"
                label={i18n._('Revenue')}
                value={formatRupees(d.revenue.total, i18n.locale)}
                note={`${i18n._('Paid')} ${formatRupees(d.revenue.paid, i18n.locale)} · ${i18n._('COD collected')} ${formatRupees(d.revenue.collected, i18n.locale)}`}
              />
              <Kpi
                id="sales"
                label={i18n._('Sales')}
                value={formatRupees(d.sales, i18n.locale)}
                note={i18n._('Ordered, COD due included')}
              />
              <Kpi id="orders" label={i18n._('Orders')} value={String(d.orders)} />
              <Kpi id="units" label={i18n._('Units')} value={String(d.units)} />
              <Kpi id="returns" label={i18n._('Returns rate')} value={`${d.returnsRate}%`} />
              <Kpi
                id="aov"
                label={i18n._('Average order')}
                value={formatRupees(d.averageOrderValue, i18n.locale)}
              />
            </ul>
            <p className="muted small">{i18n._('Amounts include GST: what buyers paid or pay.')}</p>
            <div className="dashboard-grid">
              <section className="card dashboard-card">
                <h2>{i18n._('Sales per day')}</h2>
                <Suspense fallback={<div className="sales-chart placeholder" />}>
                  <SalesChart series={d.series} />
                </Suspense>
              </section>
              <section className="card dashboard-card">
                <h2>{i18n._('Top products')}</h2>
                {d.topProducts.length === 0 ? (
                  <p className="muted">{i18n._('No sales in this period yet.')}</p>
                ) : (
                  <ol className="top-products">
                    {d.topProducts.map((p) => (
                      <li key={p.productId || p.productName}>
                        <span className="cell-name">{p.productName}</span>
                        <span className="muted">
                          {p.units} {p.units === 1 ? i18n._('unit') : i18n._('units')} ·{' '}
                          {formatRupees(p.sales, i18n.locale)}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              <section className="card dashboard-card" aria-labelledby="to-ship-title">
                <h2 id="to-ship-title">
                  {i18n._('To ship')} <span className="pill">{d.toShip.count}</span>
                </h2>
                {d.toShip.items.length === 0 ? (
                  <p className="muted">{i18n._('Nothing waiting to be shipped.')}</p>
                ) : (
                  <ul className="to-ship">
                    {d.toShip.items.map((item) => (
                      <li key={item.itemId}>
                        <span>
                          <span className="cell-name">{item.productName}</span>{' '}
                          <span className="muted">
                            {variantLabel(item.size, item.color, i18n)} × {item.quantity} · {item.orderNumber}{' '}
                            · {formatDay(item.date, i18n.locale)}
                          </span>
                        </span>
                        <span className="to-ship-money">
                          {item.codToCollect > 0
                            ? `${i18n._('COD: collect')} ${formatRupees(item.codToCollect, i18n.locale)}`
                            : `${item.paymentMethod} · ${formatRupees(item.buyerPays, i18n.locale)}`}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                <Link to="/seller-orders" className="btn btn-sm">
                  {i18n._('Go to orders')}
                </Link>
              </section>
              <LowStockSection />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

function Kpi({ id, label, value, note }: { id: string; label: string; value: string; note?: string }) {
  return (
    <li className="card kpi" aria-labelledby={`kpi-${id}`} data-testid={`kpi-${id}`}>
      <h2 id={`kpi-${id}`}>{label}</h2>
      <p className="kpi-value">{value}</p>
      {note && <p className="muted small">{note}</p>}
    </li>
  );
}

/** Variants below the seller's threshold, fewest first, and the threshold itself (default 5). */
function LowStockSection() {
  const i18n = useI18n();
  const qc = useQueryClient();
  const low = useLowStock();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (n: number) => saveLowStockThreshold(n),
    onSuccess: () => {
      setDraft(null);
      toast.success(i18n._('Threshold saved'));
      return qc.invalidateQueries({ queryKey: ['seller'] });
    },
    onError: (err) => toast.error(err.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(draft);
    if (draft === null || !Number.isInteger(n) || n < 0 || n > 1000) {
      toast.error(i18n._('Enter a whole number from 0 to 1000'));
      return;
    }
    save.mutate(n);
  };
  return (
    <section className="card dashboard-card stock-card" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">{i18n._('Low stock')}</h2>
      <QueryState query={low} loading={i18n._('Loading')}>
        {(lows) => (
          <>
            <form className="threshold-form" onSubmit={submit}>
              <label htmlFor="low-stock-threshold">{i18n._('Warn me below')}</label>
              <input
                id="low-stock-threshold"
                type="number"
                inputMode="numeric"
                min={0}
                max={1000}
                value={draft ?? String(lows.threshold)}
                onChange={(e) => setDraft(e.target.value)}
              />
              <span className="muted">{i18n._('units per size')}</span>
              <button type="submit" className="btn btn-sm" disabled={save.isPending || draft === null}>
                {i18n._('Save')}
              </button>
            </form>
            {lows.items.length === 0 ? (
              <p className="muted">{i18n._('Every size has enough stock.')}</p>
            ) : (
              <ul className="low-list">
                {lows.items.map((v) => (
                  <li key={v.variantId}>
                    <span>
                      <span className="cell-name">{v.productName}</span>{' '}
                      <span className="muted">
                        {variantLabel(v.size, v.color, i18n)} · {v.sku}
                      </span>
                    </span>
                    <span className={v.stock === 0 ? 'pill pill-bad' : 'pill'}>
                      {v.stock === 0 ? i18n._('Sold out') : `${v.stock} ${i18n._('left')}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="muted small">{i18n._('A daily e-mail lists them too.')}</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
