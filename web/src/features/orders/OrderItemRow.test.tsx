import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { OrderLine } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../lib/router.tsx';
import { OrderItemRow } from './OrderItemRow.tsx';
import { line } from './test-orders.ts';

const row = (over: Partial<OrderLine>) =>
  render(
    // A delivered item's Return link reads the site's return window.
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
      <MemoryRouter>
        <ul>
          <OrderItemRow line={line({ name: 'Kurta', ...over })} onCancel={() => {}} cancelling={false} />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('an order item’s promised day', () => {
  it('says "Arriving by" the day promised while the item is pending or shipped', () => {
    row({ status: 'pending', deliverBy: '2026-12-02', dispatchBy: '2026-11-30' });
    expect(screen.getByTestId('item-arriving')).toHaveTextContent('Arriving by Wed, 2 Dec');
  });

  it('still says it once shipped', () => {
    row({ status: 'shipped', deliverBy: '2026-12-04' });
    expect(screen.getByTestId('item-arriving')).toHaveTextContent('Arriving by Fri, 4 Dec');
  });

  it.each(['delivered', 'cancelled'] as const)('says nothing once %s', (status) => {
    row({ status, deliverBy: '2026-12-02' });
    expect(screen.queryByTestId('item-arriving')).toBeNull();
  });

  it('says nothing for an item ordered before promises were kept', () => {
    row({ status: 'pending', deliverBy: null });
    expect(screen.queryByTestId('item-arriving')).toBeNull();
  });
});
