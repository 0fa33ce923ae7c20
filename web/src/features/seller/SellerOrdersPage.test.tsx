import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('seller orders', () => {
  it("offers a shipped item's tax invoice and downloads it with the seller's token", async () => {
    signIn('seller', 'seller-token', 'Das Weaves');
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const lines = [
      sold({ name: 'Indigo Kurta', status: 'shipped', invoiceId: 'inv-1' }),
      sold({ name: 'Linen Shirt', status: 'pending' }),
    ];
    const fetch = vi.fn(async (path: string, _init?: RequestInit) =>
      path.endsWith('/pdf')
        ? new Response('%PDF-1.7', {
            headers: { 'content-disposition': 'attachment; filename="INV-2627-000001.pdf"' },
          })
        : jsonResponse(lines, { 'x-total-count': '2' }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SellerOrdersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const shipped = within(await screen.findByRole('listitem', { name: 'Order of Indigo Kurta' }));
    const pending = within(screen.getByRole('listitem', { name: 'Order of Linen Shirt' }));
    expect(pending.queryByRole('button', { name: 'Tax invoice' })).toBeNull();
    await userEvent.click(shipped.getByRole('button', { name: 'Tax invoice' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const call = fetch.mock.calls.find((c) => String(c[0]).endsWith('/pdf'));
    expect(String(call?.[0])).toBe('/api/invoices/inv-1/pdf');
    expect(new Headers(call?.[1]?.headers).get('auth-token')).toBe('seller-token');
  });

  it('shows each item’s dispatch-by day when the order promised one, late when past and not shipped', async () => {
    signIn('seller', 'seller-token', 'Das Weaves');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T06:00:00Z'));
    const lines = [
      sold({ name: 'Indigo Kurta', dispatchBy: '2026-12-02', deliverBy: '2026-12-05' }),
      sold({ name: 'Linen Shirt', status: 'shipped', dispatchBy: '2026-12-01' }),
      sold({ name: 'Silk Saree', dispatchBy: '2026-12-08' }),
      sold({ name: 'Old Dupatta' }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(lines, { 'x-total-count': '4' })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SellerOrdersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = async (name: string) =>
      within(await screen.findByRole('listitem', { name: `Order of ${name}` }));
    const late = await card('Indigo Kurta');
    expect(late.getByTestId('dispatch-by')).toHaveTextContent('Wed, 2 Dec Late');
    expect((await card('Linen Shirt')).getByTestId('dispatch-by')).toHaveTextContent(/^Tue, 1 Dec$/);
    expect((await card('Silk Saree')).getByTestId('dispatch-by')).toHaveTextContent(/^Tue, 8 Dec$/);
    expect((await card('Old Dupatta')).queryByTestId('dispatch-by')).toBeNull();
    vi.useRealTimers();
  });
});
