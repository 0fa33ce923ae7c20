const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1299 → 'Rs. 1,299.00' (en-IN grouping: 1,00,000.00). */
export function formatRupees(amount: number | string | null | undefined): string {
  const n = Number(amount ?? 0);
  return `Rs. ${rupees.format(Number.isFinite(n) ? n : 0)}`;
}

/** Landing-card style price: 'Rs. 1,299.00/-'. */
export function formatRupeesSlash(amount: number): string {
  return `${formatRupees(amount)}/-`;
}

/** SPEC §9: dates show their first 10 characters (YYYY-MM-DD). */
export function formatDate(date: string | null | undefined): string {
  return (date ?? '').slice(0, 10);
}

const day = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** The day as people in India read it: '23 Nov 2026' (the shop's time zone, wherever the browser is). */
export function formatDay(date: string | null | undefined): string {
  const d = new Date(date ?? '');
  return Number.isNaN(d.getTime()) ? '' : day.format(d);
}

/** Average rating to 2 decimals (SPEC §9). */
export function formatRating(rating: number | null | undefined): string {
  return Number(rating ?? 0).toFixed(2);
}

/** SPEC §3 display ids: prefix + characters 5 to 9 of the id + '123' (e.g. 'U' + 'ab12c' + '123'). */
export function displayId(prefix: 'U' | 'S', id: string): string {
  return `${prefix}${id.slice(5, 10)}123`;
}
