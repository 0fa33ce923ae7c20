import type { FastifyInstance } from 'fastify';
import { sweepOwedRefunds } from './owed-refunds.ts';
import { expireReservations } from './reservations.ts';

/** How often each process sweeps (both sweeps are safe to run in every process at once). */
const SWEEP_MS = 60_000;

/**
 * Background work of every process: unpaid card reservations return their stock after 30 minutes,
 * and refunds the shop owes are retried until the provider confirms them. Unref'd so it never
 * keeps a process alive; stopped when the app closes.
 */
export function scheduleSweeps(app: FastifyInstance) {
  const sweep = setInterval(() => {
    expireReservations(app.deps.db).catch((err) => app.log.error({ err }, 'reservation sweep failed'));
    sweepOwedRefunds({ ...app.deps, log: app.log }).catch((err) =>
      app.log.error({ err }, 'refund sweep failed'),
    );
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
