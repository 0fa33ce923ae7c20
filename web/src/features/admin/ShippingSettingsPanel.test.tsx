import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import { jsonResponse } from '../orders/test-orders.ts';
import { rupeesOf, ShippingSettingsPanel } from './ShippingSettingsPanel.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

type Call = { method: string; body: unknown };

/** The settings endpoint: answers what it holds, and a PUT with `put` (else the saved values). */
function setup(put?: (body: Record<string, unknown>) => Response) {
  let held = { success: true, freeAbove: 0, fee: 0, codFee: 0, feesTo: 'seller' };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path !== '/api/admin/settings/shipping') return jsonResponse({}, {}, 404);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? 'GET', body });
      if (init?.method === 'PUT') {
        if (put) return put(body);
        held = { ...held, ...body };
      }
      return jsonResponse(held);
    }),
  );
  signIn('admin', 'admin-token', 'Admin');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShippingSettingsPanel />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the admin’s shipping charges', () => {
  it('shows the settings and saves new ones in rupees', async () => {
    const calls = setup();
    const freeAbove = await screen.findByRole('textbox', { name: 'Free shipping from (Rs.)' });
    expect(freeAbove).toHaveValue('0');
    await userEvent.clear(freeAbove);
    await userEvent.type(freeAbove, '999');
    const fee = screen.getByRole('textbox', { name: 'Shipping fee (Rs.)' });
    await userEvent.clear(fee);
    await userEvent.type(fee, '49.50');
    const codFee = screen.getByRole('textbox', { name: 'Cash On Delivery fee (Rs.)' });
    await userEvent.clear(codFee);
    await userEvent.type(codFee, '25');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'The fees go to' }), 'platform');
    await userEvent.click(screen.getByRole('button', { name: 'Save shipping charges' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Shipping charges saved'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { freeAbove: 999, fee: 49.5, codFee: 25, feesTo: 'platform' },
    ]);
    expect(await screen.findByRole('textbox', { name: 'Shipping fee (Rs.)' })).toHaveValue('49.5');
  });

  it('refuses an amount that is not rupees beside its field, sending nothing', async () => {
    const calls = setup();
    const fee = await screen.findByRole('textbox', { name: 'Shipping fee (Rs.)' });
    await userEvent.clear(fee);
    await userEvent.type(fee, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save shipping charges' }));
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(fee).toHaveAccessibleDescription(/Enter an amount in rupees, 0 for none/);
    expect(fee).toHaveFocus();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal beside the field it names', async () => {
    setup(() =>
      jsonResponse(
        {
          success: false,
          error: 'Bad request',
          errors: [{ msg: 'fee can be at most Rs. 1,00,000', path: 'fee' }],
        },
        {},
        400,
      ),
    );
    const fee = await screen.findByRole('textbox', { name: 'Shipping fee (Rs.)' });
    await userEvent.clear(fee);
    await userEvent.type(fee, '200000');
    await userEvent.click(screen.getByRole('button', { name: 'Save shipping charges' }));
    expect(await screen.findByText('fee can be at most Rs. 1,00,000')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('reads rupees with at most two decimals', () => {
    expect(rupeesOf(' 49.5 ')).toEqual({ value: 49.5 });
    expect(rupeesOf('0')).toEqual({ value: 0 });
    expect(rupeesOf('1.234')).toHaveProperty('error');
    expect(rupeesOf('')).toHaveProperty('error');
    expect(rupeesOf('1e3')).toHaveProperty('error');
  });
});
