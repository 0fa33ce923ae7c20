import { describe, expect, it } from 'vitest';
import { lowStockNote } from './low-stock.ts';

describe('low stock in the seller’s list', () => {
  it('names the variants below LOW_STOCK, sold out ones said so', () => {
    expect(
      lowStockNote([
        { size: 'S', color: '', stock: 9 },
        { size: 'M', color: '', stock: 2 },
        { size: 'L', color: '', stock: 0 },
      ]),
    ).toBe('Low: M (2), L (0 – sold out)');
    expect(lowStockNote([{ size: 'M', color: 'Blue', stock: 4 }])).toBe('Low: M Blue (4)');
    expect(lowStockNote([{ size: 'M', color: '', stock: 5 }])).toBeNull();
  });
});
