import { describe, expect, it } from 'vitest';
import { isMonth, monthName, monthOf, previousMonth } from './months.ts';

describe('months of the money screens', () => {
  it('are counted in India: 31 Oct 20:00 UTC is already November there', () => {
    expect(monthOf(new Date('2026-10-31T20:00:00Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-10-31T18:00:00Z'))).toBe('2026-10');
  });

  it('step back across a year', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });

  it('accept only what the API takes', () => {
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });

  it('read as words', () => {
    expect(monthName('2026-11')).toBe('November 2026');
  });
});
