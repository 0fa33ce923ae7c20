import {
  addProductSchema,
  deleteProductSchema,
  legacyListQuerySchema,
  pageQuerySchema,
  updateProductSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { readOldestFirst } from '../../lib/legacy-list.ts';
import { principalOf, requireRole } from '../accounts/guard.ts';
import { listSellerProducts } from './listing.ts';
import { addProduct, removeProduct, updateProduct } from './seller-products.ts';

/** DELETE carries productId in its body (SPEC §7); some clients can only send it in the query. */
function productIdToDelete(body: unknown, query: unknown): string {
  const source =
    body && typeof body === 'object' && 'productId' in body ? body : (query as Record<string, unknown>);
  const parsed = deleteProductSchema.safeParse(source ?? {});
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ msg: i.message, path: 'productId' }));
    throw new AppError('BAD_REQUEST', fields[0]!.msg, fields);
  }
  return parsed.data.productId;
}

/** A seller's own products: add, list, update, delete (SPEC §2 seller screens). */
export default async function sellerProductRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const asSeller = { onRequest: requireRole('seller') };

  app.post(
    '/api/seller/add-product',
    { ...asSeller, schema: { body: addProductSchema } },
    async (req, reply) => {
      const product = await addProduct(db, storage, principalOf(req).id, req.body);
      reply.status(201);
      return { success: true, product };
    },
  );

  // SPEC §7: oldest first, as the original server answered (its client reverses the list).
  app.get(
    '/api/seller/get-products',
    { ...asSeller, schema: { querystring: legacyListQuerySchema } },
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
    { ...asSeller, schema: { querystring: pageQuerySchema } },
    async (req, reply) => {
      const page = { ...req.query, order: 'newest' } as const;
      const { items, total } = await listSellerProducts(db, principalOf(req).id, page);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.put(
    '/api/seller/update-product',
    { ...asSeller, schema: { body: updateProductSchema } },
    async (req) => {
      const product = await updateProduct(db, storage, principalOf(req).id, req.body);
      return { success: true, product };
    },
  );

  app.delete('/api/seller/delete-product', asSeller, async (req) => {
    await removeProduct(db, storage, principalOf(req).id, productIdToDelete(req.body, req.query));
    return { success: true };
  });
}
