const options: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
};
const day = new Intl.DateTimeFormat('en-IN', options);
const dayHi = new Intl.DateTimeFormat('hi-IN', options);

/**
 * A day as people in India read it, in the shop's time zone: '23 Nov 2026' (messages and e-mails),
 * in Hindi '23 नव॰ 2026' (as the web shows it).
 */
export const formatDay = (date: Date, locale: 'en' | 'hi' = 'en') =>
  (locale === 'hi' ? dayHi : day).format(date);
