import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerSaleGrid } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import SalePricesPage from './SalePricesPage.tsx';

const row = (
  variantId: string,
  size: string,
  price: number,
  mrp: number | null,
  salePrice: number | null,
) => ({
  variantId,
  productId: 'p1',
  productName: 'Oxford Shirt',
  size,
  color: '',
  price,
  mrp,
  salePrice,
  stock: 4,
  image: '/media/p1/640.webp',
});

const grid: SellerSaleGrid = {
  event: {
    _id: 'e1',
    name: 'Diwali Sale',
    startsAt: '2026-12-01T04:30:00.000Z',
    endsAt: '2026-12-05T18:30:00.000Z',
    earlyAccessAt: null,
    status: 'upcoming',
    prices: 1,
  },
  items: [row('v-s', 'S', 1000, 1200, 900), row('v-m', 'M', 1000, null, null)],
  total: 2,
  minDiscountPercent: 10,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(answerPut: (body: unknown) => Response) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return answerPut(JSON.parse(String(init.body)));
    if (path === '/api/seller/sale-events/e1/prices') return json(grid);
    return json({ success: true });
  });
  vi.stubGlobal('fetch', fetch);
  signIn('seller', 'token', 'Ravi');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/seller-sales/e1']}>
        <Routes>
          <Route path="/seller-sales/:id" element={<SalePricesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the seller’s sale price grid', () => {
  it('hints at the rule as a price is typed: below the price, at least 10% off the MRP', async () => {
    show(() => json([]));
    const s = await screen.findByLabelText('Sale price of Oxford Shirt · S');
    expect(s).toHaveValue('900.00');
    expect(s).not.toHaveAttribute('aria-invalid');
    const m = screen.getByLabelText('Sale price of Oxford Shirt · M');
    await userEvent.type(m, '950');
    // No MRP: the 10% is off the price, so at most Rs. 900.
    expect(m).toHaveAccessibleDescription('At least 10% off the MRP: Rs. 900.00 or less');
    await userEvent.clear(m);
    await userEvent.type(m, '1000');
    expect(m).toHaveAccessibleDescription('Must be below the price');
    await userEvent.clear(m);
    await userEvent.type(m, '899.99');
    expect(m).not.toHaveAttribute('aria-invalid');
  });

  it('fills every size at a percent off and saves them; a size the server refuses shows its reason', async () => {
    const sent: unknown[] = [];
    show((body) => {
      sent.push(body);
      return json(
        {
          success: false,
          message: 'Oxford Shirt (M): The sale price must be below the regular price',
          errors: [
            {
              msg: 'Oxford Shirt (M): The sale price must be below the regular price',
              path: 'items.1.salePrice',
            },
          ],
        },
        400,
      );
    });
    await userEvent.type(await screen.findByLabelText('Fill every size at'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect(screen.getByLabelText('Sale price of Oxford Shirt · S')).toHaveValue('960.00');
    expect(screen.getByLabelText('Sale price of Oxford Shirt · M')).toHaveValue('800.00');
    expect(screen.getByText('2 sizes in the sale')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save sale prices' }));
    expect(
      await screen.findByText('Oxford Shirt (M): The sale price must be below the regular price'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        items: [
          { variantId: 'v-s', salePrice: 960 },
          { variantId: 'v-m', salePrice: 800 },
        ],
      },
    ]);
    expect(screen.getByLabelText('Sale price of Oxford Shirt · M')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Sale price of Oxford Shirt · S')).not.toHaveAttribute('aria-invalid');
  });
});
