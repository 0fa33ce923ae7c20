/**
 * Calendar months as the money screens filter by them (`YYYY-MM`, the value of an
 * `<input type="month">` and the API's `?month=`), counted in India's time like the server's
 * statements and TCS report, wherever the browser is.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether a text is a month the API accepts ('2026-11'). */
export function isMonth(text: string | null | undefined): text is string {
  return MONTH.test(text ?? '');
}

const parts = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** The month an instant falls in, in India ('2026-11'). */
export function monthOf(date: Date): string {
  const p = parts.formatToParts(date);
  return `${p.find((x) => x.type === 'year')?.value}-${p.find((x) => x.type === 'month')?.value}`;
}

/** The month before ('2026-01' → '2025-12'). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const names = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' → 'November 2026'. */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return names.format(new Date(Date.UTC(y, m - 1, 1)));
}
