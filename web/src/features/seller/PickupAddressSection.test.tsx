import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PickupAddressAnswer } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { jsonResponse } from '../orders/test-orders.ts';
import { NoPickupBanner, PickupAddressSection, validatePickup } from './PickupAddressSection.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const NONE: PickupAddressAnswer = { success: true, pickupAddress: null, dispatchDays: 2 };
const JAIPUR = {
  line1: '21 Johari Bazaar',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  phone: '9829012345',
};

/**
 * The seller centre's API as the screens see it: the pickup address (`first` until a PUT is
 * accepted), a PUT of it answered by `onPut`, the settings (cut-off `cutoffHour`) and their PUT,
 * answered by `onSettings` (by default saving and echoing what is asked for).
 */
function setup(
  first: PickupAddressAnswer,
  onPut: (body: typeof JAIPUR) => Response,
  cutoffHour = 14,
  onSettings?: (body: Record<string, number>) => Response | undefined,
) {
  signIn('seller', 'seller-token', 'Arjun Mehta');
  let current = first;
  let settings = { success: true, lowStockThreshold: 5, dispatchDays: first.dispatchDays, cutoffHour };
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (path === '/api/seller/pickup-address' && init?.method === 'PUT') {
      const answer = onPut(body);
      if (!answer.ok) return answer;
      // As the server answers: the address saved, with the handling time as it is now.
      current = { ...current, pickupAddress: body };
      return jsonResponse(current);
    }
    if (path === '/api/seller/pickup-address') return jsonResponse(current);
    if (path === '/api/seller/settings' && init?.method === 'PUT') {
      const refused = onSettings?.(body);
      if (refused) return refused;
      settings = { ...settings, ...body };
      current = { ...current, dispatchDays: settings.dispatchDays };
      return jsonResponse(settings);
    }
    if (path === '/api/seller/settings') return jsonResponse(settings);
    return jsonResponse({ success: false, error: 'Not found' }, {}, 404);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <NoPickupBanner />
        <PickupAddressSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const puts = () =>
    fetch.mock.calls
      .filter((c) => c[1]?.method === 'PUT')
      .map((c) => [String(c[0]), JSON.parse(String(c[1]?.body))]);
  return { fetch, puts, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOut('seller');
});

