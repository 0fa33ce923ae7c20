import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import type { Product } from '../../lib/types.ts';
import { testProduct, testVariant } from '../../test-product.ts';
import ProductPage from './ProductPage.tsx';

const shirt = testProduct({
  _id: 'p2',
  productName: 'Linen Shirt',
  description: 'Pure linen, cut loose for Chennai summers.',
  images: [
    { url: '/media/products/a/640.webp', alt: 'Front', public_id: 'products/a' },
    { url: '/media/products/b/640.webp', alt: 'Back', public_id: 'products/b' },
  ],
  variants: [
    testVariant('S', { stock: 0 }),
    testVariant('M', { stock: 3, price: 899, mrp: 1299 }),
    testVariant('L', { stock: 12, price: 949 }),
  ],
  sizeChart: { measurements: ['Chest', 'Length'], rows: [{ size: 'M', cm: [101.6, null] }] },
});

const saree = testProduct({
  _id: 'p3',
  productName: 'Cotton Kurti',
  variants: [
    testVariant('S', { color: 'Blue' }),
    testVariant('M', { color: 'Blue' }),
    testVariant('M', { color: 'Red' }),
    testVariant('XL', { color: 'Red' }),
  ],
});

function setup(product: Product) {
  const fetch = vi.fn(async (path: string, _init?: RequestInit) => {
    const body = path.startsWith('/api/delivery/promise')
      ? promiseFor(new URL(path, 'http://shop').searchParams.get('variantId') ?? '')
      : path.startsWith('/api/product-page/')
        ? product
        : path.includes('/reviews')
          ? { reviews: [], average: 0, count: 0, histogram: [] }
          : path === '/api/user/cart'
            ? {
                success: true,
                userCartProducts: [],
                summary: {
                  pieces: 0,
                  subtotal: 0,
                  gst: 0,
                  shipping: 0,
                  total: 0,
                  taxIncluded: false,
                  taxLines: [],
                },
              }
            : { success: true };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/product-page/${product._id}`]}>
        <Routes>
          <Route path="/product-page/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

/** The promise to 560034: size L ships a day later than the others. */
const promiseFor = (variantId: string) => ({
  success: true,
  pincode: '560034',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  serviceable: true,
  cod: true,
  days: 3,
  deliverBy: variantId === 'v-L' ? '2026-12-03' : '2026-12-02',
  shippingFee: 0,
  freeAbove: null,
});

const sizeGroup = () => screen.getByRole('group', { name: /^Size/ });
/** The size buttons' labels (the group also holds the Size chart button). */
const sizeLabels = () =>
  within(sizeGroup())
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => t !== 'Size chart');
const addButton = () => screen.getByRole('button', { name: 'Add to cart' });

afterEach(() => vi.unstubAllGlobals());

describe('product page sizes', () => {
  it('shows the sizes in size order, the sold-out one struck and not choosable', async () => {
    setup(shirt);
    await screen.findByRole('heading', { name: 'Linen Shirt' });
    expect(sizeLabels()).toEqual(['S', 'M', 'L']);
    const small = within(sizeGroup()).getByRole('button', { name: 'S, sold out' });
    expect(small).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(small);
    expect(small).toHaveAttribute('aria-pressed', 'false');
    expect(addButton()).toBeDisabled();
  });

  it('waits for a size, then shows its price and stock and sends it to the cart', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup(shirt);
    await screen.findByRole('heading', { name: 'Linen Shirt' });
    expect(addButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(screen.getByText('Select a size')).toBeInTheDocument();
    await userEvent.click(within(sizeGroup()).getByRole('button', { name: 'M' }));
    expect(screen.queryByText('Select a size')).not.toBeInTheDocument();
    expect(screen.getByTestId('buy-price')).toHaveTextContent('Rs. 899.00');
    expect(screen.getByTestId('buy-price')).toHaveTextContent('Rs. 1,299.00');
    expect(screen.getByTestId('stock-line')).toHaveTextContent('Only 3 left');
    await userEvent.click(addButton());
    const post = fetch.mock.calls.find(
      ([path, init]) => path === '/api/user/add-to-cart' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ productId: 'p2', variantId: 'v-M' });
  });

  it('promises delivery for the cheapest size in stock until one is chosen, then for that size', async () => {
    localStorage.setItem('deliveryPincode', '560034');
    const fetch = setup(shirt);
    expect(await screen.findByTestId('promise-date')).toHaveTextContent('Delivery by Wed, 2 Dec');
    expect(screen.getByTestId('promise-fee')).toHaveTextContent('Free delivery');
    await userEvent.click(within(sizeGroup()).getByRole('button', { name: 'L' }));
    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeInTheDocument();
    const asked = fetch.mock.calls
      .map(([path]) => new URL(path, 'http://shop'))
      .filter((u) => u.pathname === '/api/delivery/promise')
      .map((u) => u.searchParams.get('variantId'));
    expect(asked).toEqual(['v-M', 'v-L']);
  });

  it('filters the sizes to the colour chosen', async () => {
    setup(saree);
    await screen.findByRole('heading', { name: 'Cotton Kurti' });
    expect(screen.getByRole('button', { name: 'Blue' })).toHaveAttribute('aria-pressed', 'true');
    expect(sizeLabels()).toEqual(['S', 'M']);
    await userEvent.click(within(sizeGroup()).getByRole('button', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Red' }));
    expect(sizeLabels()).toEqual(['M', 'XL']);
    // M exists in red too: the size stays chosen, now the red one.
    expect(within(sizeGroup()).getByRole('button', { name: 'M' })).toHaveAttribute('aria-pressed', 'true');
    expect(addButton()).toBeEnabled();
  });

  it('opens the size chart in cm and converts to inches to one decimal', async () => {
    setup(shirt);
    await userEvent.click(await screen.findByRole('button', { name: 'Size chart' }));
    const dialog = screen.getByRole('dialog', { name: 'Size chart' });
    expect(within(dialog).getByRole('columnheader', { name: 'Chest (cm)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: '101.6' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'inches' }));
    expect(within(dialog).getByRole('cell', { name: '40.0' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: '—' })).toBeInTheDocument();
  });

  it('shows the seller’s description and steps through the photos with arrows and keys', async () => {
    setup(shirt);
    expect(await screen.findByText('Pure linen, cut loose for Chennai summers.')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show photo 2 of 2' })).toHaveAttribute('aria-current', 'true');
    screen.getByRole('list', { name: 'Photos of Linen Shirt' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
  });
});
