import type { AdminListQuery, AdminPage } from '@vastra/contracts';
import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%q%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** "Any of these columns contains q" (case-insensitive), or no condition without q. */
export function matchAny(q: string | undefined, columns: Array<AnyPgColumn | SQL>): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((c) => ilike(c, pattern)));
}

export const offsetOf = (query: AdminListQuery) => (query.page - 1) * query.limit;

export function pageOf<T>(items: T[], total: number, query: AdminListQuery): AdminPage<T> {
  return { items, total, page: query.page, limit: query.limit };
}
