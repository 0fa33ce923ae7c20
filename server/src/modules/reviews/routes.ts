import {
  addReviewAnswerSchema,
  addReviewSchema,
  legacyReviewsAnswerSchema,
  productReviewsAnswerSchema,
  responses,
  reviewsPageQuerySchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../lib/ids.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { addReview } from './add-review.ts';
import { listReviews, productReviews } from './list-reviews.ts';

/** Reviews: posting (users only), the old client's list, and the paged list with its histogram. */
export default async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  app.post(
    '/api/user/add-review',
    {
      onRequest: requireRole('user'),
      schema: { body: addReviewSchema, response: responses(addReviewAnswerSchema) },
    },
    async (req) => {
      const { productId, rating, reviewInput } = req.body;
      return addReview(db, principalOf(req), { productId, rating, text: reviewInput });
    },
  );

  // The old client builds its histogram from the whole list, so its endpoint answers (almost) every
  // review in one go (LEGACY_LIST_LIMIT); newer clients page through `/api/products/:id/reviews`.
  app.get(
    '/api/user/show-reviews/:productId',
    {
      schema: {
        params: z.object({ productId: idSchema('productId') }),
        response: responses(legacyReviewsAnswerSchema),
      },
    },
    async (req) => listReviews(db, req.params.productId, { page: 1, limit: config.legacyListLimit }),
  );

  app.get(
    '/api/products/:id/reviews',
    {
      schema: {
        params: z.object({ id: idSchema('product id') }),
        querystring: reviewsPageQuerySchema,
        response: responses(productReviewsAnswerSchema),
      },
    },
    async (req, reply) => {
      const answer = await productReviews(db, req.params.id, req.query);
      reply.header('x-total-count', answer.count);
      return answer;
    },
  );
}
