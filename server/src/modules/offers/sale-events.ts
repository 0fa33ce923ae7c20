import type { SaleEvent, saleEventInputSchema, saleEventPatchSchema } from '@vastra/contracts';
import { asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Principal } from '../accounts/index.ts';
import { recordAudit } from '../admin/index.ts';
import { bumpCatalogVersion } from '../catalog/index.ts';
import { saleEvents, salePrices } from './tables.ts';

/**
 * Sale events as the admin runs them (issue 36): create, list, rename, move and end. Every write
 * bumps the catalogue version in its transaction: the product answers carry each size's sale
 * prices with their event's window, so a moved or ended event must reach every process's cache.
 */

type SaleEventRow = typeof saleEvents.$inferSelect;
type Admin = Pick<Principal, 'id' | 'email'>;
export type NewSaleEvent = z.output<typeof saleEventInputSchema>;
export type SaleEventChange = z.output<typeof saleEventPatchSchema>;

/** The most events a list answers (newest first): a shop runs a handful a year. */
export const SALE_EVENT_LIST_MAX = 500;
/** Events ended within this many days still show in the seller's list, to see how they went. */
export const SELLER_ENDED_DAYS = 30;

export const SALE_EVENT_NOT_FOUND = 'There is no sale event with this id';

const eventNotFound = () => new AppError('NOT_FOUND', SALE_EVENT_NOT_FOUND);

/** Where an event stands at `now`: the same windows the catalogue's rule (`isSaleOpen`) reads. */
export function saleStatus(e: Pick<SaleEventRow, 'startsAt' | 'endsAt' | 'earlyAccessAt'>, now: Date) {
  if (now >= e.endsAt) return 'ended' as const;
  if (now >= e.startsAt) return 'running' as const;
  if (e.earlyAccessAt && now >= e.earlyAccessAt) return 'early_access' as const;
  return 'upcoming' as const;
}

export const hasEnded = (e: Pick<SaleEventRow, 'endsAt'>, now: Date) => now >= e.endsAt;

/** An event as the API answers it, with the number of sale prices counted for the caller. */
export function toSaleEvent(row: SaleEventRow, prices: number, now: Date): SaleEvent {
  return {
    _id: row.id,
    name: row.name,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    earlyAccessAt: row.earlyAccessAt?.toISOString() ?? null,
    status: saleStatus(row, now),
    prices,
  };
}

/** The number of sale prices in the event of the row being read: every seller's, or one seller's. */
export const pricesCountSql = (sellerId?: string) =>
  sql<number>`(select count(*)::int from ${salePrices} where ${salePrices.eventId} = ${saleEvents.id}${
    sellerId ? sql` and ${salePrices.sellerId} = ${sellerId}` : sql``
  })`;

/** One event with its price count (the caller's), or a 404. */
export async function findSaleEvent(
  db: DbOrTx,
  id: string,
  now: Date,
  sellerId?: string,
): Promise<SaleEvent> {
  const [row] = await db
    .select({ event: saleEvents, prices: pricesCountSql(sellerId) })
    .from(saleEvents)
    .where(eq(saleEvents.id, id));
  if (!row) throw eventNotFound();
  return toSaleEvent(row.event, row.prices, now);
}

async function listEvents(db: DbOrTx, now: Date, where: SQL | undefined, order: SQL[], sellerId?: string) {
  const rows = await db
    .select({ event: saleEvents, prices: pricesCountSql(sellerId) })
    .from(saleEvents)
    .where(where)
    .orderBy(...order)
    .limit(SALE_EVENT_LIST_MAX);
  return rows.map((r) => toSaleEvent(r.event, r.prices, now));
}

/** The admin's list: every event, newest first, with every seller's prices counted. */
export const listSaleEvents = (db: DbOrTx, now: Date) =>
  listEvents(db, now, undefined, [desc(saleEvents.createdAt), desc(saleEvents.id)]);

/**
 * The seller's list: the events it can still price (not ended), soonest first, then those ended in
 * the last `SELLER_ENDED_DAYS` days; with the seller's own prices counted.
 */
export const listSellerSaleEvents = (db: DbOrTx, sellerId: string, now: Date) =>
  listEvents(
    db,
    now,
    gt(saleEvents.endsAt, new Date(now.getTime() - SELLER_ENDED_DAYS * 86_400_000)),
    [sql`${saleEvents.endsAt} <= ${now}`, asc(saleEvents.startsAt), asc(saleEvents.id)],
    sellerId,
  );

/** The audit log's copy of an event's window. */
const windowOf = (e: Pick<SaleEventRow, 'name' | 'startsAt' | 'endsAt' | 'earlyAccessAt'>) => ({
  name: e.name,
  startsAt: e.startsAt.toISOString(),
  endsAt: e.endsAt.toISOString(),
  earlyAccessAt: e.earlyAccessAt?.toISOString() ?? null,
});

