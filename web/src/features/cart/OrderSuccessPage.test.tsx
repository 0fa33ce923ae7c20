import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import OrderSuccessPage, { NOTHING_TO_CONFIRM } from './OrderSuccessPage.tsx';

const order = {
  _id: 'o1',
  number: 'VA-1A2B3C4D',
  paymentMethod: 'COD',
  paymentStatus: 'cod_due',
  total: 1180,
  items: [
    {
      _id: 'i1',
      quantity: 2,
      amount: 1000,
      product: [{ _id: 'p1', productName: 'Indigo Kurta', image: 'https://img.test/kurta.jpg' }],
    },
  ],
};

function setup(url: string) {
  const fetch = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ success: true, order, paid: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/order-success" element={<OrderSuccessPage />} />
          <Route path="/order-successfull" element={<OrderSuccessPage />} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const calledPaths = (fetch: ReturnType<typeof setup>) => fetch.mock.calls.map((c) => String(c[0]));

afterEach(() => vi.unstubAllGlobals());

describe('order success pages', () => {
  it('never places the cart as an order when /order-successfull has no payment session', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup('/order-successfull');
    expect(await screen.findByText(NOTHING_TO_CONFIRM)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nothing to confirm');
    expect(calledPaths(fetch)).toEqual([]);
  });

  it('confirms a Buy Now payment with the session id the provider returned', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup('/order-successfull?session_id=cs_1');
    expect(await screen.findByRole('heading', { name: 'Order Placed' })).toBeInTheDocument();
    expect(calledPaths(fetch)).toEqual(['/api/payments/session/cs_1/confirm']);
    expect(screen.getByTestId('order-number')).toHaveTextContent('VA-1A2B3C4D');
    expect(screen.getByText('Indigo Kurta × 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/orders/o1');
  });

  it('marks the cart order successful on /order-success (SPEC COD flow)', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup('/order-success');
    expect(await screen.findByRole('heading', { name: 'Order Placed' })).toBeInTheDocument();
    expect(calledPaths(fetch)).toEqual(['/api/user/order-success']);
    expect(screen.getByTestId('order-number')).toHaveTextContent('VA-1A2B3C4D');
    expect(screen.getByText('Rs. 1,000.00')).toBeInTheDocument();
  });

  it('sends visitors to the login page without calling the server', async () => {
    const fetch = setup('/order-success');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(calledPaths(fetch)).toEqual([]);
  });
});
