import { promiseAnswerSchema, promiseQuerySchema, responses } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deliveryPromise } from './delivery-promise.ts';

/** The delivery promise on the product page (issue 37): anyone may ask, signed in or not. */
export default async function deliveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  app.get(
    '/api/delivery/promise',
    { schema: { querystring: promiseQuerySchema, response: responses(promiseAnswerSchema) } },
    async (req) => deliveryPromise(db, config, req.query),
  );
}
