import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import type { Product } from '../../lib/types.ts';

type SizeChart = NonNullable<Product['sizeChart']>;

const CM_PER_INCH = 2.54;

/** A measurement in the unit shown: centimetres as sent, inches to one decimal; '—' when not given. */
export function measurement(cm: number | null, unit: 'cm' | 'in'): string {
  if (cm === null) return '—';
  if (unit === 'cm') return String(cm);
  return (cm / CM_PER_INCH).toFixed(1);
}

/**
 * The seller's size chart in a modal (native <dialog>: Escape and the Close button shut it), in
 * centimetres with an inch toggle. Rendered only while open.
 */
export function SizeChartDialog({
  chart,
  productName,
  highlight,
  onClose,
}: {
  chart: SizeChart;
  productName: string;
  highlight?: string;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [unit, setUnit] = useState<'cm' | 'in'>('cm');
  useEffect(() => {
    const d = ref.current;
    if (!d || d.open) return;
    // jsdom and old browsers have no showModal: the dialog is then shown in place.
    if (d.showModal) d.showModal();
    else d.setAttribute('open', '');
    return () => d.close?.();
  }, []);
  return (
    <dialog ref={ref} className="size-chart-dialog" aria-labelledby="size-chart-title" onClose={onClose}>
      <div className="size-chart-head">
        <h2 id="size-chart-title">{i18n._('Size chart')}</h2>
        <button type="button" className="icon-btn" aria-label={i18n._('Close size chart')} onClick={onClose}>
          ×
        </button>
      </div>
      <p className="muted small">
        {productName}
        {i18n._(': body measurements')}
      </p>
      <fieldset className="unit-toggle">
        <legend className="visually-hidden">{i18n._('Unit')}</legend>
        {(['cm', 'in'] as const).map((u) => (
          <button key={u} type="button" aria-pressed={unit === u} onClick={() => setUnit(u)}>
            {u === 'cm' ? i18n._('cm') : i18n._('inches')}
          </button>
        ))}
      </fieldset>
      <div className="size-chart-scroll">
        <table className="size-chart">
          <caption className="visually-hidden">
            {i18n._('Measurements in')} {unit === 'cm' ? i18n._('centimetres') : i18n._('inches')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('Size')}</th>
              {chart.measurements.map((m) => (
                <th key={m} scope="col">
                  {m} ({unit})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((r) => (
              <tr key={r.size} className={r.size === highlight ? 'is-chosen' : undefined}>
                <th scope="row">{r.size}</th>
                {chart.measurements.map((m, i) => (
                  <td key={m}>{measurement(r.cm[i] ?? null, unit)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </dialog>
  );
}
