import { type CartOffer, couponNotFound, describeCoupon } from '@vastra/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { priceLines } from '../catalog/index.ts';
import { findCoupon, openCoupons, setCartCoupon } from '../offers/index.ts';
import { readCartLines } from './cart-lines.ts';

/**
 * `POST /api/user/cart/coupon`: the coupon goes on the cart only when it gives a discount on the
 * cart as it is; otherwise the answer says why (404 for an unknown code, 409 for one that does not
 * apply: expired, minimum not met with the amount missing, not for these products, already used,
 * first order only) and nothing changes. The checkouts decide it again at the order.
 */
export async function applyCoupon(db: DbOrTx, userId: string, code: string) {
  const [coupon, lines] = await Promise.all([findCoupon(db, code, userId), readCartLines(db, userId)]);
  if (!coupon) throw refusal('NOT_FOUND', couponNotFound(code).message);
  if (lines.length === 0)
    throw refusal('CONFLICT', 'Your cart is empty: add something before applying a coupon');
  const verdict = priceLines(lines, { view: { now: new Date(), signedIn: true }, coupon }).coupon!;
  if (!verdict.ok) throw refusal('CONFLICT', verdict.message);
  await setCartCoupon(db, userId, coupon.terms.id);
}

const refusal = (code: 'NOT_FOUND' | 'CONFLICT', message: string) =>
  new AppError(code, message, [{ msg: message, path: 'code' }]);

/** `GET /api/user/cart/offers`: the coupons that give a discount on this cart now, best saving first. */
export async function cartOffers(db: DbOrTx, userId: string): Promise<CartOffer[]> {
  const now = new Date();
  const [coupons, lines] = await Promise.all([openCoupons(db, userId, now), readCartLines(db, userId)]);
  if (lines.length === 0) return [];
  const offers: (CartOffer & { paise: number })[] = [];
  for (const coupon of coupons) {
    const verdict = priceLines(lines, { view: { now, signedIn: true }, coupon }).coupon!;
    if (!verdict.ok || verdict.discountPaise === 0) continue;
    const t = coupon.terms;
    offers.push({
      code: t.code,
      kind: t.kind,
      value: t.kind === 'flat' ? paiseToRupees(t.value) : t.value,
      minCartValue: paiseToRupees(t.minCartPaise),
      maxDiscount: t.maxDiscountPaise === null ? null : paiseToRupees(t.maxDiscountPaise),
      discount: paiseToRupees(verdict.discountPaise),
      description: describeCoupon(t),
      paise: verdict.discountPaise,
    });
  }
  return offers
    .sort((a, b) => b.paise - a.paise || (a.code < b.code ? -1 : 1))
    .map(({ paise: _, ...offer }) => offer);
}
