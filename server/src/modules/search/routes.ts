import { productSearchAnswerSchema, productSearchQuerySchema, responses } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogCacheOf, sendCached } from '../catalog/index.ts';
import { SearchIndex } from './memory-index.ts';
import { keepNewestAnswers, runSearch, type SearchResult } from './search-products.ts';

/** How long start-up waits for the search index (fastify allows a hook 10 s; 10,000 products load in 0.5 s). */
const INDEX_WAIT_MS = 3_000;

/** Search: the shop's product search with filters, facets and sorting. */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const cache = catalogCacheOf(app.deps);
  // The catalogue's search fields in memory (ADR 012), loaded once the app is up: every search is
  // answered there (one arriving before the load waits for it). The product answers too, newest
  // first, as far as SEARCH_ANSWERS_MB allows.
  const index: SearchIndex = new SearchIndex(db, {
    productJsonBytes: config.searchAnswersBytes,
    afterLoad: ({ still }) =>
      keepNewestAnswers(db, index, still, async () => {
        const now = Date.now();
        const open = (await cache.latestCalendar()).openFor(now, false);
        return { view: { now: new Date(now), signedIn: false }, open };
      }),
  });
  app.addHook('onReady', async () => {
    const loading = index.start().catch((err) => app.log.error({ err }, 'search index: loading failed'));
    // A small catalogue is in before the first request; searches sent before a large one is in wait.
    await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, INDEX_WAIT_MS).unref())]);
  });
  app.addHook('onClose', async () => {
    await index.close().catch(() => undefined);
  });
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

  // Sent as cached bytes: the answer comes already serialised as the schema would (search-products.ts).
  const search = { querystring: productSearchQuerySchema, response: responses(productSearchAnswerSchema) };
  app.get('/api/products', { schema: search }, async (req, reply) => {
    // Answers are cached per catalogue version like the other public lists (a change shows at once),
    // and per the sales open for the viewer: prices filter, sort and show as they pay them.
    const key = `search?${JSON.stringify(req.query, Object.keys(req.query).sort())}`;
    return sendCached(
      req,
      reply,
      key,
      async (sales) => {
        const found = await runSearch(db, index, req.query, cache.knownVersion, sales);
        return { payload: found, headers: { 'x-total-count': String(found.total) } };
      },
      (payload) => {
        const found = payload as SearchResult;
        return { bytes: found.json, etag: found.etag };
      },
    );
  });
}
