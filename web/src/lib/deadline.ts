/** A deadline to the minute (a COD order's confirmation, issue 39). */
const deadlineOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
};

/** When the confirmation is due, as people in India read it: '29 Nov, 6:40 pm' (the shop's time zone). */
export function formatDeadline(iso: string, locale = 'en') {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'hi' ? 'hi-IN' : 'en-IN', deadlineOptions).format(d);
}
