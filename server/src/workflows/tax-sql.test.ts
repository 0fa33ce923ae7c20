import { gstOn } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { gstSql } from './tax-sql.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop?.());

describe('the COD statement taxes exactly as gstOn', () => {
  it('gives the same GST for amounts on and around every rounding edge', async () => {
    // 18% of n paise ends in .5 when n ≡ 25 (mod 50): the halves are where roundings differ.
    const amounts = [0, 1, 2, 3, 25, 50, 75, 99, 125, 275, 33_333, 99_999, 117_999, 1_000_025, 20_000_000];
    for (let n = 1; n <= 400; n++) amounts.push(n * 25, n * 7 + 3);
    type Row = { n: number; gst: number };
    const result: unknown = await database.db.execute(
      sql`select n, ${gstSql(sql`n`)} as gst from unnest(${`{${amounts.join(',')}}`}::int[]) as n`,
    );
    // node-postgres answers { rows }, PGlite's Drizzle driver too; accept a bare array as well.
    const list = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
    expect(list).toHaveLength(amounts.length);
    for (const row of list) expect(Number(row.gst), `GST on ${row.n}`).toBe(gstOn(Number(row.n)));
  });
});
