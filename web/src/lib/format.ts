/**
 * A formatter made on first use and kept: making one loads the locale's data (tens of milliseconds
 * on a phone), which at module load was a long task before the page could answer a tap.
 */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const rupees = lazy(
  () => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const rupeesHi = lazy(() => new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR' }));

/**
 * 1299 → 'Rs. 1,299.00' (en-IN grouping: 1,00,000.00); in Hindi (`locale` 'hi') the hi-IN
 * currency form '₹1,299.00'. Components pass `i18n.locale`.
 */
export function formatRupees(amount: number | string | null | undefined, locale = 'en'): string {
  const n = Number(amount ?? 0);
  const v = Number.isFinite(n) ? n : 0;
  return locale === 'hi' ? rupeesHi().format(v) : `Rs. ${rupees().format(v)}`;
}

/** Landing-card style price: 'Rs. 1,299.00/-'. */
export function formatRupeesSlash(amount: number, locale = 'en'): string {
  return `${formatRupees(amount, locale)}/-`;
}

/** SPEC §9: dates show their first 10 characters (YYYY-MM-DD). */
export function formatDate(date: string | null | undefined): string {
  return (date ?? '').slice(0, 10);
}

const dayOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
};
const day = lazy(() => new Intl.DateTimeFormat('en-IN', dayOptions));
const dayHi = lazy(() => new Intl.DateTimeFormat('hi-IN', dayOptions));

/**
 * The day as people in India read it: '23 Nov 2026', in Hindi '23 नव॰ 2026' (the shop's time
 * zone, wherever the browser is).
 */
export function formatDay(date: string | null | undefined, locale = 'en'): string {
  const d = new Date(date ?? '');
  if (Number.isNaN(d.getTime())) return '';
  return (locale === 'hi' ? dayHi : day)().format(d);
}

const numberEn = lazy(() => new Intl.NumberFormat('en-IN'));
const numberHi = lazy(() => new Intl.NumberFormat('hi-IN'));

/** A count with the language's grouping: 1,00,000. */
export function formatNumber(n: number, locale = 'en'): string {
  return (locale === 'hi' ? numberHi : numberEn)().format(n);
}

/** Average rating to 2 decimals (SPEC §9). */
export function formatRating(rating: number | null | undefined): string {
  return Number(rating ?? 0).toFixed(2);
}

/** SPEC §3 display ids: prefix + characters 5 to 9 of the id + '123' (e.g. 'U' + 'ab12c' + '123'). */
export function displayId(prefix: 'U' | 'S', id: string): string {
  return `${prefix}${id.slice(5, 10)}123`;
}
