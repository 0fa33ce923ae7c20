import http from 'node:http';
import { loadRound, type RoundResult } from './load.ts';

/**
 * Search measured the way a shop is searched: a long tail of queries, most asked once. A cached
 * answer costs no SQL, so repeating a few hundred queries (what the bench did before) measures the
 * cache, not the search. Here every cold request is a search never asked before (its own words and
 * filters, so neither its answer, its facets nor its ordered window is cached), sent exactly once;
 * the warm figures replay searches already answered.
 */

/** Words shoppers type: common garments, fabrics, colours, brands, a word being typed, two words, other spellings. */
const WORDS = [
  'shirt',
  'cotton',
  'kurta',
  'dress',
  'pants',
  'jeans',
  'silk',
  'linen',
  'hoodie',
  'top',
  'kids',
  'blue',
  'black',
  'maroon',
  'white',
  'rangrez',
  'khadi',
  'printed',
  'salwar',
  'gown',
  'kur',
  'shi',
  'dre',
  'linen shirt',
  'cotton kurta',
  'silk dress',
  'slim fit',
  'girls frock',
  'trousers',
  'tee',
  'kurti',
  'shrit',
  'kurtha',
  'jeens',
  'कुर्ता',
  'lehenga',
];

const CATEGORIES = ['', 'Mens', 'Womens', 'Kids'];
const SUB_CATEGORIES = [
  'gentsShirt',
  'gentsPant',
  'gentsHoody',
  'girlsTop',
  'LadiesPant',
  'LadiesDress',
  'KidsWear',
];
/** Price filters: none, a band's lower edge, caps, a range inside bands. */
const PRICES = [
  '',
  'minPrice=500',
  'maxPrice=999',
  'maxPrice=1499',
  'maxPrice=1999',
  'minPrice=1000&maxPrice=2499',
];
const SIZES = ['', 'size=M', 'size=L&size=XL', 'size=32'];
const SORTS = ['', 'newest', 'price_asc', 'price_desc', 'rating'];

/** A small deterministic generator: the same queries on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

const join = (...parts: string[]) => parts.filter(Boolean).join('&');

/**
 * Distinct searches, shuffled: words with a category, a price filter and in-stock or not, and
 * browsing (no words) by category or sub-category with a price cap and a size; each with a sort
 * and a page from 1 to 3. No two share their words and filters, so no two share cached facets or
 * an ordered window: each one is cold the first time it is sent.
 */
export function distinctSearches(seed = 24): string[] {
  const random = seeded(seed);
  const families: string[] = [];
  for (const word of WORDS)
    for (const category of CATEGORIES)
      for (const price of PRICES)
        for (const stock of ['', 'inStock=true'])
          families.push(
            join(`q=${encodeURIComponent(word)}`, category && `category=${category}`, price, stock),
          );
  for (const browse of [
    ...CATEGORIES.map((c) => c && `category=${c}`),
    ...SUB_CATEGORIES.map((s) => `subCategory=${s}`),
  ])
    for (const price of PRICES)
      for (const size of SIZES)
        for (const stock of ['', 'inStock=true']) families.push(join(browse, price, size, stock));
  return shuffle(families, random).map((family) => {
    const sort = SORTS[Math.floor(random() * SORTS.length)]!;
    const page = 1 + Math.floor(random() * 3);
    return `/api/products?${join(family, sort && `sort=${sort}`, page > 1 ? `page=${page}` : '')}`;
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Sends each path exactly once over `connections` keep-alive connections (each sends its next
 * request when the last one is answered); latencies in ms, from sending to the last byte.
 */
export async function eachOnce(baseUrl: string, paths: string[], connections: number): Promise<RoundResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  /** One request's latency in ms (status other than 200 counts as an error). */
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const sent = performance.now();
      const req = http.get(`${baseUrl}${path}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          resolve(performance.now() - sent);
        });
      });
      req.on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        try {
          latencies.push(await get(path));
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    requests: latencies.length + errors,
  };
}

export interface SearchFigures {
  /** Distinct searches sent (cold: each once) and the connections of the concurrent runs. */
  queries: { coldOne: number; coldMany: number; warm: number };
  connections: number;
  cold: { one: RoundResult; many: RoundResult };
  warm: { one: RoundResult; many: RoundResult };
  /** SQL statements per cold search, when the server counts them. */
  statementsPerRequest: number;
}

/**
 * Waits until the server answers searches from its in-memory index and has kept its product
 * answers (both loaded in the background after start-up on a large catalogue: a million products
 * take about a minute), as a shop's server is once started.
 */
async function indexLoaded(baseUrl: string, timeoutMs = 900_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/search/status`).catch(() => undefined);
    const status = res?.ok
      ? ((await res.json()) as { index?: string; answers?: { filling?: boolean } })
      : undefined;
    if ((status?.index === 'ready' && !status.answers?.filling) || Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Cold at one connection and at `connections`, each over searches of its own (never sent before),
 * then warm: the searches the one-connection run asked, again, at one connection and at `connections`.
 */
export async function measureSearch(
  baseUrl: string,
  opts: {
    coldOne: number;
    coldMany: number;
    connections: number;
    warmSeconds: number;
    /** The server's count of SQL statements so far. */
    statements: () => Promise<number>;
  },
): Promise<SearchFigures> {
  await indexLoaded(baseUrl);
  const all = distinctSearches();
  // A few searches first, not measured: the server's JIT and its database connections (as many as
  // the concurrent run will use), the database's caches.
  const warmUp = all.splice(0, 40);
  await eachOnce(baseUrl, warmUp, opts.connections);
  const coldOne = all.splice(0, Math.min(opts.coldOne, all.length));
  const coldMany = all.splice(0, Math.min(opts.coldMany, all.length));
  const before = await opts.statements();
  const one = await eachOnce(baseUrl, coldOne, 1);
  const many = await eachOnce(baseUrl, coldMany, opts.connections);
  const statements = (await opts.statements()) - before;
  // A hundred searches asked again (their answers, ~100 KB each, fit the server's 32 MB cache);
  // asked once more first, as the cold runs since may have pushed them out.
  const warmPaths = coldOne.slice(0, 100);
  await eachOnce(baseUrl, warmPaths, 1);
  const warm = {
    one: await loadRound(baseUrl, warmPaths, { connections: 1, seconds: opts.warmSeconds }),
    many: await loadRound(baseUrl, warmPaths, { connections: opts.connections, seconds: opts.warmSeconds }),
  };
  return {
    queries: { coldOne: coldOne.length, coldMany: coldMany.length, warm: warmPaths.length },
    connections: opts.connections,
    cold: { one, many },
    warm,
    statementsPerRequest: statements / Math.max(1, one.requests + many.requests),
  };
}
