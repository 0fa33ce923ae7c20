import type { SizeChart, SizeChartInput } from '@vastra/contracts';
import { compareSizes } from '@vastra/contracts/constants';

/** The size chart as the form holds it: measurement names and, per size, what was typed per column. */
export interface ChartState {
  measurements: string[];
  cm: Record<string, string[]>;
}

export const EMPTY_CHART: ChartState = { measurements: [], cm: {} };

/** The chart of a product being edited. */
export const chartOf = (chart: SizeChart | null): ChartState =>
  chart
    ? {
        measurements: chart.measurements,
        cm: Object.fromEntries(
          chart.rows.map((r) => [r.size, r.cm.map((v) => (v == null ? '' : String(v)))]),
        ),
      }
    : EMPTY_CHART;

/** Whether a typed value is a measurement the server takes (0–500 cm) or empty. */
const validCm = (v: string) => v.trim() === '' || (Number(v) >= 0 && Number(v) <= 500);

export const chartReady = (chart: ChartState, sizes: string[]) =>
  sizes.every((s) => (chart.cm[s] ?? []).every(validCm));

/** The request's `sizeChart` for the chosen sizes: null (none) without measurements or sizes. */
export function toSizeChart(chart: ChartState, sizes: string[]): SizeChartInput {
  if (chart.measurements.length === 0 || sizes.length === 0) return null;
  return {
    measurements: chart.measurements,
    rows: [...sizes].sort(compareSizes).map((size) => ({
      size,
      cm: chart.measurements.map((_, i) => {
        const v = chart.cm[size]?.[i] ?? '';
        return v.trim() === '' ? null : Number(v);
      }),
    })),
  };
}
