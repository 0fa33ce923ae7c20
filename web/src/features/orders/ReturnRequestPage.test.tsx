import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderLine } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { formatDay } from '../../lib/format.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import { testProduct } from '../../test-product.ts';
import MyOrdersPage from './MyOrdersPage.tsx';
import ReturnRequestPage from './ReturnRequestPage.tsx';
import { apiOrder, jsonResponse, line, summary } from './test-orders.ts';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const ORDER = '1a2b3c4d-0000-4000-8000-000000000001';
const DAY = 86_400_000;
const deliveredAt = new Date(Date.now() - DAY).toISOString();
const windowEnds = formatDay(new Date(Date.parse(deliveredAt) + 7 * DAY).toISOString());

const kurta = (over: Partial<OrderLine> = {}) =>
  line({
    name: 'Linen Kurta',
    orderId: ORDER,
    status: 'delivered',
    deliveredAt,
    quantity: 2,
    size: 'M',
    variantId: 'v-m',
    product: [
      testProduct({
        _id: 'p-kurta',
        productName: 'Linen Kurta',
        variants: [
          {
            _id: 'v-m',
            size: 'M',
            color: '',
            sku: 'K-M',
            stock: 4,
            price: 999,
            mrp: null,
            regularPrice: 999,
          },
          {
            _id: 'v-l',
            size: 'L',
            color: '',
            sku: 'K-L',
            stock: 3,
            price: 999,
            mrp: null,
            regularPrice: 999,
          },
          {
            _id: 'v-xl',
            size: 'XL',
            color: '',
            sku: 'K-XL',
            stock: 0,
            price: 999,
            mrp: null,
            regularPrice: 999,
          },
        ],
      }),
    ],
    ...over,
  });

const noReturns = { success: true, returns: [], total: 0, page: 1, limit: 20, counts: {} };

function setup(
  paymentMethod: 'COD' | 'Stripe',
  url = `/orders/${ORDER}/return/item-Linen Kurta`,
  item = kurta(),
) {
  const posted: unknown[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/site') return jsonResponse({ returnWindowDays: 7 });
    if (path.startsWith('/api/user/returns')) return jsonResponse(noReturns);
    if (path.startsWith('/api/user/orders?')) {
      return jsonResponse([summary({ _id: ORDER, items: [item] })], { 'x-total-count': '1' });
    }
    if (path.startsWith('/api/user/orders/')) {
      return jsonResponse({ success: true, order: apiOrder({ paymentMethod, items: [item] }) });
    }
    if (path.endsWith('/return') && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse({ success: true, return: { kind: 'refund' } });
    }
    return jsonResponse({}, {}, 404);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/my-orders" element={<MyOrdersPage />} />
          <Route path="/orders/:orderId/return/:itemId" element={<ReturnRequestPage />} />
          <Route path="/my-returns" element={<h1>My Returns</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('user');
});

describe('return or exchange', () => {
  it('is offered on a delivered item in My Orders with the day its window closes', async () => {
    signIn('user', 'token', 'Meera');
    setup('COD', '/my-orders');
    const link = await screen.findByRole('link', { name: 'Return or exchange Linen Kurta' });
    expect(link).toHaveAttribute('href', `/orders/${ORDER}/return/item-Linen Kurta`);
    expect(screen.getByTestId('return-window')).toHaveTextContent(`by ${windowEnds}`);
  });

  it('asks a COD shopper where to pay the refund, checks it first, then sends the request', async () => {
    signIn('user', 'token', 'Meera');
    const posted = setup('COD');
    const user = userEvent.setup();
    expect(await screen.findByTestId('return-by')).toHaveTextContent(`Return or exchange by ${windowEnds}`);
    const form = screen.getByRole('form', { name: 'Return or exchange' });
    await user.selectOptions(within(form).getByLabelText('Quantity'), '2');
    await user.selectOptions(within(form).getByLabelText('Reason'), 'wrong_size');
    const upi = within(form).getByLabelText('UPI id');
    await user.type(upi, 'meera at bank');
    await user.click(within(form).getByRole('button', { name: 'Ask for a refund' }));
    expect(upi).toHaveAttribute('aria-invalid', 'true');
    expect(upi).toHaveAccessibleDescription('Enter a UPI id like name@bank');
    expect(posted).toEqual([]);

    await user.clear(upi);
    await user.type(upi, 'meera@okhdfc');
    await user.click(within(form).getByRole('button', { name: 'Ask for a refund' }));
    expect(await screen.findByRole('heading', { name: 'My Returns' })).toBeInTheDocument();
    expect(posted).toEqual([
      { kind: 'refund', quantity: 2, reason: 'wrong_size', refundTo: { upi: 'meera@okhdfc' } },
    ]);
  });

  it('offers the product’s other sizes in stock for an exchange, and no refund destination online', async () => {
    signIn('user', 'token', 'Meera');
    const posted = setup('Stripe');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Return or exchange' });
    expect(within(form).queryByLabelText('UPI id')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Reason'), 'wrong_size');
    await user.click(within(form).getByLabelText('Another size or colour'));
    const sizes = within(form).getByRole('group', { name: 'New size' });
    expect(
      within(sizes)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['v-l', 'v-xl']);
    expect(within(sizes).getByLabelText(/XL/)).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Ask for an exchange' }));
    expect(within(form).getByText('Choose the size or colour you want instead')).toBeInTheDocument();
    await user.click(within(sizes).getByLabelText('L'));
    await user.click(within(form).getByRole('button', { name: 'Ask for an exchange' }));
    await screen.findByRole('heading', { name: 'My Returns' });
    expect(posted).toEqual([{ kind: 'exchange', quantity: 1, reason: 'wrong_size', variantId: 'v-l' }]);
  });

  it('offers only sizes at the price of the one sent back, and says why the others are not', async () => {
    signIn('user', 'token', 'Meera');
    const priced = kurta({
      product: [
        testProduct({
          _id: 'p-kurta',
          productName: 'Linen Kurta',
          variants: [
            {
              _id: 'v-s',
              size: 'S',
              color: '',
              sku: 'K-S',
              stock: 4,
              price: 500,
              mrp: null,
              regularPrice: 500,
            },
            {
              _id: 'v-m',
              size: 'M',
              color: '',
              sku: 'K-M',
              stock: 4,
              price: 999,
              mrp: null,
              regularPrice: 999,
            },
            {
              _id: 'v-l',
              size: 'L',
              color: '',
              sku: 'K-L',
              stock: 3,
              price: 999,
              mrp: null,
              regularPrice: 999,
            },
            {
              _id: 'v-xl',
              size: 'XL',
              color: '',
              sku: 'K-XL',
              stock: 3,
              price: 1299,
              mrp: null,
              regularPrice: 1299,
            },
          ],
        }),
      ],
    });
    setup('Stripe', undefined, priced);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Return or exchange' });
    expect(
      within(form).getByText(
        'Only sizes at the same price can be exchanged; for another, ask for a refund and buy it.',
      ),
    ).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Another size or colour'));
    const sizes = within(form).getByRole('group', { name: 'New size' });
    expect(
      within(sizes)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['v-l']);
  });
});
