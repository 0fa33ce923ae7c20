import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import ShippingAddressPage from './ShippingAddressPage.tsx';

const profile = {
  _id: 'u1',
  fullName: 'Asha Verma',
  mobile: '9876543210',
  address: '',
  city: '',
  state: '',
  postalCode: '',
};
const saved = (over: Record<string, unknown>) => ({
  fullName: 'Asha Verma',
  mobile: '9876543210',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  isDefault: false,
  date: '2026-11-20T10:00:00.000Z',
  ...over,
});
const cart = {
  success: true,
  userCartProducts: [],
  summary: { pieces: 0, subtotal: 0, gst: 0, shipping: 0, total: 0, taxIncluded: false, taxLines: [] },
  checkout: { paymentMethod: 'COD', address: '', city: '', state: '', postalCode: '' },
};

type Answer = { status?: number; body: unknown };
function setup(addresses: unknown[], answers: Record<string, Answer> = {}) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${path}`;
    const answer: Answer = answers[key] ?? {
      body:
        path === '/api/auth/user/get-user-profile'
          ? [profile]
          : path === '/api/user/cart'
            ? cart
            : path === '/api/user/addresses' && (init?.method ?? 'GET') === 'GET'
              ? { success: true, addresses }
              : { success: true, address: saved({ _id: 'new' }) },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/shipping-address']}>
        <Routes>
          <Route path="/shipping-address" element={<ShippingAddressPage />} />
          <Route path="/place-order-page" element={<h1>Place Order</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const bodiesOf = (fetch: ReturnType<typeof setup>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([p, init]) => p === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

afterEach(() => vi.unstubAllGlobals());

describe('shipping address page', () => {
  it('offers the saved addresses with the default chosen, and puts the picked one on the checkout', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup([
      saved({ _id: 'a1', address: '14 Residency Road', isDefault: true }),
      saved({ _id: 'a2', address: '9 Lake View', city: 'Kochi', state: 'Kerala', postalCode: '682001' }),
    ]);
    const home = await screen.findByRole('radio', { name: /14 Residency Road/ });
    expect(home).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /9 Lake View/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Place Order' })).toBeInTheDocument();
    expect(bodiesOf(fetch, 'PUT', '/api/user/save-shipping-address')).toEqual([
      { address: '9 Lake View', city: 'Kochi', state: 'Kerala', postalCode: '682001', saveToProfile: false },
    ]);
    expect(bodiesOf(fetch, 'POST', '/api/user/addresses')).toEqual([]);
  });

  it('with no saved address, asks for one and saves it to the book only when ticked', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup([]);
    expect(await screen.findByLabelText('Full Name')).toHaveValue('Asha Verma');
    expect(screen.getByLabelText(/Mobile Number/)).toHaveValue('+91 98765 43210');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '5 Beach Road' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Chennai' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Tamil Nadu' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '600001' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save to my address book' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Place Order' })).toBeInTheDocument();
    expect(bodiesOf(fetch, 'POST', '/api/user/addresses')).toEqual([
      {
        fullName: 'Asha Verma',
        mobile: '+91 98765 43210',
        address: '5 Beach Road',
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600001',
      },
    ]);
    expect(bodiesOf(fetch, 'PUT', '/api/user/save-shipping-address')).toEqual([
      {
        address: '5 Beach Road',
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600001',
        saveToProfile: false,
      },
    ]);
  });

  it('shows every problem beside its field at once and focuses the first, sending nothing', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup([]);
    fireEvent.change(await screen.findByLabelText(/Mobile Number/), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '012345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const mobile = screen.getByLabelText(/Mobile Number/);
    await waitFor(() => expect(mobile).toHaveFocus());
    expect(mobile).toHaveAccessibleDescription(/valid 10-digit Indian mobile number/);
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required');
    expect(screen.getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('PIN code')).toHaveAccessibleDescription(/6-digit PIN code/);
    expect(bodiesOf(fetch, 'PUT', '/api/user/save-shipping-address')).toEqual([]);
  });

  it("shows the server's field errors beside the fields", async () => {
    signIn('user', 'token', 'Asha');
    setup([], {
      'PUT /api/user/save-shipping-address': {
        status: 400,
        body: {
          success: false,
          error: 'City must be at most 80 characters',
          errors: [{ msg: 'City must be at most 80 characters', path: 'city' }],
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Address'), { target: { value: '5 Beach Road' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Chennai' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Tamil Nadu' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '600001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const city = screen.getByLabelText('City');
    await waitFor(() => expect(city).toHaveAccessibleDescription('City must be at most 80 characters'));
    expect(city).toHaveFocus();
  });
});
