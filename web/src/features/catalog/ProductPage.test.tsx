import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import type { Product } from '../../lib/types.ts';
import { testProduct } from '../../test-product.ts';
import ProductPage from './ProductPage.tsx';

const product = testProduct({
  _id: 'p1',
  productName: 'Indigo Kurta',
  price: 129999,
  stockQuantity: 9,
  image: '/media/p1.webp',
  rating: 4.5,
  ratingCount: 2,
});
const reviews = { reviews: [], average: 0, count: 0, histogram: [] };

function setup(productStatus = 200, answer: Product = product) {
  const fetch = vi.fn(async (path: string, _init?: RequestInit) => {
    if (path.startsWith('/api/product-page/') && productStatus !== 200) {
      return new Response(JSON.stringify({ success: false, error: 'Product not found' }), {
        status: productStatus,
        headers: { 'content-type': 'application/json' },
      });
    }
    const body = path.startsWith('/api/product-page/')
      ? answer
      : path.includes('/reviews')
        ? reviews
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
      <MemoryRouter initialEntries={['/product-page/p1']}>
        <Routes>
          <Route path="/product-page/:id" element={<ProductPage />} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('product page', () => {
  it('shows the price with en-IN grouping and the rating to 2 decimals', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Indigo Kurta' })).toBeInTheDocument();
    expect(screen.getByText('Rs. 1,29,999.00')).toBeInTheDocument();
    expect(screen.getByTestId('product-rating')).toHaveTextContent('4.50');
  });

  it('adds the quantity chosen with the stepper to the cart', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup();
    const more = await screen.findByRole('button', { name: 'Increase quantity' });
    await userEvent.click(more);
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const post = fetch.mock.calls.find(
      ([path, init]) => path === '/api/user/add-to-cart' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      productId: 'p1',
      variantId: 'p1-free',
      quantity: 3,
    });
  });

  it('sends one piece of its only size when the quantity is left at 1', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const post = fetch.mock.calls.find(
      ([path, init]) => path === '/api/user/add-to-cart' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ productId: 'p1', variantId: 'p1-free' });
  });

  it('says the product is not found for an unknown id, without a pointless retry', async () => {
    setup(404);
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/allProducts');
  });

  it('keeps a visitor’s Add to cart in the browser’s guest cart (issue 20), without a server call', async () => {
    const fetch = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('button', { name: 'Added' })).toBeDisabled();
    expect(JSON.parse(localStorage.getItem('guestCart') ?? '[]')).toEqual([
      { productId: 'p1', variantId: 'p1-free', quantity: 1 },
    ]);
    expect(fetch.mock.calls.some(([path]) => path === '/api/user/add-to-cart')).toBe(false);
  });

  it('sends a visitor’s Buy Now to the login page, to be finished after it', async () => {
    const fetch = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([path]) => String(path).includes('checkout-session'))).toBe(false);
    expect(JSON.parse(sessionStorage.getItem('afterLogin') ?? '{}').intent).toEqual({
      kind: 'buy-now',
      productId: 'p1',
      variantId: 'p1-free',
      quantity: 1,
    });
  });
});
