import { orderNumber, reattemptDays, type ShipmentAnswer, type ShipmentEvent } from '@vastra/contracts';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders, shipmentEvents, shipments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipment = typeof shipments.$inferInsert;

export const SHIPMENT_NOT_FOUND = 'Shipment not found';

/** A new parcel: its row (the items are linked to it by the orders module as they ship). */
export async function insertShipment(tx: DbOrTx, values: NewShipment): Promise<ShipmentRow> {
  const [row] = await tx.insert(shipments).values(values).returning();
  return row!;
}

/** Who may see or move a shipment: its seller, its shopper, or the shop itself (the courier's webhook). */
export type ShipmentOwner = { sellerId: string } | { userId: string } | { shop: true };

const ownedBy = (owner: ShipmentOwner): SQL | undefined =>
  'sellerId' in owner
    ? eq(shipments.sellerId, owner.sellerId)
    : 'userId' in owner
      ? eq(shipments.userId, owner.userId)
      : undefined;

/** The shipment, locked for the rest of the transaction; 404 when it is not the owner's. */
export async function lockShipment(tx: DbOrTx, id: string, owner: ShipmentOwner): Promise<ShipmentRow> {
  const [row] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), ownedBy(owner)))
    .for('update');
  if (!row) throw notFound(SHIPMENT_NOT_FOUND);
  return row;
}

/** The shipment a courier's AWB names (the webhook's way in); undefined for one we never booked. */
export async function shipmentIdByAwb(tx: DbOrTx, awb: string, provider = 'shiprocket') {
  const [row] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.awb, awb), eq(shipments.provider, provider as 'shiprocket')))
    .orderBy(desc(shipments.createdAt))
    .limit(1);
  return row?.id;
}

export async function updateShipment(tx: DbOrTx, id: string, set: Partial<NewShipment>) {
  const [row] = await tx
    .update(shipments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(shipments.id, id))
    .returning();
  return row!;
}

/**
 * A line on the shipment's timeline. With an external key (a courier's event), a second insert of
 * the same key does nothing and answers false: the caller then acts on nothing.
 */
export async function addShipmentEvent(
  tx: DbOrTx,
  shipmentId: string,
  event: { status: ShipmentEvent; at: Date; note?: string | null; source: string; key?: string | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(shipmentEvents)
    .values({
      shipmentId,
      status: event.status,
      at: event.at,
      note: event.note ?? null,
      source: event.source,
      externalKey: event.key ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: shipmentEvents.id });
  return inserted.length > 0;
}

/**
 * Sets `rto_received_at` once: true for the one caller that did (it brings the stock and the money
 * back), false for every later one, whichever process it runs in.
 */
export async function markRtoReceived(tx: DbOrTx, id: string, now: Date) {
  const [row] = await tx
    .update(shipments)
    .set({ rtoReceivedAt: now, status: 'rto_delivered', ndrState: null, updatedAt: now })
    .where(and(eq(shipments.id, id), isNull(shipments.rtoReceivedAt)))
    .returning({ id: shipments.id });
  return !!row;
}

/** The items in a parcel. */
export async function itemsOfShipment(tx: DbOrTx, shipmentId: string) {
  return tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.shipmentId, shipmentId))
    .orderBy(asc(orderItems.id));
}

/** Shipments as answers (shipments.ts `shipmentAnswerSchema`): their items and timelines. */
export async function shipmentAnswers(
  tx: DbOrTx,
  where: SQL | undefined,
  opts: { maxAttempts: number; labelUrl: (row: ShipmentRow) => string; now?: Date },
): Promise<ShipmentAnswer[]> {
  const rows = await tx.select().from(shipments).where(where).orderBy(asc(shipments.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, events] = await Promise.all([
    tx
      .select({ id: orderItems.id, shipmentId: orderItems.shipmentId })
      .from(orderItems)
      .where(inArray(orderItems.shipmentId, ids))
      .orderBy(asc(orderItems.id)),
    tx
      .select()
      .from(shipmentEvents)
      .where(inArray(shipmentEvents.shipmentId, ids))
      .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.createdAt)),
  ]);
  return rows.map((row) => toShipmentAnswer(row, items, events, opts));
}

function toShipmentAnswer(
  row: ShipmentRow,
  items: { id: string; shipmentId: string | null }[],
  events: (typeof shipmentEvents.$inferSelect)[],
  opts: { maxAttempts: number; labelUrl: (row: ShipmentRow) => string; now?: Date },
): ShipmentAnswer {
  return {
    _id: row.id,
    orderId: row.orderId,
    orderNumber: orderNumber(row.orderId),
    sellerId: row.sellerId,
    provider: row.provider,
    courier: row.courier,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    status: row.status,
    weightGrams: row.weightGrams,
    dims: { length: row.lengthCm, breadth: row.breadthCm, height: row.heightCm },
    itemIds: items.filter((i) => i.shipmentId === row.id).map((i) => i.id),
    cod: row.cod,
    labelUrl: opts.labelUrl(row),
    pickupRequestedAt: row.pickupRequestedAt?.toISOString() ?? null,
    failedAttempts: row.failedAttempts,
    maxAttempts: opts.maxAttempts,
    ndr: row.ndrState
      ? {
          state: row.ndrState,
          reason: row.ndrReason,
          date: row.ndrDate,
          phone: row.ndrPhone,
          landmark: row.ndrLandmark,
          dates: row.ndrState === 'open' ? reattemptDays(opts.now) : [],
        }
      : null,
    rtoReceivedAt: row.rtoReceivedAt?.toISOString() ?? null,
    events: events
      .filter((e) => e.shipmentId === row.id)
      .map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note, source: e.source })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The seller's failed deliveries waiting on the shopper or on a re-attempt, with whom to call. */
export async function ndrQueueRows(tx: DbOrTx, sellerId: string) {
  return tx
    .select({
      id: shipments.id,
      customerName: orders.customerName,
      customerMobile: orders.customerMobile,
      city: orders.city,
      postalCode: orders.postalCode,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.sellerId, sellerId), eq(shipments.status, 'delivery_failed')))
    .orderBy(asc(shipments.updatedAt));
}
