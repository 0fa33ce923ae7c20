import type { SellerDashboard } from '@vastra/contracts';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

type Point = SellerDashboard['series'][number];

const W = 600;
const H = 180;
const PAD = { top: 10, right: 8, bottom: 22, left: 8 };

/**
 * Sales per day as SVG bars, drawn by hand: one series of at most 90 bars needs no chart library
 * (the smallest ones add 10–40 kB for axes and tooltips this chart does not use). Loaded lazily
 * with the dashboard. Each bar has a <title>, and the figures are in the table beside it for
 * screen readers.
 */
export default function SalesChart({ series }: { series: Point[] }) {
  const i18n = useI18n();
  const max = Math.max(1, ...series.map((p) => p.sales));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, series.length);
  const bar = Math.max(1, step * 0.7);
  const label = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  const every = Math.ceil(series.length / 8);
  return (
    <svg
      className="sales-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={i18n._('Sales per day')}
      preserveAspectRatio="none"
    >
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="axis" />
      {series.map((p, i) => {
        const h = (p.sales / max) * innerH;
        const x = PAD.left + i * step + (step - bar) / 2;
        return (
          <g key={p.day}>
            <rect x={x} y={H - PAD.bottom - h} width={bar} height={Math.max(h, p.sales > 0 ? 1 : 0)} rx={2}>
              <title>{`${p.day}: ${formatRupees(p.sales, i18n.locale)}, ${i18n._('{count, plural, one {# order} other {# orders}}', { count: p.orders })}`}</title>
            </rect>
            {i % every === 0 && (
              <text x={x + bar / 2} y={H - 6} textAnchor="middle">
                {label(p.day)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
