import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { PINCODE_KEY } from './delivery-api.ts';
import { PincodeBox } from './PincodeBox.tsx';

const P = '11111111-1111-4111-8111-111111111111';
const M = '22222222-2222-4222-8222-222222222222';
const L = '33333333-3333-4333-8333-333333333333';

const promise = (over: Record<string, unknown> = {}) => ({
  success: true,
  pincode: '560034',
  district: 'Bengaluru',
  state: 'Karnataka',
  serviceable: true,
  cod: true,
  days: 4,
  deliverBy: '2026-12-02',
  shippingFee: 49,
  freeAbove: 999,
  ...over,
});

type Answer = { status?: number; body: unknown };

/** Answers the promise by PIN code (`answers`), and the address book. */
function setup(answers: Record<string, Answer>, addresses: unknown[] = []) {
  const fetch = vi.fn(async (path: string) => {
    const url = new URL(path, 'http://shop');
    let answer: Answer = { body: { success: true } };
    if (url.pathname === '/api/delivery/promise')
      answer = answers[url.searchParams.get('pincode') ?? ''] ?? { status: 500, body: {} };
    if (url.pathname === '/api/user/addresses') answer = { body: { success: true, addresses } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  const view = render(wrap(<PincodeBox target={{ productId: P, variantId: M }} />));
  const rerender = (variantId: string) =>
    view.rerender(wrap(<PincodeBox target={{ productId: P, variantId }} />));
  const promiseCalls = () =>
    fetch.mock.calls
      .map(([path]) => new URL(path, 'http://shop'))
      .filter((u) => u.pathname === '/api/delivery/promise')
      .map((u) => Object.fromEntries(u.searchParams));
  return { fetch, rerender, promiseCalls };
}

afterEach(() => vi.unstubAllGlobals());

describe('the product page’s pincode box', () => {
  it('asks for the size’s promise to the PIN code typed and says the day, fee and COD', async () => {
    const { promiseCalls } = setup({ '560034': { body: promise() } });
    const box = screen.getByRole('textbox', { name: 'Check delivery' });
    await userEvent.type(box, '560034');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('promise-date')).toHaveTextContent('Delivery by Wed, 2 Dec');
    expect(screen.getByTestId('promise-fee')).toHaveTextContent(
      'Delivery fee Rs. 49.00 (free on orders from this seller of Rs. 999.00 or more)',
    );
    expect(screen.getByTestId('promise-cod')).toHaveTextContent('Cash On Delivery available');
    expect(screen.getByText('Delivering to Bengaluru, Karnataka 560034')).toBeInTheDocument();
    expect(promiseCalls()).toEqual([{ variantId: M, pincode: '560034' }]);
    expect(localStorage.getItem(PINCODE_KEY)).toBe('560034');
  });

  it('says free delivery, COD not available, and the reason a PIN code is not served', async () => {
    setup({
      '744101': { body: promise({ pincode: '744101', cod: false, shippingFee: 0, freeAbove: null }) },
      '190001': {
        body: promise({
          pincode: '190001',
          serviceable: false,
          reason: 'We do not deliver to 190001 yet',
          deliverBy: null,
          days: null,
        }),
      },
    });
    const box = screen.getByRole('textbox', { name: 'Check delivery' });
    await userEvent.type(box, '744101{Enter}');
    expect(await screen.findByTestId('promise-cod')).toHaveTextContent('Cash On Delivery not available');
    expect(screen.getByTestId('promise-fee')).toHaveTextContent(/^Free delivery$/);
    await userEvent.clear(box);
    await userEvent.type(box, '190001{Enter}');
    expect(await screen.findByTestId('promise-unserviceable')).toHaveTextContent(
      'We do not deliver to 190001 yet',
    );
    expect(screen.queryByTestId('promise-date')).not.toBeInTheDocument();
    expect(screen.queryByTestId('promise-cod')).not.toBeInTheDocument();
  });

  it('says why no day is promised where it delivers without one', async () => {
    const reason = 'The seller has not added a pickup address yet, so we cannot promise a delivery date';
    setup({ '560034': { body: promise({ deliverBy: null, days: null, reason, shippingFee: 0 }) } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Check delivery' }), '560034{Enter}');
    expect(await screen.findByTestId('promise-no-date')).toHaveTextContent(reason);
    expect(screen.queryByTestId('promise-date')).toBeNull();
    expect(screen.getByTestId('promise-cod')).toHaveTextContent('Cash On Delivery available');
  });

  it('shows the server’s refusal of a PIN code inline, and remembers no refused code', async () => {
    setup({
      '999999': {
        status: 400,
        body: {
          success: false,
          error: 'Bad request',
          errors: [{ msg: 'Unknown PIN code 999999', path: 'pincode' }],
        },
      },
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Check delivery' }), '999999{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown PIN code 999999');
    expect(screen.getByRole('textbox', { name: 'Check delivery' })).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(PINCODE_KEY)).toBeNull();
  });

  it('refuses fewer than six digits without asking the server', async () => {
    const { promiseCalls } = setup({});
    const box = screen.getByRole('textbox', { name: 'Check delivery' });
    await userEvent.type(box, '5600a');
    expect(box).toHaveValue('5600');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid 6-digit PIN code');
    expect(promiseCalls()).toEqual([]);
  });

  it('asks again for the remembered PIN code on opening and when the size changes', async () => {
    localStorage.setItem(PINCODE_KEY, '560034');
    const { promiseCalls, rerender } = setup({ '560034': { body: promise() } });
    expect(await screen.findByTestId('promise-date')).toHaveTextContent('Wed, 2 Dec');
    expect(screen.getByRole('textbox', { name: 'Check delivery' })).toHaveValue('560034');
    rerender(L);
    await vi.waitFor(() =>
      expect(promiseCalls()).toEqual([
        { variantId: M, pincode: '560034' },
        { variantId: L, pincode: '560034' },
      ]),
    );
  });

  it('fills a signed-in shopper’s default address’s PIN code when the device remembers none', async () => {
    signIn('user', 'token', 'Asha');
    const address = (postalCode: string, isDefault: boolean) => ({
      _id: postalCode,
      fullName: 'Asha',
      mobile: '9876543210',
      address: '1 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode,
      isDefault,
      date: '2026-11-01T00:00:00.000Z',
    });
    const { promiseCalls } = setup({ '560034': { body: promise() } }, [
      address('560034', true),
      address('110001', false),
    ]);
    expect(await screen.findByTestId('promise-date')).toHaveTextContent('Delivery by Wed, 2 Dec');
    expect(screen.getByRole('textbox', { name: 'Check delivery' })).toHaveValue('560034');
    expect(promiseCalls()).toEqual([{ variantId: M, pincode: '560034' }]);
  });

  it('does not read the address book when the device remembers a PIN code', async () => {
    signIn('user', 'token', 'Asha');
    localStorage.setItem(PINCODE_KEY, '560034');
    const { fetch } = setup({ '560034': { body: promise() } });
    await screen.findByTestId('promise-date');
    expect(fetch.mock.calls.some(([path]) => path === '/api/user/addresses')).toBe(false);
  });
});
