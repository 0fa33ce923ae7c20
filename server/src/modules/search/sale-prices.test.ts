import type { SaleOffer } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';
import { type ProductRow, SaleCalendar, toApiProduct, type VariantRow } from '../catalog/index.ts';
import { SalePrices, type SaleRow } from './sale-prices.ts';

/**
 * The index's price of a product on sale is the price its answer shows (`toApiProduct`): each size
 * at its lowest open sale price, the product at its lowest size in stock (of all when sold out).
 */

const NOW = Date.parse('2026-10-20T12:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const window = (id: string, starts: number, ends: number, early: number | null = null) => ({
  id,
  startsAt: NOW + starts * HOUR,
  endsAt: NOW + ends * HOUR,
  earlyAccessAt: early === null ? null : NOW + early * HOUR,
});
const CALENDAR = new SaleCalendar([
  window('running', -1, 5),
  window('deeper', -1, 2),
  window('early', 1, 5, -1),
  window('later', 3, 5),
]);

interface Size {
  rupees: number;
  stock: number;
  sales?: [eventId: string, rupees: number][];
}

function row(sizes: Size[]): ProductRow {
  const variants: VariantRow[] = sizes.map((s, i) => ({
    id: `v${i}`,
    size: ['S', 'M', 'L', 'XL'][i]!,
    color: '',
    sku: `SKU-${i}`,
    stock: s.stock,
    pricePaise: s.rupees * 100,
    mrpPaise: null,
    sales:
      s.sales?.map(([eventId, rupees]): SaleOffer => {
        const w = CALENDAR.windows.find((x) => x.id === eventId)!;
        return {
          eventId,
          name: eventId,
          salePaise: rupees * 100,
          startsAt: iso(w.startsAt),
          endsAt: iso(w.endsAt),
          earlyAccessAt: w.earlyAccessAt === null ? null : iso(w.earlyAccessAt),
        };
      }) ?? null,
  }));
  const stocked = variants.filter((v) => v.stock > 0);
  const cheapest = (stocked.length ? stocked : variants).reduce((a, b) =>
    b.pricePaise < a.pricePaise ? b : a,
  );
  return { id: 'p', pricePaise: cheapest.pricePaise, variants } as unknown as ProductRow;
}

const saleRow = (sizes: Size[]): SaleRow =>
  sizes.map((s) => [s.rupees * 100, s.stock > 0, s.sales?.map(([e, r]) => [e, r * 100]) ?? null]);

/** The index's price of the product for this viewer, and the one its answer shows. */
function bothPrices(sizes: Size[], signedIn: boolean) {
  const prices = new SalePrices();
  const product = row(sizes);
  prices.set(0, saleRow(sizes));
  const open = CALENDAR.openFor(NOW, signedIn);
  const indexed = prices.pricesFor(open, Int32Array.of(product.pricePaise))[0]!;
  const shown = toApiProduct(
    { ...product, images: [], createdAt: new Date(NOW), ratingAvg: 0 } as ProductRow,
    { now: new Date(NOW), signedIn },
  ).price;
  return { indexed: indexed / 100, shown };
}

const CASES: [string, Size[], number, number][] = [
  ['one size on sale', [{ rupees: 1000, stock: 3, sales: [['running', 700]] }], 700, 700],
  [
    'the lowest of two open events',
    [
      {
        rupees: 1000,
        stock: 3,
        sales: [
          ['running', 700],
          ['deeper', 600],
        ],
      },
    ],
    600,
    600,
  ],
  ['an event not started yet', [{ rupees: 1000, stock: 3, sales: [['later', 500]] }], 1000, 1000],
  ['early access', [{ rupees: 1000, stock: 3, sales: [['early', 500]] }], 1000, 500],
  [
    'a size on sale but sold out, beside one in stock',
    [
      { rupees: 900, stock: 2 },
      { rupees: 1000, stock: 0, sales: [['running', 400]] },
    ],
    900,
    900,
  ],
  [
    'the cheapest size in stock, once the sale applies',
    [
      { rupees: 800, stock: 2 },
      { rupees: 1000, stock: 1, sales: [['running', 600]] },
    ],
    600,
    600,
  ],
  [
    'every size sold out',
    [
      { rupees: 800, stock: 0 },
      { rupees: 1000, stock: 0, sales: [['running', 500]] },
    ],
    500,
    500,
  ],
];

describe('the price search sorts and filters a product on sale by', () => {
  for (const [name, sizes, anonymous, signedIn] of CASES) {
    it(`is the price its answer shows: ${name}`, () => {
      expect(bothPrices(sizes, false)).toEqual({ indexed: anonymous, shown: anonymous });
      expect(bothPrices(sizes, true)).toEqual({ indexed: signedIn, shown: signedIn });
    });
  }

  it('is the regular price array itself when no open event has a sale price here', () => {
    const prices = new SalePrices();
    prices.set(0, saleRow([{ rupees: 1000, stock: 1, sales: [['later', 500]] }]));
    const regular = Int32Array.of(100_000);
    expect(prices.pricesFor(CALENDAR.openFor(NOW, false), regular)).toBe(regular);
  });

  it("keys a product's answer by its own open events only", () => {
    const prices = new SalePrices();
    prices.set(0, saleRow([{ rupees: 1000, stock: 1, sales: [['running', 500]] }]));
    prices.set(1, saleRow([{ rupees: 1000, stock: 1, sales: [['later', 500]] }]));
    expect(prices.answerKey(0, CALENDAR.openFor(NOW, true))).toBe('running');
    expect(prices.answerKey(1, CALENDAR.openFor(NOW, true))).toBe('');
    expect(prices.answerKey(2, CALENDAR.openFor(NOW, true))).toBe('');
  });
});
