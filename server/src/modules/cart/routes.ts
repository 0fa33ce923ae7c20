import {
  type AddToCartAnswer,
  addToCartAnswerSchema,
  addToCartSchema,
  applyCouponSchema,
  type BestOfferAnswer,
  bestOfferAnswerSchema,
  bestOfferQuerySchema,
  type CartAnswer,
  type CartMergeAnswer,
  type CartOffersAnswer,
  cartAnswerSchema,
  cartMergeAnswerSchema,
  cartOffersAnswerSchema,
  cartPreviewAnswerSchema,
  guestCartSchema,
  type Locale,
  localeOfCookie,
  type OkAnswer,
  okAnswerSchema,
  responses,
  saveShippingAddressSchema,
  type UpdateCartAnswer,
  updateCartAnswerSchema,
  updateCartSchema,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ListOrder } from '../../lib/legacy-list.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { priceLines } from '../catalog/index.ts';
import { codOffered, readShippingSettings } from '../delivery/index.ts';
import { clearCartCoupon, readCartCoupon } from '../offers/index.ts';
import { codHoldOf } from '../shipping/index.ts';
import { cartCoupon, cartShipments, methodName, priceCart, readCartLines, toCartLine } from './cart-lines.ts';
import { readCheckout, saveShippingAddress } from './checkout.ts';
import { applyCoupon, bestProductOffer, cartOffers } from './coupon.ts';
import { previewGuestCart } from './guest-lines.ts';
import { mergeGuestCart } from './merge-cart.ts';
import { addToCart, changeQuantity } from './service.ts';

/** Cart and checkout (SPEC §7 `user/cart-products`, `user/add-to-cart`, payment method, address). */
/** The shopper's language (the `lang` cookie): a coupon refusal is written in it. */
const langOf = (req: FastifyRequest) => localeOfCookie(req.headers.cookie) ?? 'en';

export default async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const cart = { ...asUser, schema: { response: responses(cartAnswerSchema) } };
  const add = { body: addToCartSchema, response: responses(addToCartAnswerSchema) };
  const change = { body: updateCartSchema, response: responses(updateCartAnswerSchema) };

  const cartOf = async (userId: string, order: ListOrder, locale: Locale = 'en'): Promise<CartAnswer> => {
    // The shipping settings and the shopper's COD hold: small reads alongside the cart's three.
    const [lines, checkout, coupon, shipping, codHold] = await Promise.all([
      readCartLines(db, userId),
      readCheckout(db, userId),
      readCartCoupon(db, userId),
      readShippingSettings(db),
      codHoldOf(db, userId, config.shipping.codRtoLimit),
    ]);
    if (order === 'oldest') lines.reverse();
    const now = new Date();
    const pricing = { view: { now, signedIn: true }, coupon, locale };
    const priced = priceLines(lines, pricing);
    // As the order is placed: a checkout without a method chosen is Cash On Delivery (its COD fee shown).
    const method = checkout.paymentMethod === 'stripe' ? 'stripe' : 'cod';
    const cart = priceCart(
      lines,
      { mode: config.gstMode, shipState: checkout.state, shipping, method },
      priced,
      now,
    );
    return {
      success: true,
      userCartProducts: lines.map((l, i) => toCartLine(l, checkout, priced.lines[i]!, pricing.view)),
      summary: cart.summary,
      checkout: { ...checkout, paymentMethod: methodName(checkout) },
      coupon: cartCoupon(pricing, priced),
      shipments: cartShipments(lines, cart.charges, checkout.postalCode, config.delivery, now),
      // No PIN code yet is on no list: COD is offered until one is known, unless the shopper's is held.
      codAvailable: !codHold.held && codOffered(checkout.postalCode, config.delivery),
      ...(codHold.held ? { codReason: codHold.reason } : {}),
    };
  };
  // SPEC §7: oldest first, as the original server answered (its client reverses it, SPEC §4).
  app.get('/api/user/cart-products', cart, (req) => cartOf(principalOf(req).id, 'oldest'));
  // The new app's cart: the same answer, newest first.
  app.get('/api/user/cart', cart, (req) => cartOf(principalOf(req).id, 'newest', langOf(req)));

  // A visitor's browser cart: priced by the server (no token), merged into the account at login.
  const guest = { body: guestCartSchema };
  const preview = { schema: { ...guest, response: responses(cartPreviewAnswerSchema) } };
  app.post('/api/cart/preview', preview, (req) => previewGuestCart(db, req.body.lines, config.gstMode));
  const merge = { ...asUser, schema: { ...guest, response: responses(cartMergeAnswerSchema) } };
  app.post('/api/user/cart/merge', merge, async (req): Promise<CartMergeAnswer> => {
    const userId = principalOf(req).id;
    const { capped, skipped } = await mergeGuestCart(db, userId, req.body.lines);
    return { ...(await cartOf(userId, 'newest')), capped, skipped };
  });

  // Offers (docs/decisions/023-offers.md): one coupon per cart, checked again at the order.
  const couponBody = {
    ...asUser,
    schema: { body: applyCouponSchema, response: responses(cartAnswerSchema) },
  };
  app.post('/api/user/cart/coupon', couponBody, async (req): Promise<CartAnswer> => {
    const userId = principalOf(req).id;
    await applyCoupon(db, userId, req.body.code, langOf(req));
    return cartOf(userId, 'newest', langOf(req));
  });
  app.delete('/api/user/cart/coupon', cart, async (req): Promise<CartAnswer> => {
    const userId = principalOf(req).id;
    await clearCartCoupon(db, userId);
    return cartOf(userId, 'newest', langOf(req));
  });
  const offers = { ...asUser, schema: { response: responses(cartOffersAnswerSchema) } };
  app.get(
    '/api/user/cart/offers',
    offers,
    async (req): Promise<CartOffersAnswer> => ({
      success: true,
      offers: await cartOffers(db, principalOf(req).id, langOf(req)),
    }),
  );

  const best = { schema: { querystring: bestOfferQuerySchema, response: responses(bestOfferAnswerSchema) } };
  app.get(
    '/api/offers/best',
    best,
    async (req): Promise<BestOfferAnswer> => ({
      success: true,
      offer: await bestProductOffer(db, req.query.productId, req.query.variantId),
    }),
  );

  app.post('/api/user/add-to-cart', { ...asUser, schema: add }, async (req): Promise<AddToCartAnswer> => {
    const { productId, variantId, quantity } = req.body;
    const line = await addToCart(db, principalOf(req).id, { productId, variantId }, quantity ?? 1);
    return { success: true, message: 'Added to cart', cartProductId: line.id, quantity: line.quantity };
  });

  app.put('/api/user/add-to-cart', { ...asUser, schema: change }, async (req): Promise<UpdateCartAnswer> => {
    const { cartProductId, increament, increment, quantity } = req.body;
    const step = increament ?? increment;
    const result = await changeQuantity(db, principalOf(req).id, cartProductId, {
      quantity,
      step: step === undefined ? undefined : Number(step) > 0 ? 1 : -1,
    });
    return { success: true, cartProductId, quantity: result.quantity };
  });

  app.put(
    '/api/user/save-shipping-address',
    { ...asUser, schema: { body: saveShippingAddressSchema, response: responses(okAnswerSchema) } },
    async (req): Promise<OkAnswer> => {
      const { saveToProfile, ...address } = req.body;
      await saveShippingAddress(db, principalOf(req).id, address, { saveToProfile: saveToProfile === true });
      return { success: true };
    },
  );
}
