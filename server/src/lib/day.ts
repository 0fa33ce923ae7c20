const day = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** A day as people in India read it, in the shop's time zone: '23 Nov 2026' (messages and e-mails). */
export const formatDay = (date: Date) => day.format(date);
