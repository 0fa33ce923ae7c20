import { describe, expect, it } from 'vitest';
import { displayId, formatDate, formatDay, formatRating, formatRupees, formatRupeesSlash } from './format.ts';

describe('formatting', () => {
  it('writes rupees with en-IN grouping and two decimals', () => {
    expect(formatRupees(1299)).toBe('Rs. 1,299.00');
    expect(formatRupees(123456.5)).toBe('Rs. 1,23,456.50');
    expect(formatRupees(0)).toBe('Rs. 0.00');
    expect(formatRupeesSlash(10.12)).toBe('Rs. 10.12/-');
  });
  it('keeps the first 10 characters of dates, ratings to 2 decimals, display ids', () => {
    expect(formatDate('2026-11-22T10:00:00.000Z')).toBe('2026-11-22');
    expect(formatRating(4)).toBe('4.00');
    expect(formatRating(3.456)).toBe('3.46');
    expect(displayId('U', '0123456789abcdef')).toBe('U56789123');
  });
  it('writes order dates as "23 Nov 2026", in India\'s time zone', () => {
    expect(formatDay('2026-11-23T10:00:00.000Z')).toBe('23 Nov 2026');
    // 20:00 UTC is already the next day in India.
    expect(formatDay('2026-11-23T20:00:00.000Z')).toBe('24 Nov 2026');
    expect(formatDay('')).toBe('');
  });
});
