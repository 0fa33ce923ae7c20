import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { jsonResponse } from '../orders/test-orders.ts';
import DashboardPage from './DashboardPage.tsx';

/** The admin API as the dashboard reads it: its figures, and empty lists for the rest. */
function serve(stats: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path.startsWith('/api/admin/stats')) return jsonResponse(stats);
      if (path === '/api/admin/payouts/due') return jsonResponse({ success: true, sellers: [] });
      if (path.startsWith('/api/admin/returns'))
        return jsonResponse({
          success: true,
          returns: [],
          total: 0,
          page: 1,
          limit: 20,
          counts: { requested: 0, approved: 0, received: 0, refunded: 0, exchanged: 0, rejected: 0 },
        });
      return jsonResponse({ items: [], total: 0, page: 1, limit: 20 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOut('admin');
});

describe('the admin dashboard', () => {
  it('shows what the platform’s coupons cost over the period, next to revenue and commission', async () => {
    serve({
      sellers: 3,
      suspendedSellers: 0,
      users: 10,
      products: 12,
      orders: 7,
      revenue30dPaise: 1_234_500,
      revenue30d: 12_345,
      period: { days: 30, revenue: 12_345, commission: 1_234.5, platformDiscount: 296.43, platformFees: 0 },
    });
    signIn('admin', 'admin-token', 'Admin');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('stat-coupons')).toHaveTextContent('Rs. 296.43');
    expect(
      screen.getByRole('heading', { name: 'Coupons paid by Vastra (last 30 days)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Added to the sellers’ sales, less returns')).toBeInTheDocument();
    expect(screen.getByTestId('stat-commission')).toHaveTextContent('Rs. 1,234.50');
    // Fees that are the sellers' (the default): no card for them.
    expect(screen.queryByTestId('stat-shipping')).toBeNull();
  });

  it('shows the shipping and COD fees the platform kept when they are its revenue', async () => {
    serve({
      sellers: 3,
      suspendedSellers: 0,
      users: 10,
      products: 12,
      orders: 7,
      revenue30dPaise: 1_234_500,
      revenue30d: 12_345,
      period: { days: 30, revenue: 12_345, commission: 1_234.5, platformDiscount: 0, platformFees: 70.48 },
    });
    signIn('admin', 'admin-token', 'Admin');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('stat-shipping')).toHaveTextContent('Rs. 70.48');
    expect(screen.getByRole('heading', { name: 'Shipping charges kept (last 30 days)' })).toBeInTheDocument();
    expect(screen.getByText('Shipping and COD fees, GST excluded, less refunds')).toBeInTheDocument();
  });
});
