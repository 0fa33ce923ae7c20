import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import type { CartAnswer } from '../../lib/types.ts';
import { testProduct } from '../../test-product.ts';
import CartPage from './CartPage.tsx';
import PlaceOrderPage from './PlaceOrderPage.tsx';

const product = testProduct({
  _id: 'p1',
  productName: 'Indigo Kurta',
  price: 10.12,
  markPrice: null,
  stockQuantity: 9,
  category: 'Mens',
  subCategory: 'gentsShirt',
  image: '/media/products/p1/640.webp',
  public_id: 'products/p1',
  date: '2026-01-01T00:00:00.000Z',
  rating: 0,
  ratingCount: 0,
  color: '',
  brand: '',
  companyName: 'Looms',
  sellerId: 's1',
});
const address = { address: '14 Residency Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001' };

/**
 * A cart whose summary is deliberately not what the lines would add up to in the browser: the
 * pages must show the server's figures, whatever rule produced them.
 */
const cart: CartAnswer = {
  success: true,
  userCartProducts: [
    {
      _id: 'c1',
      productId: 'p1',
      variantId: 'v-M',
      size: 'M',
      color: 'Blue',
      quantity: 3,
      amount: 30.36,
      paymentMethod: 'COD',
      ...address,
      product: [product],
      discount: 0,
    },
  ],
  summary: {
    pieces: 3,
    subtotal: 30.36,
    gst: 5.47,
    shipping: 0,
    total: 35.83,
    taxIncluded: false,
    taxLines: [{ label: 'IGST 18%', rate: 18, amount: 5.47 }],
    discount: 0,
  },
  checkout: { paymentMethod: 'COD', ...address },
  coupon: null,
};

function show(page: ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const body = path === '/api/user/cart' ? cart : { success: true };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  signIn('user', 'token', 'Asha');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe.each([
  ['cart page', <CartPage key="cart" />],
  ['place order page', <PlaceOrderPage key="place" />],
])('%s', (_name, page) => {
  it('shows the summary the server sent with the cart', async () => {
    show(page);
    expect(await screen.findByTestId('summary-total')).toHaveTextContent('Rs. 35.83');
    expect(screen.getByTestId('summary-pieces')).toHaveTextContent('3');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 30.36');
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 5.47');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Free');
    expect(screen.getByText('of which IGST 18%')).toBeInTheDocument();
    expect(screen.getByTestId('summary-tax-line')).toHaveTextContent('Rs. 5.47');
  });
});

describe('a cart line', () => {
  it('says which size and colour it is, and prices each piece at that size', async () => {
    show(<CartPage />);
    expect(await screen.findByTestId('line-variant')).toHaveTextContent('Size: M · Colour: Blue');
    expect(screen.getByText('Rs. 10.12 each')).toBeInTheDocument();
  });
});
