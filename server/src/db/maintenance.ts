import type { FastifyInstance } from 'fastify';
import type { Database } from './client.ts';

/** How often the embedded database is vacuumed and its planner statistics refreshed. */
const EMBEDDED_VACUUM_MS = 15 * 60_000;

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never starts: without this, every
 * stock change, cart line and version bump leaves a dead row behind for good, and the planner keeps
 * the statistics of the day the catalogue was seeded. A PostgreSQL server's autovacuum does the same
 * on its own. Run often, each pass has little to do (~0.2 s for 10,000 products, most of it
 * ANALYZE); the embedded database answers nothing else meanwhile.
 */
export async function vacuumEmbedded(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return;
  await database.exec('vacuum (analyze)');
}

/** Vacuums the embedded database every EMBEDDED_VACUUM_MS; unref'd so it never keeps a process alive. */
export function scheduleEmbeddedVacuum(app: FastifyInstance, database: Database) {
  if (database.kind !== 'pglite') return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    vacuumEmbedded(database)
      .catch((err) => app.log.error({ err }, 'vacuum of the embedded database failed'))
      .finally(() => {
        running = false;
      });
  }, EMBEDDED_VACUUM_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
