import {
  addToWishlistSchema,
  responses,
  type WishlistAnswer,
  type WishlistChangeAnswer,
  wishlistAnswerSchema,
  wishlistChangeAnswerSchema,
  wishlistParamsSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../accounts/index.ts';
import { addToWishlist, listWishlist, removeFromWishlist } from './service.ts';

/** The customer's wishlist (`/api/user/wishlist`): list, save (idempotent), remove (idempotent). */
export default async function wishlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const change = responses(wishlistChangeAnswerSchema);

  app.get(
    '/api/user/wishlist',
    { ...asUser, schema: { response: responses(wishlistAnswerSchema) } },
    async (req): Promise<WishlistAnswer> => ({
      success: true,
      products: await listWishlist(db, principalOf(req).id),
    }),
  );

  app.post(
    '/api/user/wishlist',
    { ...asUser, schema: { body: addToWishlistSchema, response: change } },
    async (req): Promise<WishlistChangeAnswer> => {
      await addToWishlist(db, principalOf(req).id, req.body.productId);
      return { success: true, productId: req.body.productId, inWishlist: true };
    },
  );

  // Removing what is not there answers the same: the heart shows the state asked for either way.
  app.delete(
    '/api/user/wishlist/:productId',
    { ...asUser, schema: { params: wishlistParamsSchema, response: change } },
    async (req): Promise<WishlistChangeAnswer> => {
      await removeFromWishlist(db, principalOf(req).id, req.params.productId);
      return { success: true, productId: req.params.productId, inWishlist: false };
    },
  );
}
