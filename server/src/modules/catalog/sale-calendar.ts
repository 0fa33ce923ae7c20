import type { PriceView } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A sale event's window, in milliseconds since the epoch. */
export interface SaleWindow {
  id: string;
  startsAt: number;
  /** Signed-in shoppers see the sale from here (null: no early access). */
  earlyAccessAt: number | null;
  endsAt: number;
}

/**
 * The sale events open for one viewer at one moment, and whether each is open only by early access.
 * `key` names them (empty when none is open): two views with the same key see every product at the
 * same prices, so it is what a cached answer is kept under beside its catalogue version.
 */
export interface OpenSales {
  readonly key: string;
  /** Event id → open only because the viewer is signed in (its start is still to come). */
  readonly events: ReadonlyMap<string, boolean>;
}

export const NO_SALE: OpenSales = Object.freeze({ key: '', events: new Map<string, boolean>() });

/** A viewer at a moment, and the sales open for them then: what a public answer is built for. */
export interface SaleView {
  view: PriceView;
  open: OpenSales;
}

/**
 * The sale events not ended when the catalogue was at a version: a handful of rows, read again only
 * when the version changes (every sale event or sale price write bumps it, db/functions/
 * sale-changes.sql). Sale prices change with time as well as with writes, so which events are open
 * is decided per request from these windows (no SQL), and answers are cached per open set.
 */
export class SaleCalendar {
  /** The last answer of `openFor` per viewer kind, good from one boundary of a window to the next. */
  private readonly lastOpen: ({ from: number; until: number; open: OpenSales } | undefined)[] = [];

  constructor(readonly windows: readonly SaleWindow[]) {}

  /**
   * Whether a signed-in shopper may see a sale an anonymous one does not, at `now`: an event is in
   * its early access. Only then does a public answer depend on who asks.
   */
  dependsOnSignIn(now: number): boolean {
    for (const w of this.windows)
      if (w.earlyAccessAt !== null && w.earlyAccessAt <= now && now < w.startsAt) return true;
    return false;
  }

  /**
   * The events open for this viewer now (the offers rule: contracts `isSaleOpen`): the same object
   * until a window's boundary passes, so a request during a sale builds nothing.
   */
  openFor(now: number, signedIn: boolean): OpenSales {
    if (this.windows.length === 0) return NO_SALE;
    const kind = signedIn ? 1 : 0;
    const last = this.lastOpen[kind];
    if (last && last.from <= now && now < last.until) return last.open;
    let from = Number.NEGATIVE_INFINITY;
    let until = Number.POSITIVE_INFINITY;
    for (const w of this.windows)
      for (const edge of [w.earlyAccessAt, w.startsAt, w.endsAt]) {
        if (edge === null) continue;
        if (edge <= now) from = Math.max(from, edge);
        else until = Math.min(until, edge);
      }
    const open = this.openAt(now, signedIn);
    this.lastOpen[kind] = { from, until, open };
    return open;
  }

  private openAt(now: number, signedIn: boolean): OpenSales {
    let events: Map<string, boolean> | undefined;
    for (const w of this.windows) {
      const opens = signedIn && w.earlyAccessAt !== null ? w.earlyAccessAt : w.startsAt;
      if (now < opens || now >= w.endsAt) continue;
      events ??= new Map();
      events.set(w.id, now < w.startsAt);
    }
    if (!events) return NO_SALE;
    const key = [...events]
      .map(([id, early]) => (early ? `${id}~` : id))
      .sort()
      .join(',');
    return { key, events };
  }
}

export const EMPTY_CALENDAR = new SaleCalendar([]);

/** A timestamp column as milliseconds since the epoch (the same on both databases' drivers). */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** The sale events not ended yet, with their windows (one statement on a tiny table). */
export async function readSaleCalendar(db: DbOrTx): Promise<SaleCalendar> {
  const result = await db.execute(
    sql`select id::text as "id", ${ms('starts_at')} as "startsAt", ${ms('early_access_at')} as "earlyAccessAt",
          ${ms('ends_at')} as "endsAt"
        from sale_events where ends_at > now()`,
  );
  const rows = (result as unknown as { rows: SaleWindow[] }).rows;
  if (rows.length === 0) return EMPTY_CALENDAR;
  return new SaleCalendar(
    rows.map((r) => ({
      id: r.id,
      startsAt: Number(r.startsAt),
      earlyAccessAt: r.earlyAccessAt == null ? null : Number(r.earlyAccessAt),
      endsAt: Number(r.endsAt),
    })),
  );
}
