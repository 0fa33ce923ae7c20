import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { vacuumEmbedded } from './maintenance.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop?.());

const stats = async () => {
  // Statistics reach the shared views a moment after a transaction; ask for them at once.
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await database.db.execute(
    sql`select n_dead_tup::int as dead, vacuum_count::int as vacuums, last_analyze is not null as analyzed
      from pg_stat_user_tables where relname = 'catalog_version'`,
  );
  return (result as unknown as { rows: { dead: number; vacuums: number; analyzed: boolean }[] }).rows[0]!;
};

describe('embedded database maintenance', () => {
  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'removes the dead rows that version bumps leave on PGlite, where autovacuum never runs',
    async () => {
      for (let i = 0; i < 30; i++) await database.exec('update catalog_version set version = version + 1');
      const before = await stats();
      expect(before.dead).toBeGreaterThan(0);
      await vacuumEmbedded(database);
      const after = await stats();
      expect(after.dead).toBe(0);
      expect(after.vacuums).toBe(before.vacuums + 1);
      expect(after.analyzed).toBe(true);
    },
  );

  it('leaves a PostgreSQL server to its own autovacuum', async () => {
    const before = await stats();
    await vacuumEmbedded(database);
    const after = await stats();
    expect(after.vacuums).toBe(database.kind === 'pglite' ? before.vacuums + 1 : before.vacuums);
  });
});
