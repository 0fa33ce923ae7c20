import type { I18n } from '@lingui/core';
import { INTL_LOCALE, localeOf } from '../../lib/i18n.tsx';

const options: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
};

/** A moment as people in India read it: '23 Nov 2026, 10:00 am' (the shop's time zone). */
export function formatWhen(i18n: I18n, iso: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[localeOf(i18n)], options).format(new Date(iso));
}

/** A coupon's or a sale's window: 'from … to …', 'until …', 'from …', or 'always'. */
export function formatWindow(i18n: I18n, startsAt: string | null, endsAt: string | null): string {
  if (startsAt && endsAt)
    return i18n._('{start} to {end}', { start: formatWhen(i18n, startsAt), end: formatWhen(i18n, endsAt) });
  if (endsAt) return i18n._('until {end}', { end: formatWhen(i18n, endsAt) });
  if (startsAt) return i18n._('from {start}', { start: formatWhen(i18n, startsAt) });
  return i18n._('Always');
}

/** The `datetime-local` value of an instant in this browser's time zone ('2026-11-23T10:00'). */
export function localInputOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
