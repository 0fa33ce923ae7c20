import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RtoRatesAnswer } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import { jsonResponse } from '../orders/test-orders.ts';
import { RtoRatesPanel } from './RtoRatesPanel.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const MEERA = 'Meera Iyer <meera@example.in>';

/** The two admin endpoints: rates by each key, and a lift that clears the shopper's hold. */
function setup() {
  let held = true;
  const calls: string[] = [];
  const rows = (by: string): RtoRatesAnswer['rows'] =>
    by === 'shopper'
      ? [
          { key: 'u1', label: MEERA, shipments: 3, rto: 2, rate: 66.7, codHeld: held, codLiftedAt: null },
          { key: 'u2', label: 'Ravi <ravi@example.in>', shipments: 4, rto: 1, rate: 25, codHeld: false },
        ]
      : [{ key: '560001', label: '560001', shipments: 8, rto: 3, rate: 37.5 }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      const rates = /^\/api\/admin\/rto-rates\?by=(\w+)$/.exec(path);
      if (rates) return jsonResponse({ success: true, by: rates[1], rows: rows(rates[1]!) });
      if (path === '/api/admin/users/u1/cod-hold/lift' && init?.method === 'POST') {
        held = false;
        return jsonResponse({ success: true });
      }
      return jsonResponse({ success: false, error: 'Not found' }, {}, 404);
    }),
  );
  signIn('admin', 'admin-token', 'Admin');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RtoRatesPanel />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the admin’s returns to origin', () => {
  it('lists shoppers with their rate and lifts a held shopper’s COD', async () => {
    const calls = setup();
    const meera = (await screen.findByText(MEERA)).closest('tr')!;
    expect(within(meera).getByText('66.7%')).toBeInTheDocument();
    expect(within(meera).getByText('Held')).toBeInTheDocument();
    // Only the held shopper has the button.
    const ravi = screen.getByText('Ravi <ravi@example.in>').closest('tr')!;
    expect(within(ravi).queryByRole('button')).toBeNull();
    expect(within(ravi).getByText('Offered')).toBeInTheDocument();

    await userEvent.click(within(meera).getByRole('button', { name: `Lift COD hold for ${MEERA}` }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(`Cash On Delivery offered again to ${MEERA}`),
    );
    expect(calls).toContain('POST /api/admin/users/u1/cod-hold/lift');
    // Read again: no longer held.
    await vi.waitFor(() =>
      expect(within(screen.getByText(MEERA).closest('tr')!).queryByRole('button')).toBeNull(),
    );
  });

  it('shows the rates by PIN code when asked, without COD holds', async () => {
    const calls = setup();
    await screen.findByText(MEERA);
    const group = screen.getByRole('group', { name: 'Show returns' });
    expect(within(group).getByRole('button', { name: 'By shopper' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: 'By PIN code' }));
    const row = (await screen.findByText('560001')).closest('tr')!;
    expect(within(row).getByText('37.5%')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'PIN code' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Cash On Delivery' })).toBeNull();
    expect(calls).toContain('GET /api/admin/rto-rates?by=pincode');
  });
});
