import { productSearchAnswerSchema, productSearchQuerySchema, responses } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { concurrencyLimit } from '../../lib/limit.ts';
import { catalogCacheOf, sendCached } from '../catalog/index.ts';
import { SearchIndex } from './memory-index.ts';
import { keepNewestAnswers, runSearch, type SearchCache, type SearchResult } from './search-products.ts';

/**
 * Searches that go over many products run at most this many at a time (the rest wait their turn
 * here, not in the database pool): they share a few CPU cores, so more at once only makes each
 * slower, and the pool keeps free connections for everything else (cached answers still read the
 * catalogue version, product pages, checkout).
 */
const SEARCHES_AT_ONCE = 4;
/** How long start-up waits for the search index (fastify allows a hook 10 s; 10,000 products load in 0.5 s). */
const INDEX_WAIT_MS = 3_000;

/** Search: the shop's product search with filters, facets and sorting. */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const cache = catalogCacheOf(app.deps);
  const limit = concurrencyLimit(SEARCHES_AT_ONCE);
  // The catalogue's search fields in memory (ADR 012), loaded once the app is up: until then, and
  // for what it cannot answer, searches run in SQL.
  // The product answers too, newest first, as far as SEARCH_ANSWERS_MB allows.
  const index: SearchIndex = new SearchIndex(db, {
    productJsonBytes: config.searchAnswersBytes,
    afterLoad: ({ still }) => keepNewestAnswers(db, index, still),
  });
  app.addHook('onReady', async () => {
    const loading = index.start().catch((err) => app.log.error({ err }, 'search index: loading failed'));
    // A small catalogue is in before the first request; a large one loads on while SQL answers.
    await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, INDEX_WAIT_MS).unref())]);
  });
  app.addHook('onClose', async () => {
    await index.close().catch(() => undefined);
  });
  // The facets and total, and the order of the first results, are shared by the pages and sorts of
  // one search (and invalidated with it).
  const shared: SearchCache = async <T>(key: string, compute: () => Promise<T>) => {
    const page = await cache.get(key, async () => ({ payload: await compute() }));
    return JSON.parse(page.body) as T;
  };

  // Whether this process answers searches from memory yet (operators, benchmarks).
  app.get('/api/search/status', { schema: { hide: true } }, async () => ({
    index: index.ready ? 'ready' : 'loading',
    products: index.size,
    // The product answers kept as JSON: how many, their size, and how often a page found them.
    answers: {
      // Still being filled after the index loaded.
      filling: index.filling !== undefined,
      kept: index.productJson.size,
      bytes: index.productJson.heldBytes,
      hits: index.productJson.hits,
      misses: index.productJson.misses,
    },
  }));

  // Sent as cached bytes: the answer schema serialises it once, when cached (see catalog/cache.ts);
  // an answer from memory comes already serialised as the schema would (search-products.ts).
  const search = { querystring: productSearchQuerySchema, response: responses(productSearchAnswerSchema) };
  app.get('/api/products', { schema: search }, async (req, reply) => {
    // Answers are cached per catalogue version like the other public lists (a change shows at once).
    const key = `search?${JSON.stringify(req.query, Object.keys(req.query).sort())}`;
    return sendCached(
      req,
      reply,
      key,
      async () => {
        const found = await runSearch(db, req.query, {
          cache: shared,
          limit,
          index,
          version: cache.knownVersion,
        });
        return { payload: found, headers: { 'x-total-count': String(found.total) } };
      },
      (payload) => {
        const found = payload as SearchResult;
        return 'json' in found
          ? { bytes: found.json, etag: found.etag }
          : (reply.serialize(found.answer) as string);
      },
    );
  });
}
