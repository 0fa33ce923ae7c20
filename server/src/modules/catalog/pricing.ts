import { type CouponOnCart, type Locale, type PriceView, priceCart } from '@vastra/contracts';
import type { ProductRow, VariantRow } from './product-view.ts';

/** How the lines are priced now: who is looking, and the coupon on the cart (offers rules). */
export interface CartPricing {
  view: PriceView;
  coupon: CouponOnCart | null;
  /** The language of a coupon refusal's message (the shopper's `lang` cookie); English by default. */
  locale?: Locale;
}

/**
 * The lines at the prices the shopper pays now and the coupon's share of each (contracts/src/offers.ts
 * `priceCart`): the one pricing the cart answer and both checkouts use.
 */
export const priceLines = (
  lines: readonly { quantity: number; product: ProductRow; variant: VariantRow }[],
  pricing: CartPricing,
) =>
  priceCart(
    lines.map((l) => ({
      key: l.variant.id,
      quantity: l.quantity,
      variant: l.variant,
      sellerId: l.product.sellerId,
      category: l.product.category,
      subCategory: l.product.subCategory,
    })),
    pricing.view,
    pricing.coupon,
    pricing.locale,
  );

export type PricedCart = ReturnType<typeof priceLines>;
