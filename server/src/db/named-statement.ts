import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { pgErrorOf } from '../lib/pg-errors.ts';
import type { DbOrTx } from './client.ts';

/**
 * Runs a raw statement as a named prepared statement: PostgreSQL parses it once per connection and,
 * after a few runs, keeps a generic plan, which matters for the big statements of hot paths (placing
 * an order plans in about 1 ms). The name must always come with the same SQL text; only the values
 * change. PGlite runs it as an ordinary statement. Counted by the query counter like any other.
 */
export async function executeNamed<Row>(db: DbOrTx, name: string, query: SQL): Promise<Row[]> {
  // Drizzle's query builders offer .prepare(name); its raw execute() does not, so this goes through
  // the same session call that execute() makes, with a name.
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return retryOnStalePlan(async () => ((await prepared.execute()) as { rows: Row[] }).rows);
}

/** feature_not_supported: "cached plan must not change result type". */
const STALE_PLAN = '0A000';

/**
 * A migration that changes a column's type invalidates the plan a connection keeps for a named
 * statement; PostgreSQL refuses its next run once and re-plans on the one after. Run it again.
 */
export async function retryOnStalePlan<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorOf(err)?.code !== STALE_PLAN) throw err;
    return run();
  }
}
