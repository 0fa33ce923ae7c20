import { describe, expect, it } from 'vitest';
import { actionLabel, detailLines } from './audit-labels.ts';

describe('the audit log', () => {
  it('names the actions the server records, and shows an unknown one as its code', () => {
    expect(actionLabel('payout')).toBe('Payout recorded');
    expect(actionLabel('product.hide')).toBe('Product hidden');
    expect(actionLabel('order_item.cancel')).toBe('Order item cancelled');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('reads an action’s detail: rupees, reasons, one line per rate changed', () => {
    expect(detailLines({ detail: { amount: 844.54, reference: 'UTR0001234' } })).toEqual([
      { label: 'amount', value: 'Rs. 844.54' },
      { label: 'reference', value: 'UTR0001234' },
    ]);
    expect(
      detailLines({
        detail: {
          changes: [
            { scope: 'category', key: 'Kids', percent: 8 },
            { scope: 'seller', key: '7c1e2f40-1111-4a2b-8c3d-000000000001', percent: null },
          ],
        },
      }),
    ).toEqual([
      { label: 'Kids', value: '8%' },
      { label: 'Seller 7c1e2f40', value: 'default again' },
    ]);
    expect(detailLines({ detail: null })).toEqual([]);
  });
});
