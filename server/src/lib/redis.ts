import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A connection to the shared Redis (REDIS_URL). Commands never queue while Redis is unreachable:
 * they fail at once, so a caller can fall back (rate limits use this process's memory meanwhile)
 * instead of holding a request. The client keeps reconnecting in the background.
 */
export function openRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.error({ err: err.message }, 'Redis unreachable (REDIS_URL)');
  });
  redis.on('ready', () => {
    if (down) log.warn('Redis reachable again');
    down = false;
  });
  return redis;
}
