import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import MyOrdersPage from './MyOrdersPage.tsx';
import { jsonResponse, line, summary } from './test-orders.ts';

const newer = summary({
  _id: 'o2',
  number: 'VA-0B0B0B0B',
  createdAt: '2026-11-23T10:00:00.000Z',
  total: 1652,
  paymentMethod: 'Stripe',
  paymentStatus: 'paid',
  items: [
    line({ name: 'Indigo Kurta', orderId: 'o2', quantity: 2, amount: 1000 }),
    line({ name: 'Silk Dupatta', orderId: 'o2', amount: 400, status: 'cancelled' }),
  ],
});
const older = summary({
  _id: 'o1',
  number: 'VA-0A0A0A0A',
  createdAt: '2026-10-02T10:00:00.000Z',
  items: [
    line({ name: 'Linen Shirt', status: 'shipped', invoiceId: 'inv-1' }),
    line({ name: 'Cotton Stole', status: 'shipped', invoiceId: 'inv-1' }),
  ],
});

function setup(orders = [newer, older], total = 2) {
  const fetch = vi.fn(async (path: string, _init?: RequestInit) =>
    path.includes('/cancel')
      ? jsonResponse({ success: true, message: 'One Order Cancelled' })
      : jsonResponse(orders, { 'x-total-count': String(total) }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/my-orders']}>
        <Routes>
          <Route path="/my-orders" element={<MyOrdersPage />} />
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

describe('My Orders', () => {
  it('groups items by order: number, date, total, payment, and each item with its status', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup();
    const cards = await screen.findAllByTestId('order');
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/user/orders?page=1&limit=10');
    expect(screen.getByTestId('orders-count')).toHaveTextContent('2 orders');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Order VA-0B0B0B0B' })).toHaveAttribute('href', '/orders/o2');
    expect(first.getByText('23 Nov 2026')).toBeInTheDocument();
    expect(first.getByTestId('order-total')).toHaveTextContent('Rs. 1,652.00');
    expect(first.getByText('Card · Paid')).toBeInTheDocument();
    const items = first.getAllByTestId('order-item');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Indigo Kurta',
      'Silk Dupatta',
    ]);
    expect(within(items[0]!).getByText('Qty: 2')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Rs. 1,000.00')).toBeInTheDocument();
    expect(within(items[0]!).getByTestId('item-status')).toHaveTextContent('Pending');
    expect(within(items[1]!).getByTestId('item-status')).toHaveTextContent('Cancelled');
    expect(within(items[1]!).queryByRole('button', { name: /Cancel/ })).toBeNull();

    const second = within(cards[1]!);
    expect(second.getByText('2 Oct 2026')).toBeInTheDocument();
    expect(second.getByText('Cash On Delivery · Pay on delivery')).toBeInTheDocument();
    expect(second.getAllByTestId('item-status').map((s) => s.textContent)).toEqual(['Shipped', 'Shipped']);
    expect(second.queryByRole('button', { name: /Cancel/ })).toBeNull();
    // One seller's items share one invoice: one button for the order. Nothing invoiced, no button.
    expect(second.getAllByRole('button', { name: 'Tax invoice' })).toHaveLength(1);
    expect(first.queryByRole('button', { name: /Tax invoice/ })).toBeNull();
  });

  it('cancels a pending item through its own id and reloads the orders', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Indigo Kurta' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(3));
    const cancel = fetch.mock.calls.find((c) => String(c[0]).includes('/cancel'));
    expect(String(cancel?.[0])).toBe('/api/user/orders/item-Indigo%20Kurta/cancel');
    expect(cancel?.[1]?.method).toBe('POST');
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('/api/user/orders?page=1&limit=10');
  });

  it('says No Orders when there are none, and pages when there are many', async () => {
    signIn('user', 'token', 'Asha');
    setup([], 0);
    expect(await screen.findByText('No Orders')).toBeInTheDocument();
    expect(screen.getByTestId('orders-count')).toHaveTextContent('0 orders');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows page links when there are more orders than fit a page', async () => {
    signIn('user', 'token', 'Asha');
    setup([newer, older], 25);
    expect(await screen.findByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  });

  it('sends visitors to the login page', async () => {
    const fetch = setup();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
