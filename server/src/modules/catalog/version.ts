import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { catalogVersion } from '../../db/schema.ts';

/**
 * Every write that changes what the public catalogue shows (price, stock, rating, visibility)
 * bumps the version in the same transaction; catalogue caches in every process compare against it
 * (docs/decisions/008-catalogue-cache.md). The database's bump_catalog_version()
 * (server/src/db/functions/catalog-version.sql) is the one place that knows how: it adds one to a
 * stripe of catalog_version chosen by the transaction id. Sellers' changes bump by trigger; the
 * COD statement calls the function itself.
 *
 * Why stripes: a single counter row is locked by each bumping transaction until it commits, so on
 * PostgreSQL every order would wait for the previous one's commit. Repeated bumps in one
 * transaction touch the same row (no deadlocks between two transactions), and concurrent
 * transactions rarely share one. The sum only grows, and only at commit, so a reader never sees a
 * version whose data is not yet visible.
 */
export async function bumpCatalogVersion(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select bump_catalog_version()`);
}

/** The current catalogue version: one cheap statement (64 rows in one page). */
export async function readCatalogVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ v: sql<string>`coalesce(sum(${catalogVersion.version}), 0)` })
    .from(catalogVersion);
  return Number(row?.v ?? 0);
}

/** readCatalogVersion as plain SQL, for a dedicated connection (Database.dedicatedReader). */
const CATALOG_VERSION_SQL = 'select coalesce(sum("version"), 0)::text from "catalog_version"';

/**
 * The reader a cache checks the version with: on PostgreSQL a prepared statement on a connection of
 * its own (a read per burst of requests must not wait behind the pool's orders and searches, nor pay
 * for building the query); elsewhere the Drizzle query.
 */
export function catalogVersionReader(database: Database): () => Promise<number> {
  const read = database.dedicatedReader?.(CATALOG_VERSION_SQL);
  if (!read) return () => readCatalogVersion(database.db);
  return async () => Number((await read()) ?? 0);
}
