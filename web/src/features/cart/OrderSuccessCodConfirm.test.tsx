import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import { apiOrder, jsonResponse, line } from '../orders/test-orders.ts';
import OrderSuccessPage from './OrderSuccessPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  signOut('user');
});

/** The cart's COD order placed on arrival (`PUT /api/user/order-success`), as the server answered it. */
function placedWith(order: ReturnType<typeof apiOrder>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ success: true, order })),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/order-success']}>
        <Routes>
          <Route path="/order-success" element={<OrderSuccessPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('order placed, awaiting the COD confirmation (issue 39)', () => {
  it('says the order waits for the shopper to confirm it, and by when', async () => {
    signIn('user', 'token', 'Asha');
    placedWith(
      apiOrder({
        paymentMethod: 'COD',
        paymentStatus: 'cod_due',
        codConfirmBy: '2026-11-29T13:10:00.000Z',
        items: [line({ name: 'Indigo Kurta', status: 'awaiting_confirmation' })],
      }),
    );
    const note = await screen.findByTestId('cod-confirm-note');
    expect(note).toHaveTextContent('Please confirm this Cash On Delivery order by 29 Nov');
    expect(screen.queryByText(/is confirmed/)).toBeNull();
  });

  it('says nothing of it for an order that needs no confirmation', async () => {
    signIn('user', 'token', 'Asha');
    placedWith(
      apiOrder({ paymentMethod: 'COD', paymentStatus: 'cod_due', items: [line({ name: 'Kurta' })] }),
    );
    expect(await screen.findByRole('heading', { name: 'Order Placed' })).toBeInTheDocument();
    expect(screen.queryByTestId('cod-confirm-note')).toBeNull();
  });
});
