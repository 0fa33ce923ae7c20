import { describe, expect, it } from 'vitest';
import { createI18n, loadCatalog } from '../../lib/i18n.tsx';
import { lowStockNote } from './low-stock.ts';

describe('low stock in the seller’s list', () => {
  const variants = [
    { size: 'S', color: '', stock: 9 },
    { size: 'M', color: '', stock: 2 },
    { size: 'L', color: '', stock: 0 },
  ];

  it('names the variants below LOW_STOCK, sold out ones said so', () => {
    const en = createI18n('en');
    expect(lowStockNote(variants, en)).toBe('Low: M (2), L (0 – sold out)');
    expect(lowStockNote([{ size: 'M', color: 'Blue', stock: 4 }], en)).toBe('Low: M Blue (4)');
    expect(lowStockNote([{ size: 'M', color: '', stock: 5 }], en)).toBeNull();
  });

  it('says it in Hindi for a seller who chose Hindi', async () => {
    const hi = createI18n('hi', await loadCatalog('hi'));
    const note = lowStockNote(variants, hi)!;
    expect(note).not.toMatch(/Low|sold out/);
    expect(note).toContain('M (2)');
  });
});
