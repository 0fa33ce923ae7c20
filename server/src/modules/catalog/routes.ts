import {
  errorResponses,
  LISTING_FILTERS,
  legacyListQuerySchema,
  PAGE_DEFAULT_LIMIT,
  type PriceView,
  productInListSchema,
  productListSchema,
  productSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { idSchema } from '../../lib/ids.ts';
import { wantsWholeList } from '../../lib/legacy-list.ts';
import { isAdminCaller } from '../accounts/index.ts';
import { cacheKey, sendCached } from './cache.ts';
import catalogueRoutes from './catalogue-routes.ts';
import { listFeatured, listProducts } from './listing.ts';
import { findVisibleProduct, toApiProduct } from './product-view.ts';
import { PRODUCT_NOT_FOUND } from './seller-products.ts';
import sellerProductRoutes from './seller-routes.ts';

const productParams = z.object({ id: idSchema('Product id') });
// Answers are sent as cached bytes (cache.ts), which Fastify never re-serialises: the schemas
// below serialise each answer once, when it is cached, and describe it in /api/docs.
const listSchema = {
  querystring: legacyListQuerySchema,
  response: { 200: productListSchema, ...errorResponses },
};
const productSchemaOf = <T>(answer: T) => ({
  params: productParams,
  response: { 200: answer, ...errorResponses },
});
const ALL_PRODUCTS = 'get-all-Products';

/**
 * Catalogue: the public lists of SPEC §7 (bare arrays, newest first, with X-Total-Count), one product,
 * the landing page's featured products, and (in seller-routes.ts) the seller's own products.
 */
export default async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  for (const [path, filter] of Object.entries(LISTING_FILTERS)) {
    app.get(`/api/${path}`, { schema: listSchema }, async (req, reply) => {
      const whole = wantsWholeList(req.query);
      if (whole && path === ALL_PRODUCTS && (await isAdminCaller(req))) {
        // The old admin dashboard counts the products as the length of this answer (SPEC §7).
        const { items, total } = await listProducts(db, { page: 1, limit: Number.MAX_SAFE_INTEGER });
        return reply
          .header('x-total-count', String(total))
          .header('cache-control', 'private, no-store')
          .send(items);
      }
      // The original client cannot page: without page/limit it gets the whole list (up to the cap);
      // with either, a page (the new app's listing pages, and every other client that pages).
      const page = whole
        ? { page: 1, limit: config.legacyListLimit }
        : { page: req.query.page ?? 1, limit: req.query.limit ?? PAGE_DEFAULT_LIMIT };
      // Public reads are served from the catalogue cache (cache.ts): serialized once per catalogue version.
      return sendCached(req, reply, whole ? path : cacheKey(path, page), async ({ view }) => {
        const { items, total } = await listProducts(db, { ...filter, ...page }, view);
        return { payload: items, headers: { 'x-total-count': String(total) } };
      });
    });
  }

  const productPayload = async (id: string, view: PriceView) => {
    const row = await findVisibleProduct(db, id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return toApiProduct(row, view);
  };

  app.get('/api/product-page/:id', { schema: productSchemaOf(productSchema) }, async (req, reply) =>
    sendCached(req, reply, cacheKey('product-page', req.params), async ({ view }) => ({
      payload: await productPayload(req.params.id, view),
    })),
  );

  app.get(
    '/api/seller/get-a-product/:id',
    { schema: productSchemaOf(productInListSchema) },
    async (req, reply) =>
      sendCached(req, reply, cacheKey('get-a-product', req.params), async ({ view }) => ({
        payload: [await productPayload(req.params.id, view)],
      })),
  );

  const featured = { response: { 200: productListSchema, ...errorResponses } };
  app.get('/api/featured', { schema: featured }, async (req, reply) =>
    sendCached(req, reply, 'featured', async ({ view }) => ({ payload: await listFeatured(db, view) })),
  );

  await app.register(sellerProductRoutes);
  await app.register(catalogueRoutes);
}
