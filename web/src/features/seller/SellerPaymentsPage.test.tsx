import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerAnswer } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { jsonResponse } from '../orders/test-orders.ts';
import { signedRupees } from './ledger-kinds.ts';
import SellerPaymentsPage from './SellerPaymentsPage.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

type Entry = LedgerAnswer['entries'][number];
const DAY = 86_400_000;
const entry = (kind: Entry['kind'], amount: number, settlesIn = 7 * DAY): Entry => ({
  _id: `e-${kind}`,
  kind,
  amount,
  orderItemId: '1a2b3c4d-0000-4000-8000-000000000001',
  returnId: null,
  payoutId: null,
  settlesAt: new Date(Date.now() + settlesIn).toISOString(),
  date: new Date().toISOString(),
});

/** A COD item of Rs. 799 + 18% GST, delivered today: pending for its 7-day return window. */
const delivered: LedgerAnswer = {
  success: true,
  payable: 0,
  pending: 844.54,
  entries: [
    entry('cod_collected', 942.82),
    entry('commission', -79.9),
    entry('commission_gst', -14.38),
    entry('tcs', -4),
  ],
};

function renderPage(url = '/seller-payments') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <SellerPaymentsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('seller');
});

describe('the seller’s Payments page', () => {
  it('shows what is payable and pending, and each entry signed and named', async () => {
    signIn('seller', 'seller-token', 'Das Weaves');
    const fetch = vi.fn(async (_path: string, _init?: RequestInit) => jsonResponse(delivered));
    vi.stubGlobal('fetch', fetch);
    renderPage();

    expect(await screen.findByTestId('balance-pending')).toHaveTextContent('Rs. 844.54');
    expect(screen.getByTestId('balance-payable')).toHaveTextContent('Rs. 0.00');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const lines = rows.map((r) => [
      within(r).getByText(/^(COD collected|Commission|GST on commission|TCS)$/).textContent,
      r.querySelector('td[data-label="Amount"]')?.textContent,
    ]);
    expect(lines).toEqual([
      ['COD collected', '+Rs. 942.82'],
      ['Commission', '−Rs. 79.90'],
      ['GST on commission', '−Rs. 14.38'],
      ['TCS', '−Rs. 4.00'],
    ]);
    // Credits and debits read apart by colour as well as by sign.
    expect(rows[0]?.querySelector('td[data-label="Amount"]')).toHaveClass('amount-credit');
    expect(rows[1]?.querySelector('td[data-label="Amount"]')).toHaveClass('amount-debit');
    expect(within(rows[0] as HTMLElement).getByText(/^Pending until /)).toBeInTheDocument();
    expect(screen.getByText('+Rs. 844.54')).toBeInTheDocument();
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('auth-token')).toBe('seller-token');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/seller/ledger');
  });

  it('asks for one month when one is chosen, and downloads that month’s CSV with the seller’s token', async () => {
    signIn('seller', 'seller-token', 'Das Weaves');
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetch = vi.fn(async (path: string, _init?: RequestInit) =>
      path.includes('.csv')
        ? new Response('date,kind\r\n', {
            headers: { 'content-disposition': 'attachment; filename="vastra-statement-2026-10.csv"' },
          })
        : jsonResponse({ ...delivered, entries: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage();

    fireEvent.change(await screen.findByLabelText('Month'), { target: { value: '2026-10' } });
    expect(await screen.findByText('No entries in October 2026.', { exact: false })).toBeInTheDocument();
    expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/seller/ledger?month=2026-10');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csv = fetch.mock.calls.find((c) => String(c[0]).includes('.csv'));
    expect(csv?.[0]).toBe('/api/seller/ledger.csv?month=2026-10');
    expect(new Headers(csv?.[1]?.headers).get('auth-token')).toBe('seller-token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('vastra-statement-2026-10.csv');

    await userEvent.click(screen.getByRole('button', { name: 'All months' }));
    await waitFor(() => expect(screen.getByLabelText('Month')).toHaveValue(''));
  });
});

describe('a statement amount', () => {
  it('carries its sign: credits +, debits with a real minus, zero none', () => {
    expect(signedRupees(1234.5)).toBe('+Rs. 1,234.50');
    expect(signedRupees(-79.9)).toBe('−Rs. 79.90');
    expect(signedRupees(0)).toBe('Rs. 0.00');
  });
});
