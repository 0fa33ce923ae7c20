import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Fixed-window limits on abuse-prone actions (login, register, contact form), counted by
 * `@fastify/rate-limit`: in Redis when REDIS_URL is set, so N app processes allow what one does, and
 * in process memory otherwise. Only routes that call `hit` ever touch Redis.
 *
 * Redis unreachable (ADR 016): the count falls back to this process's memory, so limits still hold
 * per process (never "no limit", never "no login"), and one line is logged each time it happens.
 */
export interface RateLimiter {
  /** Counts one hit for `key` by this request; true while the key is within `max` hits per window. */
  hit(request: FastifyRequest, key: string, max: number, windowMs: number): Promise<boolean>;
}

type Check = (req: FastifyRequest) => Promise<{ isExceeded?: boolean; isAllowed: boolean }>;

/** The per-request key (each check reads the key its caller chose). */
const KEY = Symbol('vastra.rateLimitKey');
type Keyed = FastifyRequest & { [KEY]?: string };
const keyOf = (req: FastifyRequest) => (req as Keyed)[KEY] ?? req.ip;

/** Keeps the plugin's checks, one per (store, max, window). */
class Checks {
  private readonly checks = new Map<string, Check>();
  constructor(private readonly create: (max: number, windowMs: number) => Check) {}
  get(max: number, windowMs: number): Check {
    const id = `${max}/${windowMs}`;
    let check = this.checks.get(id);
    if (!check) {
      check = this.create(max, windowMs);
      this.checks.set(id, check);
    }
    return check;
  }
}

export class PluginRateLimiter implements RateLimiter {
  private degradedSince = 0;

  constructor(
    private readonly shared: Checks | undefined,
    private readonly local: Checks,
    private readonly onDegraded: (err: unknown) => void,
  ) {}

  async hit(request: FastifyRequest, key: string, max: number, windowMs: number): Promise<boolean> {
    (request as Keyed)[KEY] = key;
    if (this.shared) {
      try {
        const result = await this.shared.get(max, windowMs)(request);
        if (this.degradedSince) this.degradedSince = 0;
        return result.isAllowed || !result.isExceeded;
      } catch (err) {
        if (!this.degradedSince) {
          this.degradedSince = Date.now();
          this.onDegraded(err);
        }
      }
    }
    const result = await this.local.get(max, windowMs)(request);
    return result.isAllowed || !result.isExceeded;
  }
}

/**
 * Registers `@fastify/rate-limit` (no global limit: routes opt in by calling `hit`) and returns the
 * limiter: Redis-backed when `redis` is given, with this process's memory as the fallback.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redis: Redis | undefined,
): Promise<RateLimiter> {
  const checksOf = async (scope: FastifyInstance, store: Redis | undefined) => {
    await scope.register(rateLimit, {
      global: false,
      keyGenerator: keyOf,
      ...(store ? { redis: store, nameSpace: 'vastra-rl-' } : {}),
    });
    return new Checks((max, timeWindow) => scope.createRateLimit({ max, timeWindow, keyGenerator: keyOf }));
  };
  // Two encapsulated instances, each with its own store (the plugin's store is per registration).
  let local: Checks | undefined;
  let shared: Checks | undefined;
  await app.register(async (scope) => {
    local = await checksOf(scope, undefined);
  });
  if (redis) {
    await app.register(async (scope) => {
      shared = await checksOf(scope, redis);
    });
  }
  return new PluginRateLimiter(shared, local!, (err) =>
    app.log.error(
      { err: (err as Error).message },
      'rate limits: Redis unreachable, counting in this process until it is back (ADR 016)',
    ),
  );
}
