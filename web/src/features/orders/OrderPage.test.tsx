import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import OrderPage from './OrderPage.tsx';
import { apiOrder, jsonResponse, line } from './test-orders.ts';

const ID = '1a2b3c4d-0000-4000-8000-000000000001';

function setup(answer: (path: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => answer(path, init));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/orders/${ID}`]}>
        <Routes>
          <Route path="/orders/:orderId" element={<OrderPage />} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOut('user');
});

describe('order page', () => {
  it('shows the number, each item with its status, the address and what was paid', async () => {
    signIn('user', 'token', 'Asha');
    const order = apiOrder({
      items: [
        line({ name: 'Indigo Kurta', orderId: ID, amount: 600 }),
        line({ name: 'Linen Shirt', orderId: ID, amount: 400, status: 'shipped', size: 'M', color: 'Blue' }),
      ],
    });
    const fetch = setup(() => jsonResponse({ success: true, order }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order VA-1A2B3C4D' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/user/orders/${ID}`);
    expect(screen.getByText('23 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Card · Paid')).toBeInTheDocument();
    const items = screen.getAllByTestId('order-item');
    expect(within(items[0]!).getByTestId('item-status')).toHaveTextContent('Pending');
    expect(within(items[0]!).getByRole('button', { name: 'Cancel Indigo Kurta' })).toBeInTheDocument();
    expect(within(items[1]!).getByTestId('item-status')).toHaveTextContent('Shipped');
    expect(within(items[1]!).queryByRole('button', { name: /Cancel/ })).toBeNull();
    // The size and colour bought; a Free Size item in one colour says nothing.
    expect(within(items[1]!).getByTestId('item-variant')).toHaveTextContent('Size: M · Colour: Blue');
    expect(within(items[0]!).queryByTestId('item-variant')).toBeNull();
    expect(screen.getByTestId('order-address')).toHaveTextContent('22 MG Road, Bengaluru, Karnataka, 560001');
    // One item has shipped: the address can no longer change.
    expect(screen.queryByRole('button', { name: 'Change address' })).toBeNull();
    expect(screen.getByText('Rs. 180.00')).toBeInTheDocument();
    expect(screen.getAllByText('Rs. 1,180.00').length).toBeGreaterThan(0);
  });

  it('changes the address while nothing has shipped', async () => {
    signIn('user', 'token', 'Asha');
    const order = apiOrder({ items: [line({ name: 'Indigo Kurta', orderId: ID })] });
    const moved = {
      ...order,
      address: '1 New Street',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302001',
    };
    let saved = order;
    const fetch = setup((_path, init) => {
      if (init?.method === 'PUT') saved = moved;
      return jsonResponse({ success: true, order: saved });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change address' }));
    await userEvent.clear(screen.getByLabelText('Address'));
    await userEvent.type(screen.getByLabelText('Address'), '1 New Street');
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Jaipur');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-address')).toHaveTextContent('1 New Street, Jaipur'),
    );
    const put = fetch.mock.calls.find((c) => c[1]?.method === 'PUT');
    expect(String(put?.[0])).toBe(`/api/user/orders/${ID}/address`);
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ address: '1 New Street', city: 'Jaipur' });
  });

  it("says the order is not found for another shopper's order (404)", async () => {
    signIn('user', 'token', 'Asha');
    setup(() => jsonResponse({ success: false, error: 'Order not found' }, {}, 404));
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
  });

  it('sends visitors to the login page', async () => {
    const fetch = setup(() => jsonResponse({}));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
