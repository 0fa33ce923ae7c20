import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../components/ProductCard.tsx';
import { signIn } from '../../lib/auth.ts';
import { GUEST_CART_KEY, guestLines } from '../../lib/guest-cart.ts';
import { rememberIntent, resumeAfterLogin } from '../../lib/resume.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import type { Product } from '../../lib/types.ts';
import { testProduct } from '../../test-product.ts';
import CartPage from './CartPage.tsx';

const product: Product = testProduct({
  _id: '11111111-1111-4111-8111-111111111111',
  productName: 'Indigo Kurta',
  price: 10.12,
  markPrice: null,
  stockQuantity: 5,
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
const gone = '22222222-2222-4222-8222-222222222222';
/** A product that now comes in several sizes: a line without one cannot be priced. */
const sized = '33333333-3333-4333-8333-333333333333';

type Call = { path: string; method: string; body: unknown; token: string | null };
let calls: Call[];
/** The server: prices guest lines with a summary the browser could not have computed itself. */
function serve() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ path, method: init.method ?? 'GET', body, token: headers['auth-token'] ?? null });
      let answer: unknown = { success: true };
      if (path === '/api/cart/preview') {
        const lines = (body.lines as { productId: string; quantity: number }[]).filter(
          (l) => l.productId === product._id,
        );
        answer = {
          success: true,
          lines: lines.map((l) => ({
            ...l,
            variantId: product.variants[0]?._id,
            size: 'Free Size',
            color: '',
            amount: l.quantity * 10.12,
            product,
          })),
          summary: {
            pieces: lines[0]?.quantity ?? 0,
            subtotal: 20.24,
            gst: 3.64,
            shipping: 0,
            total: 23.88,
            taxIncluded: false,
            taxLines: [],
          },
          capped: [],
          skipped: [
            ...(body.lines.some((l: { productId: string }) => l.productId === gone)
              ? [{ productId: gone, reason: 'unavailable' }]
              : []),
            ...(body.lines.some((l: { productId: string }) => l.productId === sized)
              ? [{ productId: sized, reason: 'choose a size' }]
              : []),
          ],
        };
      }
      if (path === '/api/user/cart/merge') {
        answer = {
          success: true,
          userCartProducts: [],
          summary: {
            pieces: 2,
            subtotal: 20.24,
            gst: 3.64,
            shipping: 0,
            total: 23.88,
            taxIncluded: false,
            taxLines: [],
          },
          checkout: { paymentMethod: '', address: '', city: '', state: '', postalCode: '' },
          capped: [],
          skipped: [],
        };
      }
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

function show(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/cart-page" element={<CartPage />} />
          <Route path="/card" element={<ProductCard product={product} />} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(serve);
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a visitor’s cart', () => {
  it('Add to Cart keeps the product in the browser, without a login or a server call', async () => {
    show('/card');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart, Indigo Kurta' }));
    expect(guestLines()).toEqual([
      { productId: product._id, variantId: product.variants[0]?._id, quantity: 1 },
    ]);
    expect(await screen.findByRole('button', { name: 'Added' })).toBeDisabled();
    expect(calls.filter((c) => c.path.includes('add-to-cart'))).toEqual([]);
    expect(screen.queryByText('Login page')).toBeNull();
  });

  it('shows the lines with the server’s products and summary, steps and removes them locally', async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        { productId: product._id, quantity: 2 },
        { productId: gone, quantity: 1 },
      ]),
    );
    show('/cart-page');
    expect(await screen.findByText('Indigo Kurta')).toBeInTheDocument();
    // Totals are the server's: the page computes no tax.
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 23.88');
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 3.64');
    const preview = calls.find((c) => c.path === '/api/cart/preview');
    expect(preview).toMatchObject({ method: 'POST', token: null });
    // A product the server no longer sells leaves the browser's cart.
    await waitFor(() => expect(guestLines()).toEqual([{ productId: product._id, quantity: 2 }]));

    await userEvent.click(screen.getByRole('button', { name: /increase/i }));
    expect(guestLines()).toEqual([{ productId: product._id, quantity: 3 }]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Indigo Kurta' }));
    expect(guestLines()).toEqual([]);
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('keeps a line that needs a size and links to its page to choose one', async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        { productId: product._id, quantity: 1 },
        { productId: sized, quantity: 1 },
      ]),
    );
    show('/cart-page');
    expect(await screen.findByTestId('needs-size')).toHaveTextContent('Choose a size to keep it');
    expect(screen.getByRole('link', { name: 'Choose a size' })).toHaveAttribute(
      'href',
      `/product-page/${sized}`,
    );
    expect(guestLines()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(guestLines()).toEqual([{ productId: product._id, quantity: 1 }]);
  });

  it('checking out asks for login and comes back to the cart', async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([{ productId: product._id, quantity: 2 }]));
    show('/cart-page');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to check out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    // The guest cart waits for the login to merge it.
    expect(guestLines()).toHaveLength(1);
  });
});

describe('after login', () => {
  it('merges the guest cart into the account, empties it and returns to the page that asked', async () => {
    const variantId = product.variants[0]?._id;
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([{ productId: product._id, variantId, quantity: 2 }]),
    );
    rememberIntent({ kind: 'return' }, '/cart-page');
    signIn('user', 'token-1', 'Asha');
    expect(await resumeAfterLogin()).toBe('/cart-page');
    const merge = calls.find((c) => c.path === '/api/user/cart/merge');
    expect(merge).toEqual({
      path: '/api/user/cart/merge',
      method: 'POST',
      token: 'token-1',
      body: { lines: [{ productId: product._id, variantId, quantity: 2 }] },
    });
    expect(guestLines()).toEqual([]);
  });

  it('finishes the add to cart that asked for login, in the size chosen', async () => {
    const variantId = '55555555-5555-4555-8555-555555555555';
    rememberIntent(
      { kind: 'add-to-cart', productId: product._id, variantId, quantity: 2 },
      '/product-page/x',
    );
    signIn('user', 'token-1', 'Asha');
    expect(await resumeAfterLogin()).toBe('/product-page/x');
    expect(calls.find((c) => c.path === '/api/user/add-to-cart')).toMatchObject({
      method: 'POST',
      body: { productId: product._id, variantId, quantity: 2 },
    });
    // Once only.
    expect(await resumeAfterLogin()).toBeUndefined();
  });

  it('keeps the guest cart when the merge fails', async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([{ productId: product._id, quantity: 2 }]));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, error: 'Down' }), { status: 503 })),
    );
    signIn('user', 'token-1', 'Asha');
    await resumeAfterLogin();
    expect(guestLines()).toHaveLength(1);
  });
});
