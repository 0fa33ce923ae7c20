import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import ShippingAddressPage from './ShippingAddressPage.tsx';

const profile = {
  _id: 'u1',
  fullName: 'Asha Verma',
  address: '14 Residency Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
};
const cart = {
  success: true,
  userCartProducts: [],
  summary: { pieces: 0, subtotal: 0, gst: 0, shipping: 0, total: 0 },
  checkout: { paymentMethod: 'COD', address: '', city: '', state: '', postalCode: '' },
};

function setup() {
  const fetch = vi.fn(async (path: string, _init?: RequestInit) => {
    const body =
      path === '/api/auth/user/get-user-profile'
        ? [profile]
        : path === '/api/user/cart'
          ? cart
          : { success: true };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
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

/** The body of the save-shipping-address call, once the page has moved on to Place Order. */
async function savedBody(fetch: ReturnType<typeof setup>) {
  expect(await screen.findByRole('heading', { name: 'Place Order' })).toBeInTheDocument();
  const calls = fetch.mock.calls.filter(([path]) => path === '/api/user/save-shipping-address');
  expect(calls).toHaveLength(1);
  expect(calls[0]![1]?.method).toBe('PUT');
  return JSON.parse(String(calls[0]![1]?.body));
}

afterEach(() => vi.unstubAllGlobals());

describe('shipping address page', () => {
  it('saves the address for this order only unless the shopper asks', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup();
    const choice = await screen.findByRole('checkbox', { name: 'Save to my profile' });
    expect(choice).not.toBeChecked();
    expect(screen.getByLabelText('City')).toHaveValue('Pune');
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Mumbai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await savedBody(fetch)).toEqual({
      address: '14 Residency Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      postalCode: '411001',
      saveToProfile: false,
    });
  });

  it('also saves it to the profile when "Save to my profile" is ticked', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Save to my profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await savedBody(fetch)).toMatchObject({ city: 'Pune', saveToProfile: true });
  });
});
