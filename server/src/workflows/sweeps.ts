import type { FastifyInstance } from 'fastify';
import { expireUnconfirmedCodOrders } from './cod-confirm.ts';
import { sweepOwedRefunds } from './owed-refunds.ts';
import { expireReservations } from './reservations.ts';

/** The shop's periodic jobs (ADR 016): each runs once a minute across all processes. */
export const SWEEP_JOBS = {
  reservations: 'reservations-expire',
  refunds: 'refunds-retry',
  codConfirmations: 'cod-confirm-expire',
} as const;

/** A sweep is short; one still running after this long is taken to have died with its process. */
const SWEEP_OPTIONS = { retryLimit: 0, retryDelaySeconds: 30, retryBackoff: false, expireInSeconds: 300 };

/**
 * Background work of the shop, as jobs on the app's queue (in PostgreSQL with several processes, in
 * this process on the embedded database): unpaid card reservations return their stock after 30
 * minutes, and refunds the shop owes are retried until the provider confirms them. Both sweeps are
 * also safe if two ever ran at once (conditional updates, `SKIP LOCKED` claims).
 */
export function scheduleSweeps(app: FastifyInstance) {
  const { jobs } = app.deps;
  jobs.define(SWEEP_JOBS.reservations, SWEEP_OPTIONS, async () => {
    await expireReservations(app.deps.db);
  });
  jobs.define(SWEEP_JOBS.refunds, SWEEP_OPTIONS, async () => {
    await sweepOwedRefunds({ ...app.deps, log: app.log });
  });
  // COD orders not confirmed in COD_CONFIRM_HOURS are cancelled and restocked (issue 39).
  jobs.define(SWEEP_JOBS.codConfirmations, SWEEP_OPTIONS, async () => {
    await expireUnconfirmedCodOrders({ ...app.deps, log: app.log });
  });
  jobs.every(SWEEP_JOBS.reservations, 1);
  jobs.every(SWEEP_JOBS.refunds, 1);
  jobs.every(SWEEP_JOBS.codConfirmations, 1);
}
