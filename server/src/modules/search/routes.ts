import { productSearchQuerySchema } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogCacheOf, sendCached } from '../catalog/cache.ts';
import { type SearchCache, searchProducts } from './search-products.ts';

/** Search: the shop's product search with filters, facets and sorting. */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const cache = catalogCacheOf(app.deps);
  // The facets and total, and the order of the first results, are shared by the pages and sorts of
  // one search (and invalidated with it).
  const shared: SearchCache = async <T>(key: string, compute: () => Promise<T>) => {
    const page = await cache.get(key, async () => ({ payload: await compute() }));
    return JSON.parse(page.body) as T;
  };

  app.get('/api/products', { schema: { querystring: productSearchQuerySchema } }, async (req, reply) => {
    // Answers are cached per catalogue version like the other public lists (a change shows at once).
    const key = `search?${JSON.stringify(req.query, Object.keys(req.query).sort())}`;
    return sendCached(req, reply, key, async () => {
      const answer = await searchProducts(db, req.query, { cache: shared });
      return { payload: answer, headers: { 'x-total-count': String(answer.total) } };
    });
  });
}
