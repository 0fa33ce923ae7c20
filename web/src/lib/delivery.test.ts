import { describe, expect, it } from 'vitest';
import { deliveryFeeText, formatPromiseDay, isPincode } from './delivery.ts';
import { createI18n } from './i18n.tsx';

describe('the delivery promise as it reads', () => {
  it('writes a promised day as a short weekday, day and month, in English and Hindi', () => {
    expect(formatPromiseDay('2026-12-02')).toBe('Wed, 2 Dec');
    expect(formatPromiseDay('2026-12-01', 'en')).toBe('Tue, 1 Dec');
    expect(formatPromiseDay('2026-12-02', 'hi')).toBe('बुध, 2 दिस॰');
    expect(formatPromiseDay('2027-01-04')).toBe('Mon, 4 Jan');
  });

  it('reads the day as India’s, whatever the browser’s time zone, and shows nothing for no date', () => {
    // Parsed at India's midnight (18:30 UTC the day before): still the 2nd in India.
    expect(formatPromiseDay('2026-12-02')).toBe('Wed, 2 Dec');
    expect(formatPromiseDay(null)).toBe('');
    expect(formatPromiseDay(undefined)).toBe('');
    expect(formatPromiseDay('soon')).toBe('');
    expect(formatPromiseDay('2026-13-45')).toBe('');
  });

  it('says a fee in the shop’s rupees, and "Free delivery" for none', () => {
    const en = createI18n('en');
    expect(deliveryFeeText(en, 49)).toBe('Delivery fee Rs. 49.00');
    expect(deliveryFeeText(en, 1250.5)).toBe('Delivery fee Rs. 1,250.50');
    expect(deliveryFeeText(en, 0)).toBe('Free delivery');
  });

  it('takes six digits not starting with 0 as a PIN code', () => {
    expect(isPincode('560034')).toBe(true);
    expect(isPincode('56003')).toBe(false);
    expect(isPincode('056003')).toBe(false);
    expect(isPincode('5600345')).toBe(false);
    expect(isPincode('56OO34')).toBe(false);
  });
});
