import { CATALOG_LIMITS, compareSizes } from '@vastra/contracts/constants';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import type { ChartState } from './size-chart.ts';

/**
 * The size chart: measurement columns (Chest, Length…) and centimetres per chosen size. Sizes come
 * from the grid; a cell left empty is "not measured".
 */
export function SizeChartEditor({
  chart,
  sizes,
  onChange,
}: {
  chart: ChartState;
  sizes: string[];
  onChange: (c: ChartState) => void;
}) {
  const i18n = useI18n();
  const [name, setName] = useState('');
  const ordered = [...sizes].sort(compareSizes);
  const full = chart.measurements.length >= CATALOG_LIMITS.sizeChartMeasurements;
  const add = () => {
    const m = name.trim();
    if (!m || chart.measurements.includes(m) || full) return;
    onChange({ ...chart, measurements: [...chart.measurements, m] });
    setName('');
  };
  const removeAt = (i: number) =>
    onChange({
      measurements: chart.measurements.filter((_, at) => at !== i),
      cm: Object.fromEntries(
        Object.entries(chart.cm).map(([s, row]) => [s, row.filter((_, at) => at !== i)]),
      ),
    });
  const setCm = (size: string, i: number, value: string) => {
    const row = [...(chart.cm[size] ?? [])];
    while (row.length < chart.measurements.length) row.push('');
    row[i] = value;
    onChange({ ...chart, cm: { ...chart.cm, [size]: row } });
  };
  return (
    <section className="size-chart-editor span-all" aria-labelledby="size-chart-title">
      <h2 id="size-chart-title" className="form-section-title">
        {i18n._('Size chart')} <span className="muted">{i18n._('(optional, in cm)')}</span>
      </h2>
      <div className="field">
        <label htmlFor="newMeasurement">{i18n._('Add a measurement')}</label>
        <div className="color-add">
          <input
            id="newMeasurement"
            className="input"
            value={name}
            placeholder={i18n._('e.g. Chest')}
            maxLength={CATALOG_LIMITS.measurementName}
            disabled={full}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="btn btn-sm" onClick={add} disabled={!name.trim() || full}>
            {i18n._('Add column')}
          </button>
        </div>
      </div>
      {chart.measurements.length > 0 && (
        <div className="table-wrap">
          <table className="grid-table chart-table">
            <caption className="visually-hidden">{i18n._('Measurements in centimetres per size')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('Size')}</th>
                {chart.measurements.map((m, i) => (
                  <th scope="col" key={m}>
                    {m}{' '}
                    <button
                      type="button"
                      className="chip-remove"
                      aria-label={i18n._('Remove measurement {m}', { m })}
                      onClick={() => removeAt(i)}
                    >
                      ×
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ordered.map((s) => (
                <tr key={s}>
                  <th scope="row">{s}</th>
                  {chart.measurements.map((m, i) => (
                    <td key={m} data-label={m}>
                      <input
                        className="input"
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={500}
                        step="0.5"
                        aria-label={i18n._('{m} of size {s} (cm)', { m, s })}
                        value={chart.cm[s]?.[i] ?? ''}
                        onChange={(e) => setCm(s, i, e.target.value)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chart.measurements.length > 0 && ordered.length === 0 && (
        <p className="muted field-hint">{i18n._('Tick sizes above to fill in their measurements.')}</p>
      )}
    </section>
  );
}
