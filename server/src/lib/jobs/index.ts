import type { FastifyBaseLogger } from 'fastify';
import { MemoryQueue } from './memory-queue.ts';
import { PgBossQueue } from './pg-queue.ts';
import type { JobQueue } from './queue.ts';

export { MemoryQueue } from './memory-queue.ts';
export { JOBS_SCHEMA, PgBossQueue } from './pg-queue.ts';
export type { JobHandler, JobOptions, JobQueue, SendOptions } from './queue.ts';

/**
 * pg-boss on a PostgreSQL server (DATABASE_URL), this process's memory on the embedded database
 * (which has one process, so it always works its own jobs, whatever JOBS_WORK says).
 */
export function createJobQueue(
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
  opts: { work: boolean; superviseSeconds: number },
): JobQueue {
  return databaseUrl ? new PgBossQueue(databaseUrl, log, opts) : new MemoryQueue(log);
}
