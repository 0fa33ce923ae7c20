import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartAnswer, CartOffer } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { testProduct } from '../../test-product.ts';
import CartPage from './CartPage.tsx';

const kurta = testProduct({ _id: 'p1', productName: 'Indigo Kurta', price: 1000 });
const address = { address: '14 Residency Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001' };

/** The cart as the server answers it, with FEST10's Rs. 100 off when `coupon`. */
function cartWith(coupon: boolean): CartAnswer {
  const discount = coupon ? 100 : 0;
  return {
    success: true,
    userCartProducts: [
      {
        _id: 'c1',
        productId: 'p1',
        variantId: 'p1-free',
        size: 'Free Size',
        color: '',
        quantity: 1,
        amount: 1000,
        discount,
        paymentMethod: 'COD',
        ...address,
        product: [kurta],
      },
    ],
    summary: {
      pieces: 1,
      subtotal: 1000 - discount,
      gst: (1000 - discount) * 0.18,
      shipping: 0,
      total: (1000 - discount) * 1.18,
      taxIncluded: false,
      taxLines: [{ label: 'IGST 18%', rate: 18, amount: (1000 - discount) * 0.18 }],
      discount,
    },
    checkout: { paymentMethod: 'COD', ...address },
    coupon: coupon ? { code: 'FEST10', discount, fundedBy: 'platform', message: null } : null,
  };
}

const FEST10: CartOffer = {
  code: 'FEST10',
  kind: 'percent',
  value: 10,
  minCartValue: 500,
  maxDiscount: 300,
  discount: 100,
  description: '10% off up to Rs. 300 above Rs. 500',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The cart page against a server that knows FEST10 only; returns the calls it received. */
function showCart() {
  let applied = false;
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/user/cart') return json(cartWith(applied));
    if (path === '/api/user/cart/offers') return json({ success: true, offers: applied ? [] : [FEST10] });
    if (path === '/api/user/cart/coupon' && method === 'POST') {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      if (code.toUpperCase() !== 'FEST10') {
        // The server's refusal: the reason, also named on the field.
        const error = `There is no coupon "${code.toUpperCase()}"`;
        return json({ success: false, error, errors: [{ msg: error, path: 'code' }] }, 404);
      }
      applied = true;
      return json(cartWith(true));
    }
    if (path === '/api/user/cart/coupon' && method === 'DELETE') {
      applied = false;
      return json(cartWith(false));
    }
    return json({ success: true });
  });
  vi.stubGlobal('fetch', fetch);
  signIn('user', 'token', 'Asha');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the cart’s coupon box', () => {
  it('shows the server’s reason beside the code it refused, and the cart stays as it was', async () => {
    showCart();
    const input = await screen.findByLabelText('Coupon code');
    await userEvent.type(input, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent('There is no coupon "NOPE"');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('There is no coupon "NOPE"');
    expect(input).toHaveValue('nope');
    expect(screen.queryByTestId('summary-discount')).toBeNull();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 1,180.00');
  });

  it('applies an offer tapped from the list: the coupon with its saving, the discount in the summary and on the line', async () => {
    const fetch = showCart();
    const offers = await screen.findByRole('region', { name: 'Offers for you' });
    expect(within(offers).getByText('FEST10')).toBeInTheDocument();
    expect(within(offers).getByText('10% off · up to Rs. 300.00 · above Rs. 500.00')).toBeInTheDocument();
    await userEvent.click(within(offers).getByRole('button', { name: 'Apply FEST10' }));

    const applied = await screen.findByTestId('coupon-applied');
    expect(applied).toHaveTextContent('FEST10 applied: you save Rs. 100.00');
    expect(screen.queryByLabelText('Coupon code')).toBeNull();
    expect(screen.getByText('Coupon discount (FEST10)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−Rs. 100.00');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 1,000.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 1,062.00');
    expect(screen.getByTestId('line-discount')).toHaveTextContent('Coupon −Rs. 100.00');
    const post = fetch.mock.calls.find(([p, i]) => p === '/api/user/cart/coupon' && i?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ code: 'FEST10' });

    await userEvent.click(within(applied).getByRole('button', { name: 'Remove coupon FEST10' }));
    expect(await screen.findByLabelText('Coupon code')).toBeInTheDocument();
    expect(screen.queryByTestId('summary-discount')).toBeNull();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 1,180.00');
  });
});
