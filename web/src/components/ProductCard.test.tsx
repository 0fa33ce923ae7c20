import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../lib/router.tsx';
import { testProduct, testVariant } from '../test-product.ts';
import { ProductCard } from './ProductCard.tsx';

const shirt = testProduct({
  _id: '44444444-4444-4444-8444-444444444444',
  productName: 'Oxford Shirt',
  variants: [testVariant('S'), testVariant('M'), testVariant('XL')],
});

function show() {
  const fetch = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ success: true }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/card']}>
        <Routes>
          <Route path="/card" element={<ProductCard product={shirt} />} />
          <Route path="/product-page/:id" element={<h1>Product page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('a product card of a product in several sizes', () => {
  it('says which sizes, and sends Add to Cart to the product page to choose one', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = show();
    expect(screen.getByText('Sizes S–XL')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart, Oxford Shirt' }));
    expect(await screen.findByRole('heading', { name: 'Product page' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([path]) => String(path).includes('add-to-cart'))).toBe(false);
  });

  it('sends Buy Now there too, without opening a payment', async () => {
    signIn('user', 'token', 'Asha');
    const fetch = show();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now, Oxford Shirt' }));
    expect(await screen.findByRole('heading', { name: 'Product page' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([path]) => String(path).includes('checkout-session'))).toBe(false);
  });
});
