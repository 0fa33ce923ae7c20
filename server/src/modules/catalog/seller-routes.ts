import {
  addProductSchema,
  errorResponses,
  legacyListQuerySchema,
  type ProductAnswer,
  pageQuerySchema,
  productAnswerSchema,
  productListSchema,
  updateProductSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readOldestFirst } from '../../lib/legacy-list.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { listSellerProducts } from './listing.ts';
import { addProduct, updateProduct } from './seller-products.ts';

/** A seller's own products: add, list, update, delete (SPEC §2 seller screens). */
export default async function sellerProductRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const asSeller = { onRequest: requireRole('seller') };
  const created = { 201: productAnswerSchema, ...errorResponses };
  const changed = { 200: productAnswerSchema, ...errorResponses };
  const list = { 200: productListSchema, ...errorResponses };

  app.post(
    '/api/seller/add-product',
    { ...asSeller, schema: { body: addProductSchema, response: created } },
    async (req, reply): Promise<ProductAnswer> => {
      const added = await addProduct(db, storage, principalOf(req).id, req.body, config.gstMode);
      reply.status(201);
      return { success: true, ...added };
    },
  );

  // SPEC §7: oldest first, as the original server answered (its client reverses the list).
  app.get(
    '/api/seller/get-products',
    { ...asSeller, schema: { querystring: legacyListQuerySchema, response: list } },
    async (req, reply) => {
      const sellerId = principalOf(req).id;
      const { items, total } = await readOldestFirst(req.query, config.legacyListLimit, (page) =>
        listSellerProducts(db, sellerId, page),
      );
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  // The new app's list: newest first (SPEC §2 /seller-allProducts), paged.
  app.get(
    '/api/seller/products',
    { ...asSeller, schema: { querystring: pageQuerySchema, response: list } },
    async (req, reply) => {
      const page = { ...req.query, order: 'newest' } as const;
      const { items, total } = await listSellerProducts(db, principalOf(req).id, page);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.put(
    '/api/seller/update-product',
    { ...asSeller, schema: { body: updateProductSchema, response: changed } },
    async (req): Promise<ProductAnswer> => {
      const { product, message } = await updateProduct(db, storage, principalOf(req).id, req.body);
      return { success: true, product, ...(message ? { message } : {}) };
    },
  );
}
