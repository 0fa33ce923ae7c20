import {
  DEFAULT_HSN,
  DEFAULT_HSN_BY_SUB_CATEGORY,
  GST_PERCENT,
  GST_RATE_TABLE,
  type GstMode,
} from '@vastra/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * contracts/src/tax.ts in SQL, for the one statement that cannot call it (the COD order, ADR 005).
 * PostgreSQL's round() of a numeric rounds halves away from zero, as Math.round does for positive
 * amounts. tax-sql.test.ts holds the two equal on the rounding and slab edges.
 */

/** gstOn: 18% of a taxable amount, rounded once. */
export const gstSql = (taxablePaise: SQL) =>
  sql`round(${taxablePaise} * ${sql.raw(String(GST_PERCENT))}::numeric / 100)::int`;

/** hsnOf: the product's HSN code, or its sub-category's when none was stored. */
export function hsnSql(hsn: SQL, subCategory: SQL): SQL {
  const cases = Object.entries(DEFAULT_HSN_BY_SUB_CATEGORY).map(
    ([sub, code]) => sql`when ${sql.raw(`'${sub.replace(/'/g, "''")}'`)} then ${literal(code)}`,
  );
  return sql`(case when ${hsn} <> '' then ${hsn} else (case ${subCategory} ${sql.join(cases, sql` `)} else ${literal(DEFAULT_HSN)} end) end)`;
}

const literal = (text: string) => {
  if (!/^[0-9-]*$/.test(text)) throw new Error(`not a date or HSN prefix: ${text}`);
  return sql.raw(`'${text}'`);
};

/**
 * gstRateFor: the rate table as one CASE, its rows tried longest HSN prefix first, then newest
 * first, on the day in India. A slab holds a piece whose price, backed out at the slab's rate, is
 * within its limit.
 */
export function gstRateSql(hsn: SQL, unitPricePaise: SQL): SQL {
  const day = sql`(now() at time zone 'Asia/Kolkata')::date`;
  const candidates = GST_RATE_TABLE.flatMap((row) => row.hsnPrefixes.map((prefix) => ({ row, prefix }))).sort(
    (a, b) => b.prefix.length - a.prefix.length || (a.row.from < b.row.from ? 1 : -1),
  );
  const whens = candidates.map(({ row, prefix }) => {
    const slabs = row.slabs.map((slab) =>
      slab.upToPaise === undefined
        ? sql`when true then ${sql.raw(String(slab.ratePercent))}`
        : sql`when ${unitPricePaise}::bigint * 100 <= ${sql.raw(String(slab.upToPaise * (100 + slab.ratePercent)))} then ${sql.raw(String(slab.ratePercent))}`,
    );
    const last = row.slabs[row.slabs.length - 1]!.ratePercent;
    return sql`when ${hsn} like ${literal(prefix)} || '%' and ${day} >= ${literal(row.from)}::date then (case ${sql.join(slabs, sql` `)} else ${sql.raw(String(last))} end)`;
  });
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}

/**
 * Each line's amount, rate (basis points), taxable value and tax, from a relation `source` with
 * `price_paise`, `quantity`, `hsn` and `variant_id` columns (taxLines in SQL). flat18: the whole
 * GST rounded once, shared out by largest remainder (ties by variant id); india: backed out per line.
 */
export function taxedLinesSql(mode: GstMode, source: SQL): SQL {
  if (mode === 'india') {
    return sql`
      select q.*, q.rate * 100 as rate_bp,
        round(q.amount * 100::numeric / (100 + q.rate))::bigint as taxable,
        q.amount - round(q.amount * 100::numeric / (100 + q.rate))::bigint as tax
      from (
        select s.*, s.price_paise::bigint * s.quantity as amount,
          ${gstRateSql(sql`s.hsn`, sql`s.price_paise`)} as rate
        from ${source} s
      ) q`;
  }
  return sql`
    select q.*, 1800 as rate_bp, q.amount as taxable,
      q.base + case when q.line_rank <= q.whole_gst - q.base_sum then 1 else 0 end as tax
    from (
      select s.*, s.price_paise::bigint * s.quantity as amount,
        (s.price_paise::bigint * s.quantity * 18) / 100 as base,
        row_number() over (order by (s.price_paise::bigint * s.quantity * 18) % 100 desc, s.variant_id) as line_rank,
        sum((s.price_paise::bigint * s.quantity * 18) / 100) over () as base_sum,
        ${gstSql(sql`sum(s.price_paise::bigint * s.quantity) over ()`)} as whole_gst
      from ${source} s
    ) q`;
}
