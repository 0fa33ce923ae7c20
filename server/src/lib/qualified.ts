import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * `"table"."column"`, always. Drizzle leaves column names unqualified when a select has a single
 * table, which silently changes their meaning inside a correlated subquery (`"id"` would resolve to
 * the subquery's own table). Use this for every outer column referenced from a raw subquery.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
