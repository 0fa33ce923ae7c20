import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
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
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
