import {
  type AddToCartAnswer,
  addToCartAnswerSchema,
  addToCartSchema,
  type CartAnswer,
  type CartMergeAnswer,
  cartAnswerSchema,
  cartMergeAnswerSchema,
  cartPreviewAnswerSchema,
  guestCartSchema,
  type OkAnswer,
  okAnswerSchema,
  responses,
  saveShippingAddressSchema,
  type UpdateCartAnswer,
  updateCartAnswerSchema,
  updateCartSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ListOrder } from '../../lib/legacy-list.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { methodName, readCartLines, summarise, toCartLine } from './cart-lines.ts';
import { readCheckout, saveShippingAddress } from './checkout.ts';
import { previewGuestCart } from './guest-lines.ts';
import { mergeGuestCart } from './merge-cart.ts';
import { addToCart, changeQuantity } from './service.ts';

/** Cart and checkout (SPEC §7 `user/cart-products`, `user/add-to-cart`, payment method, address). */
export default async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const cart = { ...asUser, schema: { response: responses(cartAnswerSchema) } };
  const add = { body: addToCartSchema, response: responses(addToCartAnswerSchema) };
  const change = { body: updateCartSchema, response: responses(updateCartAnswerSchema) };

  const cartOf = async (userId: string, order: ListOrder): Promise<CartAnswer> => {
    const [lines, checkout] = await Promise.all([readCartLines(db, userId), readCheckout(db, userId)]);
    if (order === 'oldest') lines.reverse();
    return {
      success: true,
      userCartProducts: lines.map((l) => toCartLine(l, checkout)),
      summary: summarise(lines, { mode: config.gstMode, shipState: checkout.state }),
      checkout: { ...checkout, paymentMethod: methodName(checkout) },
    };
  };
  // SPEC §7: oldest first, as the original server answered (its client reverses it, SPEC §4).
  app.get('/api/user/cart-products', cart, (req) => cartOf(principalOf(req).id, 'oldest'));
  // The new app's cart: the same answer, newest first.
  app.get('/api/user/cart', cart, (req) => cartOf(principalOf(req).id, 'newest'));

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