describe('the pickup address', () => {
  it('is asked for while none is set, then saved with the dispatch days and shown', async () => {
    const { fetch, puts, user } = setup(NONE, (body) =>
      jsonResponse({ success: true, pickupAddress: body, dispatchDays: 2 }),
    );
    const banner = await screen.findByTestId('no-pickup-banner');
    expect(banner).toHaveTextContent(
      'Add your pickup address: until then shoppers see no delivery date for your products.',
    );
    expect(within(banner).getByRole('link', { name: 'Add pickup address' })).toHaveAttribute(
      'href',
      '/seller-profile#pickup',
    );

    // Open from the start; every problem shows at once and nothing is sent.
    const form = screen.getByRole('form', { name: 'Pickup address' });
    await user.click(within(form).getByRole('button', { name: 'Add pickup address' }));
    expect(screen.getByLabelText('PIN code')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid 6-digit PIN code'),
    );
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription(
      expect.stringContaining('Please choose a state or union territory'),
    );
    expect(puts()).toEqual([]);

    await user.type(screen.getByLabelText('Address'), JAIPUR.line1);
    await user.type(screen.getByLabelText('City'), JAIPUR.city);
    await user.selectOptions(screen.getByLabelText('State'), 'Rajasthan');
    await user.type(screen.getByLabelText('PIN code'), JAIPUR.postalCode);
    await user.type(screen.getByLabelText('Phone'), '+91 98290 12345');
    expect(screen.getByLabelText('Dispatch within')).toHaveValue('2');
    await user.selectOptions(screen.getByLabelText('Dispatch within'), '1 working day');
    await user.click(within(form).getByRole('button', { name: 'Add pickup address' }));

    const shown = await screen.findByTestId('pickup-address');
    expect(shown).toHaveTextContent('21 Johari Bazaar, Jaipur, Rajasthan 302001');
    expect(shown).toHaveTextContent('+91 98290 12345');
    expect(shown).toHaveTextContent('1 working day');
    expect(puts()).toEqual([
      ['/api/seller/pickup-address', { ...JAIPUR, phone: '+91 98290 12345' }],
      ['/api/seller/settings', { dispatchDays: 1 }],
    ]);
    const put = fetch.mock.calls.find((c) => c[1]?.method === 'PUT');
    expect(new Headers(put?.[1]?.headers).get('auth-token')).toBe('seller-token');
    await waitFor(() => expect(screen.queryByTestId('no-pickup-banner')).toBeNull());
  }, 20_000);

  it('shows a refused PIN code beside its field, and keeps the days when unchanged', async () => {
    const message = 'PIN code 560034 is in Karnataka, not Rajasthan: please check the PIN code or the state';
    const { puts, user } = setup({ success: true, pickupAddress: JAIPUR, dispatchDays: 3 }, (body) =>
      body.postalCode === '560034'
        ? jsonResponse(
            { success: false, error: message, errors: [{ msg: message, path: 'postalCode' }] },
            {},
            400,
          )
        : jsonResponse({ success: true, pickupAddress: body, dispatchDays: 3 }),
    );
    expect(await screen.findByTestId('pickup-address')).toHaveTextContent('3 working days');
    expect(screen.queryByTestId('no-pickup-banner')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change pickup address' }));
    const pin = screen.getByLabelText('PIN code');
    expect(pin).toHaveValue('302001');
    expect(screen.getByLabelText('Dispatch within')).toHaveValue('3');
    await user.clear(pin);
    await user.type(pin, '560034');
    await user.click(screen.getByRole('button', { name: 'Save pickup address' }));
    await waitFor(() => expect(pin).toHaveFocus());
    expect(pin).toHaveAccessibleDescription(expect.stringContaining(message));

    await user.clear(pin);
    await user.type(pin, '302003');
    await user.click(screen.getByRole('button', { name: 'Save pickup address' }));
    expect(await screen.findByTestId('pickup-address')).toHaveTextContent('Jaipur, Rajasthan 302003');
    // The days did not change: no settings request.
    expect(puts().map(([path]) => path)).toEqual([
      '/api/seller/pickup-address',
      '/api/seller/pickup-address',
    ]);
  }, 20_000);

  it('prefills the order cut-off from the settings and sends a changed one with the days', async () => {
    const { puts, user } = setup(
      { success: true, pickupAddress: JAIPUR, dispatchDays: 2 },
      (body) => jsonResponse({ success: true, pickupAddress: body, dispatchDays: 2 }),
      16,
    );
    const shown = await screen.findByTestId('pickup-address');
    expect(shown).toHaveTextContent('Orders placed after 16:00 (IST) are dispatched from the next day');
    await user.click(screen.getByRole('button', { name: 'Change pickup address' }));
    const cutoff = screen.getByLabelText('Orders after');
    expect(cutoff).toHaveValue('16');
    expect(cutoff).toHaveAccessibleDescription(
      'Orders placed after 16:00 (IST) are dispatched from the next day',
    );

    await user.selectOptions(cutoff, '18:00 (IST)');
    expect(cutoff).toHaveAccessibleDescription(
      'Orders placed after 18:00 (IST) are dispatched from the next day',
    );
    await user.selectOptions(screen.getByLabelText('Dispatch within'), '3 working days');
    await user.click(screen.getByRole('button', { name: 'Save pickup address' }));
    expect(await screen.findByTestId('pickup-address')).toHaveTextContent(
      'Orders placed after 18:00 (IST) are dispatched from the next day',
    );
    expect(screen.getByTestId('pickup-address')).toHaveTextContent('3 working days');
    expect(puts()).toEqual([
      ['/api/seller/pickup-address', { ...JAIPUR, phone: '+91 98290 12345' }],
      ['/api/seller/settings', { dispatchDays: 3, cutoffHour: 18 }],
    ]);

    // Only the cut-off changed: only it is sent, and the form opens with the saved hour.
    await user.click(screen.getByRole('button', { name: 'Change pickup address' }));
    expect(screen.getByLabelText('Orders after')).toHaveValue('18');
    await user.selectOptions(screen.getByLabelText('Orders after'), '10:00 (IST)');
    await user.click(screen.getByRole('button', { name: 'Save pickup address' }));
    expect(await screen.findByTestId('pickup-address')).toHaveTextContent('after 10:00 (IST)');
    expect(puts().at(-1)).toEqual(['/api/seller/settings', { cutoffHour: 10 }]);
  }, 20_000);

  it('shows a refused cut-off hour beside its field', async () => {
    const message = 'cutoffHour must be a whole hour from 0 to 23';
    const { user } = setup(
      { success: true, pickupAddress: JAIPUR, dispatchDays: 2 },
      (body) => jsonResponse({ success: true, pickupAddress: body, dispatchDays: 2 }),
      14,
      (body) =>
        body.cutoffHour === 20
          ? jsonResponse(
              { success: false, error: message, errors: [{ msg: message, path: 'cutoffHour' }] },
              {},
              400,
            )
          : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Change pickup address' }));
    const cutoff = screen.getByLabelText('Orders after');
    expect(cutoff).toHaveValue('14');
    await user.selectOptions(cutoff, '20:00 (IST)');
    await user.click(screen.getByRole('button', { name: 'Save pickup address' }));
    await waitFor(() => expect(cutoff).toHaveFocus());
    expect(cutoff).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(cutoff).toHaveAttribute('aria-invalid', 'true');
    // Still editing; the saved cut-off is unchanged.
    expect(screen.getByRole('form', { name: 'Pickup address' })).toBeInTheDocument();
  }, 20_000);

  it('checks every field before sending', () => {
    expect(validatePickup({ ...JAIPUR, dispatchDays: '2', cutoffHour: '14' })).toEqual({});
    expect(
      validatePickup({
        line1: ' ',
        city: '',
        state: '',
        postalCode: '02001',
        phone: '12345',
        dispatchDays: '',
        cutoffHour: '',
      }),
    ).toEqual({
      line1: 'Address is required',
      city: 'City is required',
      state: 'Please choose a state or union territory',
      postalCode: 'Please enter a valid 6-digit PIN code',
      phone: 'Please enter a valid 10-digit Indian mobile number',
      dispatchDays: 'Choose how many working days you need to dispatch an order',
      cutoffHour: 'Choose the hour after which orders are dispatched from the next day',
    });
    expect(validatePickup({ ...JAIPUR, dispatchDays: '16', cutoffHour: '14' })).toHaveProperty(
      'dispatchDays',
    );
    expect(validatePickup({ ...JAIPUR, dispatchDays: '2', cutoffHour: '24' })).toEqual({
      cutoffHour: 'Choose the hour after which orders are dispatched from the next day',
    });
    expect(validatePickup({ ...JAIPUR, dispatchDays: '2', cutoffHour: '0' })).toEqual({});
  });
});
