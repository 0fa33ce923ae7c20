import {
  type CartOffer,
  couponNotFound,
  describeCoupon,
  type Locale,
  type PriceView,
  priceOf,
} from '@vastra/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { findVisibleProduct, priceLines } from '../catalog/index.ts';
import { findCoupon, openCoupons, type ReadCoupon, setCartCoupon } from '../offers/index.ts';
import { readCartLines } from './cart-lines.ts';

/**
 * `POST /api/user/cart/coupon`: the coupon goes on the cart only when it gives a discount on the
 * cart as it is; otherwise the answer says why (404 for an unknown code, 409 for one that does not
 * apply: expired, minimum not met with the amount missing, not for these products, already used,
 * first order only) and nothing changes. The checkouts decide it again at the order.
 */
export async function applyCoupon(db: DbOrTx, userId: string, code: string, locale: Locale = 'en') {
  const [coupon, lines] = await Promise.all([findCoupon(db, code, userId), readCartLines(db, userId)]);
  if (!coupon) throw refusal('NOT_FOUND', couponNotFound(code, locale).message);
  if (lines.length === 0) throw refusal('CONFLICT', EMPTY_CART_COUPON[locale]);
  const verdict = priceLines(lines, { view: { now: new Date(), signedIn: true }, coupon, locale }).coupon!;
  if (!verdict.ok) throw refusal('CONFLICT', verdict.message);
  await setCartCoupon(db, userId, coupon.terms.id);
}

const EMPTY_CART_COUPON: Record<Locale, string> = {
  en: 'Your cart is empty: add something before applying a coupon',
  hi: 'आपका कार्ट खाली है: कूपन लगाने से पहले कुछ जोड़ें',
};

const refusal = (code: 'NOT_FOUND' | 'CONFLICT', message: string) =>
  new AppError(code, message, [{ msg: message, path: 'code' }]);

/** `GET /api/user/cart/offers`: the coupons that give a discount on this cart now, best saving first. */
export async function cartOffers(db: DbOrTx, userId: string, locale: Locale = 'en'): Promise<CartOffer[]> {
  const now = new Date();
  const [coupons, lines] = await Promise.all([openCoupons(db, userId, now), readCartLines(db, userId)]);
  return offersOn(lines, coupons, { now, signedIn: true }, locale).map(({ offer }) => offer);
}

/** Nobody's account: a visitor has used no coupon and placed no order. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * `GET /api/offers/best?productId=&variantId=`: the best coupon on one piece of a product (its size
 * named, or its cheapest), as the product page shows it ("Best offer: Rs. X with FEST10"). Coupons
 * for first orders only are left out: whether the viewer has ordered is not known here.
 */
export async function bestProductOffer(
  db: DbOrTx,
  productId: string,
  variantId: string | undefined,
): Promise<(CartOffer & { price: number }) | null> {
  const now = new Date();
  const [coupons, product] = await Promise.all([
    openCoupons(db, NOBODY, now),
    findVisibleProduct(db, productId),
  ]);
  if (!product) throw new AppError('NOT_FOUND', 'Product not found');
  const view = { now, signedIn: false };
  const variant = variantId
    ? product.variants.find((v) => v.id === variantId)
    : [...product.variants].sort((a, b) => priceOf(a, view).pricePaise - priceOf(b, view).pricePaise)[0];
  if (!variant) throw new AppError('NOT_FOUND', 'Size not found');
  const line = { quantity: 1, product, variant };
  const [best] = offersOn(
    [line],
    coupons.filter((c) => !c.terms.firstOrderOnly),
    view,
  );
  if (!best) return null;
  return { ...best.offer, price: paiseToRupees(priceOf(variant, view).pricePaise - best.discountPaise) };
}

/** The coupons that give a discount on these lines, best saving first. */
function offersOn(
  lines: Parameters<typeof priceLines>[0],
  coupons: ReadCoupon[],
  view: PriceView,
  locale: Locale = 'en',
): { offer: CartOffer; discountPaise: number }[] {
  if (lines.length === 0) return [];
  const offers: { offer: CartOffer; discountPaise: number }[] = [];
  for (const coupon of coupons) {
    const verdict = priceLines(lines, { view, coupon }).coupon!;
    if (!verdict.ok || verdict.discountPaise === 0) continue;
    const t = coupon.terms;
    offers.push({
      discountPaise: verdict.discountPaise,
      offer: {
        code: t.code,
        kind: t.kind,
        value: t.kind === 'flat' ? paiseToRupees(t.value) : t.value,
        minCartValue: paiseToRupees(t.minCartPaise),
        maxDiscount: t.maxDiscountPaise === null ? null : paiseToRupees(t.maxDiscountPaise),
        discount: paiseToRupees(verdict.discountPaise),
        description: describeCoupon(t, locale),
      },
    });
  }
  return offers.sort((a, b) => b.discountPaise - a.discountPaise || (a.offer.code < b.offer.code ? -1 : 1));
}
