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
});
