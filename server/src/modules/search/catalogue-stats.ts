import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * What the planner knows of product_search, read without a scan: about how many products it
 * holds, and how its sort columns' values spread (pg_stats: the most common values with their
 * shares, and a histogram of the rest). Search uses it to choose between counting exactly and
 * sampling (summary.ts), and between walking a sort's index and gathering through the filters'
 * indexes (order.ts). Kept per database handle for a minute: a minute-old figure chooses as well.
 */
export interface CatalogueStats {
  /** About how many rows product_search has. */
  size: number;
  /**
   * About how many products have `column` at or above `value` (`below`: at or below it), or
   * undefined before the table was ever analysed.
   */
  rowsFrom(column: SpreadColumn, value: number, below?: boolean): number | undefined;
}

export type SpreadColumn = 'price_paise' | 'created_at' | 'rating_avg';

interface Spread {
  common: number[];
  shares: number[];
  /** Bounds of equally filled buckets of the values that are not common. */
  bounds: number[];
  /** The share of rows that the histogram covers. */
  rest: number;
}

/** The share of rows whose value is at least `v` (at most, `below`). */
function shareFrom(s: Spread, v: number, below: boolean): number {
  const passes = (x: number) => (below ? x <= v : x >= v);
  let share = s.common.reduce((sum, x, i) => sum + (passes(x) ? s.shares[i]! : 0), 0);
  const b = s.bounds;
  if (b.length >= 2) {
    // Fraction of the histogram at or below v, interpolated within its bucket.
    let under: number;
    if (v <= b[0]!) under = 0;
    else if (v >= b[b.length - 1]!) under = 1;
    else {
      const i = b.findIndex((x) => x > v) - 1;
      under = (i + (v - b[i]!) / (b[i + 1]! - b[i]! || 1)) / (b.length - 1);
    }
    share += s.rest * (below ? under : 1 - under);
  }
  return share;
}

/** Reads the catalogue's size and spreads (two small catalogue queries). */
export async function readCatalogueStats(db: DbOrTx): Promise<CatalogueStats> {
  const [sized] = await db
    .select({
      // The planner's last count per page times the pages now; 16 a page before it ever counted.
      n: sql<number>`((case when c.relpages > 0 and c.reltuples > 0 then c.reltuples / c.relpages else 16 end)
        * (pg_relation_size(c.oid) / current_setting('block_size')::int))::float8`.mapWith(Number),
    })
    .from(sql`pg_class c`)
    .where(sql`c.oid = 'product_search'::regclass`);
  // Timestamps as seconds, so every spread is numbers.
  const numbers = (column: string) =>
    sql.raw(`case when attname = 'created_at'
      then array(select extract(epoch from x)::float8 from unnest(${column}::text::timestamptz[]) x)
      else ${column}::text::float8[] end`);
  const rows = await db
    .select({
      column: sql<SpreadColumn>`attname::text`,
      common: sql<number[] | null>`${numbers('most_common_vals')}`,
      shares: sql<number[] | null>`most_common_freqs::float8[]`,
      bounds: sql<number[] | null>`${numbers('histogram_bounds')}`,
      nulls: sql<number>`null_frac::float8`,
    })
    .from(sql`pg_stats`)
    .where(
      sql`schemaname = current_schema() and tablename = 'product_search' and attname in ('price_paise', 'created_at', 'rating_avg')`,
    );
  const spreads = new Map<SpreadColumn, Spread>();
  for (const r of rows) {
    const shares = (r.shares ?? []).map(Number);
    spreads.set(r.column, {
      common: (r.common ?? []).map(Number),
      shares,
      bounds: (r.bounds ?? []).map(Number),
      rest: Math.max(0, 1 - Number(r.nulls) - shares.reduce((a, b) => a + b, 0)),
    });
  }
  const size = sized?.n ?? 0;
  return {
    size,
    rowsFrom: (column, value, below = false) => {
      const spread = spreads.get(column);
      return spread ? size * shareFrom(spread, value, below) : undefined;
    },
  };
}

const known = new WeakMap<object, { stats: Promise<CatalogueStats>; at: number }>();

/** The stats of `db`, read at most once a minute. */
export function catalogueStats(db: DbOrTx): Promise<CatalogueStats> {
  const entry = known.get(db);
  if (entry && Date.now() - entry.at < 60_000) return entry.stats;
  const stats = readCatalogueStats(db);
  known.set(db, { stats, at: Date.now() });
  stats.catch(() => known.delete(db));
  return stats;
}
