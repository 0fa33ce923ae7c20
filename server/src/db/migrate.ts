import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { REPO_ROOT } from '../config.ts';
import type { Database, Schema } from './client.ts';
import { applyFunctions } from './functions.ts';

/** The committed migrations; found from the repository root, so the bundled server (server/dist) reads the same ones. */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'server', 'src', 'db', 'migrations');

/** An arbitrary constant: the advisory lock that serialises migrations across app processes. */
const MIGRATION_LOCK = 7_263_551;

/**
 * Applies the committed migrations, then the current definition of every database function and
 * trigger (server/src/db/functions); safe when several processes start at once on one server.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.withLock(MIGRATION_LOCK, async () => {
    await applyMigrations(database);
    await applyFunctions(database);
  });
}

async function applyMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, config);
    return;
  }
  await migratePg(database.db as unknown as NodePgDatabase<Schema>, config);
}
