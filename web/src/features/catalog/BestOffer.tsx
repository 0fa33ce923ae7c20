import type { CartOffer } from '@vastra/contracts';
import { useCartOffers } from '../../lib/cart-offers.ts';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * What a coupon would take off one piece at `price` (rupees): its percent (rounded down to the
 * paisa, capped) or its flat amount, nothing under its minimum. A hint only: the offers are the
 * cart's, which know nothing of this product's seller or category, and the cart decides.
 */
export function pieceSaving(o: CartOffer, price: number): number {
  const paise = Math.round(price * 100);
  if (paise < Math.round(o.minCartValue * 100)) return 0;
  let off = o.kind === 'percent' ? Math.floor((paise * o.value) / 100) : Math.round(o.value * 100);
  if (o.maxDiscount != null) off = Math.min(off, Math.round(o.maxDiscount * 100));
  return Math.min(off, paise) / 100;
}

/** "Best offer: Rs. 899.10 with FEST10" under the price, for a signed-in shopper with an offer. */
export function BestOffer({ price }: { price: number }) {
  const i18n = useI18n();
  const offers = useCartOffers();
  let best: { code: string; saving: number } | undefined;
  for (const o of offers.data ?? []) {
    const saving = pieceSaving(o, price);
    if (saving > 0 && (!best || saving > best.saving)) best = { code: o.code, saving };
  }
  if (!best) return null;
  return (
    <p className="best-offer" data-testid="best-offer">
      {i18n._('Best offer: {price} with {code}', {
        price: formatRupees(price - best.saving, i18n.locale),
        code: best.code,
      })}
    </p>
  );
}
