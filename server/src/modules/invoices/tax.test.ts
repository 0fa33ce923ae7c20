import { apportion, financialYear, gstRateFor, taxLines } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';

describe('the tax rules', () => {
  it('starts the financial year on 1 April in India', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26'); // 23:59:59 IST, 31 Mar
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // midnight IST, 1 Apr
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('rates apparel by the dated table: the 2025 change, the slab edge and other chapters', () => {
    const before = new Date('2025-09-21T12:00:00Z');
    const after = new Date('2025-09-22T12:00:00Z');
    expect(gstRateFor('6109', 150_000, before)).toBe(12); // Rs. 1,500: over the old Rs. 1,000 slab
    expect(gstRateFor('6109', 150_000, after)).toBe(5);
    expect(gstRateFor('6204', 262_500, after)).toBe(5); // 2,625.00 incl. 5% = 2,500.00
    expect(gstRateFor('6204', 262_501, after)).toBe(18);
    expect(gstRateFor('4202', 50_000, after)).toBe(18); // bags: the standard rate
  });

  it('shares out a whole by largest remainder, ties by key, adding up exactly', () => {
    const parts = [
      { key: 'b', hundredths: 150 },
      { key: 'a', hundredths: 150 },
      { key: 'c', hundredths: 199 },
    ];
    expect(apportion(5, parts)).toEqual([1, 2, 2]);
    const { lines, gstPaise } = taxLines(
      'flat18',
      [1, 2, 3].map((n) => ({ key: `k${n}`, unitPricePaise: 33_333 * n, quantity: 1, hsn: '6109' })),
      new Date(),
    );
    expect(lines.reduce((s, l) => s + l.taxPaise, 0)).toBe(gstPaise);
  });
});