/** A new event. Its end must still be ahead: an event over before it is made could never be priced. */
export async function createSaleEvent(db: DbOrTx, admin: Admin, input: NewSaleEvent, now: Date) {
  if (input.endsAt <= now) throw badRequest('endsAt must be in the future', 'endsAt');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(saleEvents)
      .values({
        name: input.name,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        earlyAccessAt: input.earlyAccessAt ?? null,
      })
      .returning();
    await recordAudit(tx, admin, 'sale_event.create', { kind: 'sale_event', id: row!.id }, windowOf(row!));
    await bumpCatalogVersion(tx);
    return toSaleEvent(row!, 0, now);
  });
}

type Window = Pick<SaleEventRow, 'startsAt' | 'endsAt' | 'earlyAccessAt'>;

/**
 * The window of an event ended now. An event not yet open for anyone would be left with its start
 * after its end, so its start becomes the moment it opened (its early access), or just before now
 * when it never did: either way it is over and its prices are never shown again.
 */
function endedNow(e: Window, now: Date): Window {
  if (e.startsAt < now) return { ...e, endsAt: now };
  const opened = e.earlyAccessAt && e.earlyAccessAt < now ? e.earlyAccessAt : new Date(now.getTime() - 1);
  return { startsAt: opened, endsAt: now, earlyAccessAt: null };
}

/**
 * The window after a move, checked: the end after the start, early access before the start. A
 * refusal names the field the admin changed (the start when only it moved).
 */
function movedWindow(e: Window, change: SaleEventChange, now: Date): Window {
  if (change.endsAt && change.endsAt <= now)
    throw badRequest('endsAt must be in the future (endNow ends the sale now)', 'endsAt');
  const next: Window = {
    startsAt: change.startsAt ?? e.startsAt,
    endsAt: change.endsAt ?? e.endsAt,
    earlyAccessAt: change.earlyAccessAt !== undefined ? change.earlyAccessAt : e.earlyAccessAt,
  };
  if (next.endsAt <= next.startsAt)
    throw badRequest('endsAt must be after startsAt', change.endsAt ? 'endsAt' : 'startsAt');
  if (next.earlyAccessAt && next.earlyAccessAt >= next.startsAt)
    throw badRequest(
      'earlyAccessAt must be before startsAt',
      change.earlyAccessAt ? 'earlyAccessAt' : 'startsAt',
    );
  return next;
}

const movesTimes = (c: SaleEventChange) =>
  c.startsAt !== undefined || c.endsAt !== undefined || c.earlyAccessAt !== undefined;

/**
 * Renames, moves or ends an event. An ended event keeps its dates: reopening it would put prices
 * sellers set for a past sale back on sale without their say (409; a new event is the way). Ending
 * an ended event again changes nothing. `endNow` cannot be mixed with new dates.
 */
export async function changeSaleEvent(
  db: DbOrTx,
  admin: Admin,
  id: string,
  change: SaleEventChange,
  now: Date,
): Promise<SaleEvent> {
  if (change.endNow && movesTimes(change))
    throw badRequest('endNow ends the sale now: it cannot be given with new dates', 'endNow');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(saleEvents).where(eq(saleEvents.id, id)).for('update');
    if (!row) throw eventNotFound();
    const ended = hasEnded(row, now);
    if (ended && movesTimes(change))
      throw new AppError(
        'CONFLICT',
        `${row.name} has ended: its dates cannot change. Create a new sale event`,
      );
    let window: Window = row;
    if (change.endNow && !ended) window = endedNow(row, now);
    else if (movesTimes(change)) window = movedWindow(row, change, now);
    const next = { ...window, name: change.name ?? row.name };
    const before = windowOf(row);
    const after = windowOf(next);
    const changes = Object.fromEntries(
      Object.entries(after).filter(([k, v]) => before[k as keyof typeof before] !== v),
    );
    if (Object.keys(changes).length === 0) return answerOf(tx, row, now);
    const [saved] = await tx
      .update(saleEvents)
      .set({ ...next, updatedAt: now })
      .where(eq(saleEvents.id, id))
      .returning();
    const action = change.endNow ? 'sale_event.end' : 'sale_event.update';
    await recordAudit(tx, admin, action, { kind: 'sale_event', id }, { before, changes });
    await bumpCatalogVersion(tx);
    return answerOf(tx, saved!, now);
  });
}

async function answerOf(tx: Tx, row: SaleEventRow, now: Date) {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(salePrices)
    .where(eq(salePrices.eventId, row.id));
  return toSaleEvent(row, count?.n ?? 0, now);
}
