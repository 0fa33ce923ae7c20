import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { SellerOrderLine } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { jsonResponse, line } from '../orders/test-orders.ts';
import SellerOrdersPage from './SellerOrdersPage.tsx';

const sold = (over: Parameters<typeof line>[0]): SellerOrderLine => ({
  ...line(over),
  customerName: 'Asha Rao',
  customerMobile: '9845001234',
  buyerPays: 0,
  codToCollect: 0,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('seller');
});

describe('seller orders: a COD order its buyer has not confirmed (issue 39)', () => {
  it('reads "Awaiting buyer confirmation" and cannot be shipped, alone or among the selected', async () => {
    signIn('seller', 'seller-token', 'Das Weaves');
    const lines = [
      sold({ name: 'Indigo Kurta', status: 'awaiting_confirmation' }),
      sold({ name: 'Linen Shirt', status: 'pending', orderId: 'o2' }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(lines, { 'x-total-count': '2' })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SellerOrdersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const waiting = within(await screen.findByRole('listitem', { name: 'Order of Indigo Kurta' }));
    expect(waiting.getByTestId('order-status')).toHaveTextContent('Awaiting buyer confirmation');
    expect(waiting.getByRole('button', { name: 'Confirm Shipment' })).toBeDisabled();
    const pending = within(screen.getByRole('listitem', { name: 'Order of Linen Shirt' }));
    expect(pending.getByRole('button', { name: 'Confirm Shipment' })).toBeEnabled();
    // Selected, it is not counted among the items to ship.
    waiting.getByRole('checkbox').click();
    expect(await screen.findByRole('button', { name: 'Ship selected (0)' })).toBeDisabled();
  });
});
