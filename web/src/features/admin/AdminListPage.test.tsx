import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { jsonResponse } from '../orders/test-orders.ts';
import AdminListPage from './AdminListPage.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const page = (items: unknown[]) => ({ items, total: items.length, page: 1, limit: 20 });

function serve(list: unknown[]) {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
        return jsonResponse({ success: true });
      }
      return jsonResponse(page(list));
    }),
  );
  return posts;
}

function renderList(list: string) {
  signIn('admin', 'admin-token', 'Admin');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/dashboard/${list}`]}>
        <Routes>
          <Route path="/dashboard/:list" element={<AdminListPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  signOut('admin');
});

describe('the admin’s lists act', () => {
  it('hides a product only with a reason, which is sent for its seller to read', async () => {
    const posts = serve([
      {
        _id: 'p1',
        productName: 'Counterfeit tee',
        companyName: 'Das Weaves',
        price: 799,
        stockQuantity: 3,
        date: '2026-11-20T10:00:00.000Z',
        image: '/media/p1/640.webp',
        status: 'active',
        sellerStatus: 'active',
      },
    ]);
    renderList('products');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide Counterfeit tee' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Hide “Counterfeit tee”?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Hide' }));
    expect(dialog.getByText('Say why, in a few words')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText('Reason'), 'Shows another brand’s logo');
    await userEvent.click(dialog.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Counterfeit tee hidden'));
    expect(posts).toEqual([
      { path: '/api/admin/products/p1/hide', body: { reason: 'Shows another brand’s logo' } },
    ]);
  });

  it('cancels a pending item of an order after asking, and offers nothing for a shipped one', async () => {
    const item = (id: string, productName: string, status: string) => ({
      _id: id,
      productId: 'p1',
      productName,
      sellerId: 's1',
      companyName: 'Das Weaves',
      quantity: 1,
      amount: 799,
      status,
    });
    const posts = serve([
      {
        _id: '0f3c9a5e-2222-4b7c-9d1e-000000000009',
        date: '2026-11-20T10:00:00.000Z',
        customerName: 'Asha Verma',
        customerEmail: 'asha@example.in',
        paymentMethod: 'cod',
        paymentStatus: 'cod_due',
        total: 1885.64,
        totalPaise: 188564,
        city: 'Bengaluru',
        state: 'Karnataka',
        items: [item('i1', 'Indigo Kurta', 'pending'), item('i2', 'Linen Shirt', 'shipped')],
      },
    ]);
    renderList('orders');
    expect(await screen.findByRole('button', { name: /^Cancel Indigo Kurta of order / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancel Linen Shirt/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Cancel Indigo Kurta of order / }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel “Indigo Kurta” × 1?' }));
    await userEvent.click(dialog.getByRole('button', { name: /^Cancel$/ }));
    expect(posts).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /^Cancel Indigo Kurta of order / }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel item' }));
    await waitFor(() =>
      expect(posts).toEqual([{ path: '/api/admin/order-items/i1/cancel', body: undefined }]),
    );
  });
});
