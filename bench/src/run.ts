// npm run bench [-- --products N --rounds R --seconds S --connections C --search-products N --only pglite|postgres
//                   --parts reads,cod,search --search-database URL --sale]
// Starts the real server on a fresh seeded database (PGlite; PostgreSQL too when DATABASE_URL is set),
// measures the read endpoints against a bare Fastify route serving the same bytes, the COD flow, cold
// and warm search on that catalogue, and search at 100k products on PostgreSQL (cold: each search
// asked once; warm: asked again). --search-database names an already seeded PostgreSQL database for
// the search at scale (a million products take a while to seed: seed once, measure many times).
// --sale measures the shop during a sale event: one runs on a third of the products (sale-event.ts).
// Prints a table and writes bench/results/latest.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchCod, type CodResult } from './cod.ts';
import { createPgDatabase } from './databases.ts';
import { loadRound, medianOf, type RoundResult } from './load.ts';
import { type Proc, productionServer, REPO_ROOT, runCommand, sampleRss, startProcess } from './processes.ts';
import { printReport } from './report.ts';
import { measureSearch, type SearchFigures } from './search.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: process.env.BENCH_PRODUCTS ?? '10000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    users: { type: 'string', default: '64' },
    'search-products': { type: 'string', default: '100000' },
    'search-database': { type: 'string' },
    'cold-searches': { type: 'string', default: '400' },
    only: { type: 'string' },
    parts: { type: 'string', default: 'reads,cod,search' },
    sale: { type: 'boolean', default: false },
  },
});
const PRODUCTS = Number(args.products);
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const PARTS = new Set(args.parts.split(','));
const SALE = args.sale;

export interface EndpointResult {
  name: string;
  path: string;
  project: RoundResult;
  bare: RoundResult;
  ratio: number;
  statementsPerRequest: number;
  rssMb: number;
}

export interface DbResult {
  database: 'pglite' | 'postgres';
  products: number;
  endpoints: EndpointResult[];
  cod: CodResult | { error: string };
  /** Cold and warm search on this catalogue (before any order is placed). */
  search?: SearchResult;
  rssPeakMb: number;
}

export interface SearchResult extends SearchFigures {
  database: 'pglite' | 'postgres';
  products: number;
}

function serverEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    // Always set: the processes inherit the bench's environment, whose DATABASE_URL (the server to
    // create PostgreSQL bench databases on) must not turn the PGlite run into a PostgreSQL one.
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    BENCH_COUNT_QUERIES: '1',
    RATE_LIMIT_AUTH_MAX: '1000000',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  };
}

/** The server as `npm start` runs it: the bundle in server/dist, built first when stale. */
const SERVER = await productionServer();
const SEED_CLI = 'server/src/db/seed/cli.ts';

