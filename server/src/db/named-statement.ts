import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgPreparedQuery, PgSession, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { pgErrorOf } from '../lib/pg-errors.ts';
import type { DbOrTx } from './client.ts';

/**
 * A raw statement run as a named prepared statement: PostgreSQL parses it once per connection and,
 * after a few runs, keeps a generic plan, which matters for the big statements of hot paths (placing
 * an order plans in about 1 ms). Its values are `sql.placeholder(...)`s, so the SQL text is also
 * built only once per database handle; each run just fills in `values`. PGlite runs it as an
 * ordinary statement. Counted by the query counter like any other.
 */
export function namedStatement<Row, Values extends Record<string, unknown>>(name: string, query: SQL) {
  // Drizzle's query builders offer .prepare(name); its raw execute() does not, so this makes the same
  // session call that execute() makes, with a name.
  const prepared = new WeakMap<DbOrTx, PgPreparedQuery<PreparedQueryConfig>>();
  const preparedFor = (db: DbOrTx) => {
    const known = prepared.get(db);
    if (known) return known;
    const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
    const made = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
    prepared.set(db, made);
    return made;
  };
  return (db: DbOrTx, values: Values): Promise<Row[]> => {
    const statement = preparedFor(db);
    return retryOnStalePlan(async () => ((await statement.execute(values)) as { rows: Row[] }).rows);
  };
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
