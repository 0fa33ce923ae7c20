import type { I18n } from '@lingui/core';
import { PIN_CODE_PATTERN } from '@vastra/contracts/constants';
import { formatRupees } from './format.ts';

/**
 * How the delivery promise reads (issue 37): the product page's pincode box, the cart's shipments
 * and the order's items share these, so one date reads the same on all three. Kept out of
 * format.ts, which the landing page loads: only the product, cart and order screens need them.
 */

const options: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
};
const formats: Partial<Record<'en' | 'hi', Intl.DateTimeFormat>> = {};

/** The language's formatter, made on first use (making one loads the locale's data). */
function formatOf(locale: 'en' | 'hi'): Intl.DateTimeFormat {
  const made = formats[locale] ?? new Intl.DateTimeFormat(locale === 'hi' ? 'hi-IN' : 'en-IN', options);
  formats[locale] = made;
  return made;
}

/**
 * A promised day (`YYYY-MM-DD`, India's calendar) as 'Wed, 2 Dec'; in Hindi 'बुध, 2 दिस॰'. The
 * day is read at India's midnight, so a browser elsewhere shows the same day. '' for no date.
 */
export function formatPromiseDay(day: string | null | undefined, locale = 'en'): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const at = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) return '';
  return formatOf(locale === 'hi' ? 'hi' : 'en').format(at);
}

/** "Free delivery" for no fee, else "Delivery fee Rs. 49.00" (rupees, as the answers carry them). */
export function deliveryFeeText(i18n: I18n, fee: number): string {
  return fee > 0
    ? i18n._('Delivery fee {fee}', { fee: formatRupees(fee, i18n.locale) })
    : i18n._('Free delivery');
}

/** The shape of an Indian PIN code (the server checks that it is a real one). */
export const isPincode = (value: string) => PIN_CODE_PATTERN.test(value);
