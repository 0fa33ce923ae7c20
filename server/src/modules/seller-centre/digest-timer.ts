import type { FastifyInstance } from 'fastify';
import { sendLowStockDigests } from './low-stock.ts';

/** How often a process looks for sellers due their daily low-stock e-mail (sending is once a day). */
const DIGEST_CHECK_MS = 60 * 60_000;

/**
 * The daily low-stock e-mail's timer, in the style of the workflows' sweeps: every hour each process
 * calls `sendLowStockDigests`, which mails each seller at most once per India day (a conditional
 * claim), so several processes are safe. A job queue can take it over by calling the same function.
 * Unref'd so it never keeps a process alive; stopped when the app closes.
 */
export function scheduleLowStockDigests(app: FastifyInstance) {
  const timer = setInterval(() => {
    sendLowStockDigests({ ...app.deps, log: app.log }).catch((err) =>
      app.log.error({ err }, 'low-stock digest failed'),
    );
  }, DIGEST_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
