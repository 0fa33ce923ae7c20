import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerProfile } from '@vastra/contracts';
import { SHOP_GSTIN_DEFAULT } from '@vastra/contracts/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { jsonResponse } from '../orders/test-orders.ts';
import { publishedNote } from './SellerGstSection.tsx';
import SellerProfilePage from './SellerProfilePage.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const GSTIN = SHOP_GSTIN_DEFAULT;

const profile = (over: Partial<SellerProfile> = {}): SellerProfile => ({
  _id: '3f2a9c81-7d4e-4b1a-9c3e-1234567890ab',
  fullName: 'Meera Das',
  email: 'meera@example.in',
  mobile: '9845001234',
  companyName: 'Das Weaves',
  companyAddress: '12 Weavers Lane, Mysuru',
  status: 'active',
  date: '2026-04-01T10:00:00.000Z',
  emailVerified: true,
  gstin: null,
  legalName: '',
  state: '',
  canPublish: false,
  ...over,
});

/** A pickup address on record (the pickup section's own tests are in PickupAddressSection.test.tsx). */
const PICKUP_SET = {
  success: true,
  pickupAddress: {
    line1: '12 Weavers Lane',
    city: 'Mysuru',
    state: 'Karnataka',
    postalCode: '570001',
    phone: '9845001234',
  },
  dispatchDays: 2,
};

/** The profile answers `me`, and `saved` once a PUT has succeeded. */
function setup(me: SellerProfile, save: () => Response, saved = me) {
  signIn('seller', 'seller-token', 'Meera Das');
  let current = me;
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/seller/pickup-address') return jsonResponse(PICKUP_SET);
    if (init?.method !== 'PUT') return jsonResponse([current]);
    const answer = save();
    if (answer.ok) current = saved;
    return answer;
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SellerProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetch, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOut('seller');
});

describe('seller profile: GST registration', () => {
  it('says the products are hidden until a GSTIN is added, and adding one puts them on sale', async () => {
    const registered = { gstin: GSTIN, legalName: 'Das Weaves Private Limited', state: 'Karnataka' };
    const { fetch, user } = setup(
      profile(),
      () => jsonResponse({ success: true, ...registered, published: 3 }),
      profile({ ...registered, canPublish: true }),
    );
    const banner = await screen.findByText(
      'Your products are hidden from shoppers until you add your GSTIN.',
    );
    expect(within(banner.closest('div')!).getByRole('link', { name: 'Add your GSTIN' })).toHaveAttribute(
      'href',
      '/seller-profile#gst',
    );
    expect(screen.getByTestId('seller-gstin')).toHaveTextContent('Not added yet');

    // The form is open while there is no GSTIN; both GSTIN and legal name are needed.
    await user.click(screen.getByRole('button', { name: 'Add GSTIN' }));
    expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(
      expect.stringContaining('Enter your GSTIN'),
    );
    expect(screen.getByLabelText('Legal name')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the legal name'),
    );
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('GSTIN'), GSTIN.toLowerCase());
    await user.type(screen.getByLabelText('Legal name'), 'Das Weaves Private Limited');
    await user.click(screen.getByRole('button', { name: 'Add GSTIN' }));
    expect(await screen.findByText('GST details saved. 3 products are now on sale.')).toBeInTheDocument();
    const put = fetch.mock.calls.find((c) => c[1]?.method === 'PUT');
    expect(String(put?.[0])).toBe('/api/seller/gst-details');
    expect(new Headers(put?.[1]?.headers).get('auth-token')).toBe('seller-token');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      gstin: GSTIN,
      legalName: 'Das Weaves Private Limited',
    });
    await waitFor(() => expect(screen.getByTestId('seller-gstin')).toHaveTextContent(GSTIN));
    expect(screen.queryByText(/Your products are hidden/)).toBeNull();
  }, 20_000);

  it('shows what is on record, and a refused change beside its field', async () => {
    const message = 'A GSTIN starting 29 is registered in Karnataka, not Kerala';
    const { user } = setup(
      profile({
        gstin: GSTIN,
        legalName: 'Das Weaves Private Limited',
        state: 'Karnataka',
        canPublish: true,
      }),
      () =>
        jsonResponse({ success: false, error: message, errors: [{ msg: message, path: 'state' }] }, {}, 400),
    );
    expect(await screen.findByTestId('seller-gstin')).toHaveTextContent(GSTIN);
    expect(screen.getByText('Karnataka')).toBeInTheDocument();
    expect(screen.queryByText(/Your products are hidden/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change GST details' }));
    expect(screen.getByLabelText('GSTIN')).toHaveValue(GSTIN);
    await user.selectOptions(screen.getByLabelText(/^Registered state/), 'Kerala');
    await user.click(screen.getByRole('button', { name: 'Save GST details' }));
    const state = screen.getByLabelText(/^Registered state/);
    await waitFor(() => expect(state).toHaveFocus());
    expect(state).toHaveAccessibleDescription(expect.stringContaining(message));
  }, 20_000);

  it('counts the products put on sale', () => {
    expect(publishedNote(0)).toBe('');
    expect(publishedNote(1)).toBe('1 product is now on sale.');
    expect(publishedNote(12)).toBe('12 products are now on sale.');
  });
});
