import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Product, ProductSale } from '@vastra/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuyBox } from '../features/catalog/BuyBox.tsx';
import { signIn } from '../lib/auth.ts';
import { createI18n, LocaleProvider, loadCatalog } from '../lib/i18n.tsx';
import { MemoryRouter } from '../lib/router.tsx';
import { testProduct, testVariant } from '../test-product.ts';
import { ProductCard } from './ProductCard.tsx';
import { SaleBadge } from './SaleBadge.tsx';

const NOW = Date.parse('2026-12-01T06:30:00.000Z');
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();
const diwali = (over: Partial<ProductSale> = {}): ProductSale => ({
  eventId: 'e1',
  name: 'Diwali Sale',
  startsAt: minutes(-60),
  endsAt: minutes(5 * 60 + 12),
  earlyAccess: false,
  ...over,
});

/** A shirt in S (on sale: 1,000 → 720, MRP 1,200) and XL (not in the sale, 1,100). */
const shirt = (sale: ProductSale | null): Product =>
  testProduct({
    _id: 'p1',
    productName: 'Oxford Shirt',
    price: 720,
    markPrice: 1200,
    regularPrice: 1000,
    sale,
    variants: [
      testVariant('S', { price: 720, regularPrice: 1000, mrp: 1200 }),
      testVariant('XL', { price: 1100, regularPrice: 1100, mrp: null }),
    ],
  });

function show(ui: ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"success":true}', { headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a product card on sale', () => {
  it('shows the sale price, the MRP struck through with the saving, and the sale’s name and time left', () => {
    show(<ProductCard product={shirt(diwali())} />);
    expect(screen.getByText('Rs. 720.00')).toBeInTheDocument();
    expect(screen.getByText('Rs. 1,200.00').closest('s')).not.toBeNull();
    expect(screen.getByText('40% off')).toBeInTheDocument();
    expect(screen.getByTestId('sale-badge')).toHaveTextContent('Diwali Sale Ends in 5h 12m');
  });

  it('counts days when more than one is left, minutes in the last hour, and shows nothing once ended', () => {
    const { rerender } = show(<SaleBadge sale={diwali({ endsAt: minutes(2 * 1440 + 3 * 60 + 40) })} />);
    expect(screen.getByTestId('sale-badge')).toHaveTextContent('Ends in 2d 3h');
    rerender(<SaleBadge sale={diwali({ endsAt: minutes(7) })} />);
    expect(screen.getByTestId('sale-badge')).toHaveTextContent('Ends in 7m');
    rerender(<SaleBadge sale={diwali({ endsAt: minutes(0) })} />);
    expect(screen.queryByTestId('sale-badge')).toBeNull();
  });

  it('says the time left in Hindi', async () => {
    const hi = createI18n('hi', await loadCatalog('hi'));
    render(
      <LocaleProvider i18n={hi}>
        <SaleBadge sale={diwali()} />
      </LocaleProvider>,
    );
    expect(screen.getByTestId('sale-badge')).toHaveTextContent('Diwali Sale 5 घंटे 12 मिनट में समाप्त');
  });

  it('shows no badge for a product not on sale', () => {
    show(<ProductCard product={shirt(null)} />);
    expect(screen.queryByTestId('sale-badge')).toBeNull();
  });
});

describe('the product page’s price on sale', () => {
  it('tells a signed-in shopper in early access when the sale opens to everyone', () => {
    signIn('user', 'token', 'Asha');
    show(<BuyBox product={shirt(diwali({ startsAt: minutes(90), earlyAccess: true }))} />);
    expect(screen.getByTestId('sale-badge')).toHaveTextContent('Early access · Diwali Sale');
    expect(screen.getByTestId('early-access')).toHaveTextContent(
      'Early access for you: the sale opens to all on 1 Dec, 1:30 pm',
    );
  });

  it('strikes through the regular price a sale lowers, and drops the badge for a size not in the sale', async () => {
    const noMrp = shirt(diwali());
    noMrp.markPrice = 1000;
    noMrp.variants = [
      testVariant('S', { price: 720, regularPrice: 1000 }),
      testVariant('XL', { price: 1100, regularPrice: 1100 }),
    ];
    show(<BuyBox product={noMrp} />);
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'S' }));
    expect(screen.getByTestId('buy-price')).toHaveTextContent(
      /^Rs\. 720\.00 Marked price Rs\. 1,000\.00\s*28% off$/,
    );
    expect(screen.getByTestId('sale-badge')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'XL' }));
    expect(screen.getByTestId('buy-price')).toHaveTextContent(/^Rs\. 1,100\.00$/);
    expect(screen.queryByTestId('sale-badge')).toBeNull();
  });

  it('names the best coupon on the size chosen, as the server prices it', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path);
        const offer = path.includes('variantId=v-S')
          ? {
              code: 'FEST10',
              kind: 'percent',
              value: 10,
              minCartValue: 0,
              maxDiscount: null,
              discount: 72,
              description: '',
              price: 648,
            }
          : null;
        return new Response(JSON.stringify({ success: true, offer }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BuyBox product={shirt(diwali())} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.setup().click(screen.getByRole('button', { name: 'S' }));
    expect(await screen.findByTestId('best-offer')).toHaveTextContent('Best offer: Rs. 648.00 with FEST10');
    expect(asked).toContain('/api/offers/best?productId=p1&variantId=v-S');
  });
});
