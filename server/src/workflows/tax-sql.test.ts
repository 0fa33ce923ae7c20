import { GST_MODES, gstOn, gstRateFor, taxLines } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { gstRateSql, gstSql, taxedLinesSql } from './tax-sql.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop?.());

// node-postgres answers { rows }, PGlite's Drizzle driver too; accept a bare array as well.
async function rowsOf<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

describe('the COD statement taxes exactly as contracts/src/tax.ts', () => {
  it('gives the same flat 18% for amounts on and around every rounding edge', async () => {
    // 18% of n paise ends in .5 when n ≡ 25 (mod 50): the halves are where roundings differ.
    const amounts = [0, 1, 2, 3, 25, 50, 75, 99, 125, 275, 33_333, 99_999, 117_999, 1_000_025, 20_000_000];
    for (let n = 1; n <= 400; n++) amounts.push(n * 25, n * 7 + 3);
    const list = await rowsOf<{ n: number; gst: number }>(
      sql`select n, ${gstSql(sql`n`)} as gst from unnest(${`{${amounts.join(',')}}`}::int[]) as n`,
    );
    expect(list).toHaveLength(amounts.length);
    for (const row of list) expect(Number(row.gst), `GST on ${row.n}`).toBe(gstOn(Number(row.n)));
  });

  it('picks the same rate for every HSN chapter and piece price around the slab edges', async () => {
    const prices = [
      1, 99_999, 100_000, 100_001, 105_000, 105_001, 250_000, 262_499, 262_500, 262_501, 295_000, 10_000_000,
    ];
    const codes = ['6109', '6205', '62034200', '6302', '6403', '4202', '7113', '9999'];
    const pairs = codes.flatMap((hsn) => prices.map((price) => ({ hsn, price })));
    const list = await rowsOf<{ hsn: string; price: number; rate: number }>(sql`
      select hsn, price, ${gstRateSql(sql`hsn`, sql`price`)} as rate
      from unnest(${`{${pairs.map((p) => p.hsn).join(',')}}`}::text[], ${`{${pairs.map((p) => p.price).join(',')}}`}::int[]) as t(hsn, price)`);
    for (const row of list)
      expect(Number(row.rate), `${row.hsn} at ${row.price}`).toBe(
        gstRateFor(row.hsn, Number(row.price), new Date()),
      );
  });

  it.each(GST_MODES)(
    'shares out the tax of random carts line by line as taxLines does (%s)',
    async (mode) => {
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed % n;
      };
      const hsns = ['6109', '6205', '6204', '4202'];
      for (let cart = 0; cart < 60; cart++) {
        const lines = Array.from({ length: 1 + random(5) }, (_, i) => ({
          key: `00000000-0000-4000-8000-${String(random(1000) * 10 + i).padStart(12, '0')}`,
          unitPricePaise: 1 + random(400_000),
          quantity: 1 + random(4),
          hsn: hsns[random(hsns.length)]!,
        }));
        const expected = taxLines(mode, lines, new Date());
        const source = sql`(select * from unnest(
        ${`{${lines.map((l) => l.key).join(',')}}`}::uuid[],
        ${`{${lines.map((l) => l.unitPricePaise).join(',')}}`}::int[],
        ${`{${lines.map((l) => l.quantity).join(',')}}`}::int[],
        ${`{${lines.map((l) => l.hsn).join(',')}}`}::text[]) as u(variant_id, price_paise, quantity, hsn))`;
        const rows = await rowsOf<{ variant_id: string; rate_bp: number; taxable: string; tax: string }>(
          sql`select variant_id, rate_bp, taxable, tax from (${taxedLinesSql(mode, source)}) t`,
        );
        for (const want of expected.lines) {
          const got = rows.find((r) => r.variant_id === want.key)!;
          const what = `${mode} cart ${cart}, line ${want.key}`;
          expect(Number(got.rate_bp), what).toBe(want.ratePercent * 100);
          expect(Number(got.taxable), what).toBe(want.taxablePaise);
          expect(Number(got.tax), what).toBe(want.taxPaise);
        }
      }
    },
  );
});
