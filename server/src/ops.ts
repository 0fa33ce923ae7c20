import { timingSafeEqual } from 'node:crypto';
import { access, constants } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from './lib/errors.ts';
import { catalogCacheOf } from './modules/catalog/index.ts';

type Check = 'ok' | 'off' | 'unreachable';

/** Each dependency's answer within this time, or it counts as unreachable. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function check(run: (() => Promise<unknown>) | undefined): Promise<Check> {
  if (!run) return 'off';
  try {
    await within(run(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Operations (DESIGN §12, ADR 016): readiness at `/api/ready` (database, Redis, image storage and the
 * job queue each reachable), and Prometheus metrics at `/metrics` for a holder of `METRICS_TOKEN`
 * (404 when it is unset, 401 without it). `/api/health` (alive) is registered with the app.
 */
export async function registerOps(app: FastifyInstance, redis: Redis | undefined) {
  const { database, storage, jobs, config } = app.deps;

  app.get('/api/ready', async (req, reply) => {
    const localRoot = storage.localRoot;
    const checks = {
      database: await check(() => database.exec('select 1')),
      redis: await check(redis ? () => redis.ping() : undefined),
      storage: await check(
        storage.ping
          ? () => storage.ping!()
          : localRoot
            ? () => access(localRoot, constants.W_OK)
            : undefined,
      ),
      jobs: await check(() => jobs.ping()),
    };
    const ready = Object.values(checks).every((c) => c !== 'unreachable');
    if (!ready) req.log.error({ checks }, 'not ready: a dependency is unreachable');
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return { success: ready, status: ready ? 'ready' : 'not_ready', checks };
  });

  const token = config.metricsToken;
  if (!token) {
    app.get('/metrics', async () => {
      throw new AppError('NOT_FOUND', 'Metrics are off (set METRICS_TOKEN to turn them on)');
    });
    return;
  }

  const registry = new Registry();
  const latency = new Histogram({
    name: 'vastra_http_request_duration_seconds',
    help: 'Time to answer a request, by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Per-route series are made once and reused: an observation is then one array update.
  const series = new Map<string, ReturnType<typeof latency.labels>>();
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const id = `${req.method} ${route} ${reply.statusCode}`;
    let s = series.get(id);
    if (!s) {
      s = latency.labels(req.method, route, String(reply.statusCode));
      series.set(id, s);
    }
    s.observe(reply.elapsedTime / 1000);
    done();
  });

  const cache = () => catalogCacheOf(app.deps);
  new Counter({
    name: 'vastra_catalog_cache_hits_total',
    help: 'Public catalogue answers served from this process’s cache',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache().hits);
    },
  });
  new Counter({
    name: 'vastra_catalog_cache_misses_total',
    help: 'Public catalogue answers loaded from the database',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache().misses);
    },
  });
  new Gauge({
    name: 'vastra_catalog_cache_hit_ratio',
    help: 'Hits over all catalogue cache lookups since this process started',
    registers: [registry],
    collect() {
      const { hits, misses } = cache();
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  // The shop's totals come from the database, so every process reports the same cluster-wide figures.
  const orderTotals = async () => {
    const result = (await database.db.execute(sql`select
      count(*) filter (where payment_status not in ('awaiting_payment', 'failed'))::int as placed,
      count(*) filter (where payment_status = 'failed')::int as failed
      from orders`)) as { rows: unknown[] };
    const row = result.rows[0] as { placed: number; failed: number } | undefined;
    return { placed: Number(row?.placed ?? 0), failed: Number(row?.failed ?? 0) };
  };
  let totals: Promise<{ placed: number; failed: number }> | undefined;
  const totalsOnce = () => {
    totals ??= orderTotals().finally(() => {
      totals = undefined;
    });
    return totals;
  };
  new Gauge({
    name: 'vastra_orders_placed_total',
    help: 'Orders placed (paid, or Cash On Delivery), all processes',
    registers: [registry],
    async collect() {
      this.set((await totalsOnce()).placed);
    },
  });
  new Gauge({
    name: 'vastra_payments_failed_total',
    help: 'Card checkouts that ended unpaid (failed or expired), all processes',
    registers: [registry],
    async collect() {
      this.set((await totalsOnce()).failed);
    },
  });
  new Gauge({
    name: 'vastra_job_queue_depth',
    help: 'Background jobs waiting or running, by job',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [job, n] of Object.entries(await jobs.depth())) this.labels(job).set(n);
    },
  });

  app.get('/metrics', async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', 'Metrics need the METRICS_TOKEN as a Bearer token');
    }
    reply.type(registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
