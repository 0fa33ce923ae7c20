import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiOrder } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import CodConfirmLinkPage from './CodConfirmLinkPage.tsx';
import OrderPage from './OrderPage.tsx';
import { apiOrder, jsonResponse, line } from './test-orders.ts';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

/** COD confirmation on the web (issue 39): the order page's one-time code, and the link's page. */
const ID = '1a2b3c4d-0000-4000-8000-000000000001';
const DEADLINE = '2026-11-29T13:10:00.000Z';

function render_(path: string, answer: (path: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (p: string, init?: RequestInit) => answer(p, init));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/orders/confirm" element={<CodConfirmLinkPage />} />
          <Route path="/orders/:orderId" element={<OrderPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('user');
});

const codOrder = (status: 'awaiting_confirmation' | 'pending'): ApiOrder =>
  apiOrder({
    paymentMethod: 'COD',
    paymentStatus: 'cod_due',
    ...(status === 'awaiting_confirmation' ? { codConfirmBy: DEADLINE } : {}),
    items: [line({ name: 'Indigo Kurta', orderId: ID, status })],
  });

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? '{}'));

describe('the order page of a COD order awaiting confirmation', () => {
  it('sends a code, refuses a wrong one with its reason, and confirms with the right one', async () => {
    signIn('user', 'token', 'Asha');
    let confirmed = false;
    const fetch = render_(`/orders/${ID}`, (path, init) => {
      if (path.endsWith('/cod-confirm/request'))
        return jsonResponse({ success: true, resendAfterSeconds: 30, sentTo: '******1234' });
      if (path.endsWith('/cod-confirm')) {
        if (bodyOf(init).otp !== '123456')
          return jsonResponse(
            {
              success: false,
              error: 'That code is not right. 4 tries left',
              errors: [{ msg: 'That code is not right. 4 tries left' }],
            },
            {},
            400,
          );
        confirmed = true;
        return jsonResponse({ success: true, orderId: ID, confirmedAt: '2026-11-28T13:10:00.000Z' });
      }
      return jsonResponse({
        success: true,
        order: codOrder(confirmed ? 'pending' : 'awaiting_confirmation'),
      });
    });
    const panel = within(await screen.findByRole('region', { name: 'Confirm your Cash On Delivery order' }));
    expect(screen.getByTestId('item-status')).toHaveTextContent('Awaiting your confirmation');
    expect(panel.getByTestId('cod-confirm-by')).toHaveTextContent('29 Nov');
    await userEvent.click(panel.getByRole('button', { name: 'Send code' }));
    expect(await panel.findByRole('status')).toHaveTextContent('We sent a code to ******1234.');
    const request = fetch.mock.calls.find(([p]) => String(p).endsWith('/cod-confirm/request'));
    expect(String(request?.[0])).toBe(`/api/user/orders/${ID}/cod-confirm/request`);
    expect(request?.[1]?.method).toBe('POST');

    const code = panel.getByLabelText('One-time code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '000000');
    await userEvent.click(panel.getByRole('button', { name: 'Confirm order' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('That code is not right. 4 tries left');
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(panel.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(screen.getByTestId('item-status')).toHaveTextContent('Pending'));
    expect(screen.queryByRole('region', { name: 'Confirm your Cash On Delivery order' })).toBeNull();
    const sent = fetch.mock.calls.filter(([p]) => String(p) === `/api/user/orders/${ID}/cod-confirm`);
    expect(sent.map(([, init]) => bodyOf(init))).toEqual([{ otp: '000000' }, { otp: '123456' }]);
    // An item awaiting confirmation could be cancelled like a pending one; now it is pending.
    expect(screen.getByRole('button', { name: 'Cancel Indigo Kurta' })).toBeInTheDocument();
  });

  it('shows no panel on a COD order that needs no confirmation', async () => {
    signIn('user', 'token', 'Asha');
    render_(`/orders/${ID}`, () => jsonResponse({ success: true, order: codOrder('pending') }));
    expect(await screen.findByTestId('item-status')).toHaveTextContent('Pending');
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });
});

describe('the confirmation link', () => {
  it('confirms the order with its token when the shopper taps, without signing in', async () => {
    const fetch = render_('/orders/confirm?token=abc.def.ghi', () =>
      jsonResponse({ success: true, orderId: ID, confirmedAt: '2026-11-28T13:10:00.000Z' }),
    );
    // Opening the link confirms nothing (a link preview or a scanner must not confirm for them).
    const confirm = await screen.findByRole('button', { name: 'Confirm order' });
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Order confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', `/orders/${ID}`);
    const [path, init] = fetch.mock.calls[0]!;
    expect(String(path)).toBe('/api/orders/cod-confirm');
    expect(bodyOf(init)).toEqual({ token: 'abc.def.ghi' });
    expect(new Headers(init?.headers).get('auth-token')).toBeNull();
  });

  it('says why when the server refuses (too late, cancelled, a bad link)', async () => {
    const reason =
      'The time to confirm this Cash On Delivery order has passed, so it was cancelled. Please place the order again';
    render_('/orders/confirm?token=abc', () =>
      jsonResponse({ success: false, error: reason, errors: [{ msg: reason }] }, {}, 409),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: 'Order not confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(reason);
  });

  it('asks for the full link when the token is missing, calling nothing', async () => {
    const fetch = render_('/orders/confirm', () => jsonResponse({}));
    expect(await screen.findByRole('heading', { name: 'Order not confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link is incomplete');
    expect(fetch).not.toHaveBeenCalled();
  });
});
