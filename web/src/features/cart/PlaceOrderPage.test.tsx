import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethodName } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import type { CartAnswer } from '../../lib/types.ts';
import { testProduct } from '../../test-product.ts';
import PlaceOrderPage from './PlaceOrderPage.tsx';

const address = { address: '14 Residency Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001' };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saree = testProduct({
  _id: 'p1',
  productName: 'Silk Saree',
  price: 60000,
  markPrice: null,
  stockQuantity: 2,
  category: 'Womens',
  subCategory: 'LadiesSaree',
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

/** A one-line cart whose checkout is set to pay by `paymentMethod`. */
function cartPaidBy(paymentMethod: PaymentMethodName): CartAnswer {
  return {
    success: true,
    userCartProducts: [
      {
        _id: 'c1',
        productId: 'p1',
        variantId: 'v1',
        size: 'Free Size',
        color: '',
        quantity: 1,
        amount: 60000,
        paymentMethod,
        ...address,
        product: [saree],
        discount: 0,
      },
    ],
    summary: {
      pieces: 1,
      subtotal: 60000,
      gst: 3000,
      shipping: 0,
      total: 63000,
      taxIncluded: false,
      taxLines: [],
      discount: 0,
    },
    checkout: { paymentMethod, ...address },
    coupon: null,
  };
}

function setup(cart: CartAnswer, answer: (path: string) => Response) {
  const fetch = vi.fn(async (path: string) => (path === '/api/user/cart' ? json(cart) : answer(path)));
  vi.stubGlobal('fetch', fetch);
  signIn('user', 'token', 'Asha');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlaceOrderPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOut('user');
});

describe('placing the order', () => {
  it('keeps the server’s refusal on screen: COD over the limit says to pay online', async () => {
    const message = 'Cash On Delivery is available for orders up to Rs. 50,000: please pay online';
    setup(cartPaidBy('COD'), () => json({ success: false, error: message }, 409));
    expect(await screen.findByText('Cash On Delivery')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Change' })).toHaveAttribute('href', '/cart-page');
  });

  it('sends a UPI / Cards / Netbanking payment to the page the server names', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = setup(cartPaidBy('Razorpay'), () => json({ id: 'order_1', url: '/pay/razorpay/o1' }));
    expect(await screen.findByText('UPI / Cards / Netbanking')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/razorpay/o1'));
    expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/user/checkout-session');
  });

  it('sends the total shown; prices changed since then: the refusal stays and the cart is read again', async () => {
    let cart = cartPaidBy('COD');
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/user/cart') return json(cart);
      bodies.push(JSON.parse(String(init?.body)));
      // The sale ended while the page was open: the order now comes to more.
      cart = { ...cart, summary: { ...cart.summary, subtotal: 57000, gst: 10260, total: 67260 } };
      return json(
        {
          success: false,
          error:
            'Prices in your cart have changed: the total is now Rs. 67,260.00. Check your cart and place the order again',
          errors: [{ msg: 'Prices in your cart have changed', path: 'expectedTotal' }],
        },
        409,
      );
    });
    vi.stubGlobal('fetch', fetch);
    signIn('user', 'token', 'Asha');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PlaceOrderPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('summary-total')).toHaveTextContent('Rs. 63,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Prices in your cart have changed: the total is now Rs. 67,260.00. Check your cart and place the order again',
    );
    expect(bodies).toEqual([{ expectedTotal: 63000 }]);
    await vi.waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 67,260.00'));
  });
});
