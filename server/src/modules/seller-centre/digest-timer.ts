import type { FastifyInstance } from 'fastify';
import { sendLowStockDigests } from './low-stock.ts';

/** The job that looks for sellers due their daily low-stock e-mail (ADR 016). */
export const LOW_STOCK_JOB = 'low-stock-digest';

/**
 * The daily low-stock e-mail as a job on the app's queue, every hour (once across all processes in
 * PostgreSQL, in this process on the embedded database): `sendLowStockDigests` mails each seller at
 * most once per India day (a conditional claim), so a retried or doubled run sends nothing twice.
 */
export function scheduleLowStockDigests(app: FastifyInstance) {
  const { jobs } = app.deps;
  jobs.define(
    LOW_STOCK_JOB,
    { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 900 },
    () => sendLowStockDigests({ ...app.deps, log: app.log }).then(() => undefined),
  );
  jobs.every(LOW_STOCK_JOB, 60);
}
