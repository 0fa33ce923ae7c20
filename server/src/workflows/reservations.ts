import { eq, lt, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { freePendingCartLines } from '../modules/cart/index.ts';
import { returnStock } from '../modules/catalog/index.ts';
import { releaseRedemptions } from '../modules/offers/index.ts';
import { cancelUnpaidItems, failUnpaidOrders } from '../modules/orders/index.ts';

/** How long a card checkout holds its stock without payment (DESIGN §6). */
export const RESERVATION_MS = 30 * 60 * 1000;

/**
 * Ends unpaid card orders matching `where`: the order becomes `failed`, its items `cancelled`,
 * their stock goes back and so does the use of a coupon. The conditional UPDATE … RETURNING decides which rows this call ends, so
 * two processes sweeping at once never return the same stock twice.
 */
export async function releaseUnpaidOrders(tx: DbOrTx, where: SQL | undefined) {
  const now = new Date();
  const released = await failUnpaidOrders(tx, where, now);
  if (released.length === 0) return released;
  const releasedIds = released.map((o) => o.id);
  // The cart's lines are free again for the next checkout, card or COD, and a coupon's use is given back.
  await freePendingCartLines(tx, releasedIds);
  await releaseRedemptions(tx, releasedIds);
  await restockItems(tx, await cancelUnpaidItems(tx, releasedIds, now));
  return released;
}

/**
 * Cancelled items' units go back on their sizes' shelves, in variant-id order as stock is taken, so
 * two releases never wait on each other in a cycle. Callers pass only the items their conditional
 * update cancelled: each unit comes back once.
 */
export async function restockItems(
  tx: DbOrTx,
  items: readonly { variantId: string | null; quantity: number }[],
) {
  const sorted = [...items].sort((a, b) => ((a.variantId ?? '') < (b.variantId ?? '') ? -1 : 1));
  for (const item of sorted) {
    if (item.variantId) await returnStock(tx, item.variantId, item.quantity);
  }
}

/** The sweep: releases every reservation past its expiry. Safe to run in several processes at once. */
export async function expireReservations(db: Db, now: Date = new Date()) {
  return db.transaction((tx) => releaseUnpaidOrders(tx, lt(orders.reservationExpiresAt, now)));
}

/** The session ended unpaid (Stripe `checkout.session.expired`, or Cancel on the test page). */
export async function releaseSession(db: Db, sessionId: string) {
  const released = await db.transaction((tx) =>
    releaseUnpaidOrders(tx, eq(orders.providerSessionId, sessionId)),
  );
  return released.length > 0;
}