/** Migrates (by starting the server once), then seeds N products with the project's seed CLI. */
async function prepare(env: Record<string, string>, products: number) {
  const first = await startProcess(SERVER, env, '/api/health');
  await first.stop();
  const t0 = performance.now();
  await runCommand(['--import', 'tsx', SEED_CLI, '--products', String(products)], env);
  console.log(`  seeded ${products} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (SALE) {
    await runCommand(['--import', 'tsx', 'bench/src/sale-event.ts'], env);
    console.log('  a sale event runs on a third of the products');
  }
}

async function queryCount(server: Proc): Promise<number> {
  const res = await fetch(`${server.url}/api/_debug/query-count`);
  return ((await res.json()) as { count: number }).count;
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The read endpoints, each as the list of paths a round picks from. */
async function readEndpoints(server: Proc) {
  const listing = await json<{ _id: string }[]>(`${server.url}/api/get-all-Products?limit=48`);
  return [
    { name: 'listing (48)', paths: ['/api/get-all-Products?limit=48'] },
    { name: 'sub-category listing', paths: ['/api/get-mens-shirts'] },
    { name: 'product page', paths: listing.map((p) => `/api/product-page/${p._id}`) },
    { name: 'search q=shirt', paths: ['/api/products?q=shirt'] },
  ];
}

async function startBare(server: Proc, paths: string[], dir: string): Promise<Proc> {
  const bodies: Record<string, string> = {};
  for (const p of paths) bodies[p] = await (await fetch(server.url + p)).text();
  const file = path.join(dir, 'bare-responses.json');
  writeFileSync(file, JSON.stringify(bodies));
  return startProcess('bench/src/bare-server.ts', { BARE_RESPONSES: file }, paths[0]!);
}

async function benchReads(server: Proc, bare: Proc, endpoints: Awaited<ReturnType<typeof readEndpoints>>) {
  const opts = { connections: CONNECTIONS, seconds: SECONDS };
  // Warm both (caches, JIT) before measuring.
  for (const e of endpoints) {
    await loadRound(server.url, e.paths, { ...opts, seconds: 1 });
    await loadRound(bare.url, e.paths, { ...opts, seconds: 1 });
  }
  const rounds = new Map<
    string,
    { project: RoundResult[]; bare: RoundResult[]; stmts: number[]; rss: number[] }
  >();
  for (let r = 0; r < ROUNDS; r++) {
    for (const e of endpoints) {
      const entry = rounds.get(e.name) ?? { project: [], bare: [], stmts: [], rss: [] };
      rounds.set(e.name, entry);
      // Interleaved: the project and the bare route see the same moment of machine noise.
      const before = await queryCount(server);
      const rss = sampleRss(server.child.pid);
      const project = await loadRound(server.url, e.paths, opts);
      entry.rss.push(rss.stop());
      entry.stmts.push(((await queryCount(server)) - before) / Math.max(1, project.requests));
      entry.project.push(project);
      entry.bare.push(await loadRound(bare.url, e.paths, opts));
      console.log(
        `  round ${r + 1} ${e.name.padEnd(22)} ${project.rps.toFixed(0).padStart(6)} req/s vs bare ${entry.bare
          .at(-1)!
          .rps.toFixed(0)
          .padStart(6)}`,
      );
    }
  }
  return endpoints.map((e): EndpointResult => {
    const entry = rounds.get(e.name)!;
    const project = medianOf(entry.project);
    const bareResult = medianOf(entry.bare);
    return {
      name: e.name,
      path: e.paths.length === 1 ? e.paths[0]! : `${e.paths[0]} (+${e.paths.length - 1} more)`,
      project,
      bare: bareResult,
      ratio: project.rps / bareResult.rps,
      statementsPerRequest: Math.max(...entry.stmts),
      rssMb: Math.max(...entry.rss),
    };
  });
}

async function benchDatabase(kind: 'pglite' | 'postgres', runId: string): Promise<DbResult> {
  console.log(`\n== ${kind}: ${PRODUCTS} products ==`);
  const dir = mkdtempSync(path.join(tmpdir(), 'vastra-bench-'));
  const pgDb = kind === 'postgres' ? await createPgDatabase(process.env.DATABASE_URL!, runId) : undefined;
  const env = serverEnv(dir, pgDb?.url);
  let server: Proc | undefined;
  let bare: Proc | undefined;
  try {
    await prepare(env, PRODUCTS);
    server = await startProcess(SERVER, env, '/api/health');
    let reads: EndpointResult[] = [];
    if (PARTS.has('reads')) {
      const endpoints = await readEndpoints(server);
      bare = await startBare(
        server,
        endpoints.flatMap((e) => e.paths),
        dir,
      );
      reads = await benchReads(server, bare, endpoints);
      await bare.stop();
      bare = undefined;
    }
    const search = PARTS.has('search') ? await searchFigures(server, kind, PRODUCTS) : undefined;
    // Shoppers buy every size of 2,000 products (10 pages of 200), so a 30-second run sells out few.
    const base = server.url;
    const pages = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        json<{ _id: string; variants: { _id: string }[] }[]>(
          `${base}/api/get-all-Products?limit=200&page=${i + 1}`,
        ),
      ),
    );
    const picks = pages
      .flat()
      .flatMap((p) => p.variants.map((v) => ({ productId: p._id, variantId: v._id })));
    const cod = PARTS.has('cod')
      ? await benchCod(server.url, picks, {
          users: Number(args.users),
          seconds: SECONDS * 2,
          rounds: ROUNDS,
          runId,
          serverPid: server.child.pid,
        }).catch((err: Error) => ({ error: err.message.slice(0, 300) }))
      : { error: 'not run (--parts)' };
    return {
      database: kind,
      products: PRODUCTS,
      endpoints: reads,
      cod,
      search,
      rssPeakMb: Math.max('error' in cod ? 0 : cod.rssPlacingMb, ...reads.map((r) => r.rssMb)),
    };
  } finally {
    await bare?.stop();
    await server?.stop();
    await pgDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Cold and warm search on a running server: as many cold searches at 1 connection, twice as many at CONNECTIONS. */
async function searchFigures(
  server: Proc,
  database: SearchResult['database'],
  products: number,
): Promise<SearchResult> {
  const cold = Number(args['cold-searches']);
  const figures = await measureSearch(server.url, {
    coldOne: cold,
    coldMany: cold * 2,
    connections: CONNECTIONS,
    warmSeconds: SECONDS,
    statements: () => queryCount(server),
  });
  return { database, products, ...figures };
}

/** How many products a shop's database shows (a search's total may be an estimate). */
async function activeProducts(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from products where status = 'active'`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Search at scale on PostgreSQL: a fresh seeded database, or --search-database as it is. */
async function benchSearch(runId: string): Promise<SearchResult> {
  const given = args['search-database'];
  const dir = mkdtempSync(path.join(tmpdir(), 'vastra-bench-'));
  const pgDb = given ? undefined : await createPgDatabase(process.env.DATABASE_URL!, `${runId}_search`);
  const env = serverEnv(dir, given ?? pgDb!.url);
  let server: Proc | undefined;
  try {
    let n = Number(args['search-products']);
    if (pgDb) {
      console.log(`\n== postgres search: ${n} products ==`);
      await prepare(env, n);
    }
    server = await startProcess(SERVER, env, '/api/health');
    if (given) {
      n = await activeProducts(given);
      console.log(`\n== postgres search: ${n} products (${new URL(given).pathname.slice(1)}) ==`);
    }
    return await searchFigures(server, 'postgres', n);
  } finally {
    await server?.stop();
    await pgDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const kinds: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const selected = args.only ? kinds.filter((k) => k === args.only) : kinds;
  const results: DbResult[] = [];
  if (PRODUCTS > 0 && (PARTS.has('reads') || PARTS.has('cod') || PARTS.has('search')))
    for (const kind of selected) results.push(await benchDatabase(kind, runId));
  const search =
    (process.env.DATABASE_URL || args['search-database']) &&
    PARTS.has('search') &&
    args.only !== 'pglite' &&
    Number(args['search-products']) > 0
      ? await benchSearch(runId)
      : undefined;
  const report = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    settings: {
      products: PRODUCTS,
      rounds: ROUNDS,
      secondsPerRound: SECONDS,
      connections: CONNECTIONS,
      saleRunning: SALE,
    },
    results,
    search,
  };
  printReport(report);
  mkdirSync(path.join(REPO_ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(REPO_ROOT, 'bench', 'results', 'latest.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.log('\nwritten bench/results/latest.json');
}

await main();
