import { randomUUID } from 'node:crypto';
import {
  acceptsEvent,
  type CreateShipmentInput,
  effectOf,
  type NdrAnswerInput,
  type Parcel,
  parcelOf,
  reattemptDateProblem,
  reattemptDays,
  SHIPMENT_STATUS_LABELS,
  type ShipmentAnswer,
  type ShipmentEvent,
} from '@vastra/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, orders, productVariants, sellers, shipments, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, badRequest, conflict, notFound } from '../lib/errors.ts';
import { returnStock } from '../modules/catalog/index.ts';
import { creditItem, operatorOf } from '../modules/invoices/index.ts';
import { recordRtoFee } from '../modules/ledger/index.ts';
import { type TrackingMailKind, trackingMail } from '../modules/mail/index.ts';
import { wantsOrderMails } from '../modules/messages/index.ts';
import {
  addItemRefund,
  buyerPaysPaise,
  chargePaidPaise,
  codFeesDuePaise,
  codToCollectPaise,
  deliverItemsIn,
  ITEM_NOT_FOUND,
  linkItemToCreditNote,
  markChargesRefunded,
  markItemsRto,
  markOrderRefunded,
  notifyShippedItems,
  refuseTransition,
  settleCodOrder,
  shipItemsIn,
} from '../modules/orders/index.ts';
import { recordOwedRefund } from '../modules/payments/index.ts';
import {
  addShipmentEvent,
  type Booking,
  type CourierApi,
  CourierError,
  insertShipment,
  itemsOfShipment,
  lockShipment,
  markRtoReceived,
  type NdrInstruction,
  type NewShipment,
  type ShipmentOwner,
  type ShipmentRow,
  shipmentAnswers,
  updateShipment,
} from '../modules/shipping/index.ts';
import type { WorkflowDeps } from './deps.ts';
import { settleRefunds } from './owed-refunds.ts';

/**
 * Shipments (issue 38, docs/decisions/025-couriers-and-rto.md): booking a parcel with the seller's
 * own courier or through Shiprocket, its tracking events from the courier's webhook or the seller,
 * the shopper's answer to a failed delivery, and the parcel's return to its seller (RTO). Every
 * path applies an event through `applyEvent`, so the webhook and the seller's button do the same.
 */
export type ShipmentDeps = WorkflowDeps & Pick<AppDeps, 'shiprocket'>;

const money = (deps: ShipmentDeps) => ({
  returnWindowDays: deps.config.returns.windowDays,
  defaultCommissionBp: deps.config.commissionBp,
});

export const labelUrlOf = (row: Pick<ShipmentRow, 'id'>) => `/api/seller/shipments/${row.id}/label.pdf`;

/** Shipments as their answers (with items and timelines). */
export function answersOf(
  deps: Pick<ShipmentDeps, 'db' | 'config'>,
  where: Parameters<typeof shipmentAnswers>[1],
) {
  return shipmentAnswers(deps.db, where, {
    maxAttempts: deps.config.shipping.ndrMaxAttempts,
    labelUrl: labelUrlOf,
  });
}

export async function shipmentAnswer(deps: Pick<ShipmentDeps, 'db' | 'config'>, id: string) {
  const [answer] = await answersOf(deps, eq(shipments.id, id));
  if (!answer) throw notFound('Shipment not found');
  return answer;
}

export const SHIPROCKET_NOT_SET_UP =
  'Shiprocket is not set up in this shop: ship with your own courier (provider "self")';
export const NO_PICKUP_ADDRESS =
  'Add your pickup address (Seller profile → Pickup address) before booking with Shiprocket';

/** What a booking needs to know of the items, their order and their seller. */
async function bookingFacts(db: DbOrTx, sellerId: string, orderId: string, itemIds: readonly string[]) {
  const ids = [...new Set(itemIds)];
  const rows = await db
    .select({ item: orderItems, order: orders, sku: productVariants.sku })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(and(inArray(orderItems.id, ids), eq(orderItems.sellerId, sellerId)));
  // Another seller's item, or one that does not exist: 404, as if it did not (a seller learns nothing).
  if (rows.length !== ids.length) throw notFound(ITEM_NOT_FOUND);
  if (rows.some((r) => r.item.orderId !== orderId))
    throw badRequest('Every item of a shipment must be of the same order', 'itemIds');
  const [seller] = await db.select().from(sellers).where(eq(sellers.id, sellerId));
  return { rows, order: rows[0]!.order, seller: seller! };
}

const parcelOfInput = (input: CreateShipmentInput, pieces: Parameters<typeof parcelOf>[0]): Parcel => {
  const fallback = parcelOf(pieces);
  return {
    weightGrams: input.weightGrams ?? fallback.weightGrams,
    lengthCm: input.dims?.length ?? fallback.lengthCm,
    breadthCm: input.dims?.breadth ?? fallback.breadthCm,
    heightCm: input.dims?.height ?? fallback.heightCm,
  };
};

/** Shiprocket's booking of the parcel: the courier collects what the shopper owes for it (COD). */
async function bookWithShiprocket(
  db: DbOrTx,
  api: CourierApi,
  reference: string,
  facts: Awaited<ReturnType<typeof bookingFacts>>,
  parcel: Parcel,
  courierId?: number,
): Promise<Booking> {
  const { order, seller, rows } = facts;
  if (!seller.pickupPostalCode || !seller.pickupLine1 || !seller.pickupCity || !seller.pickupState)
    throw conflict(NO_PICKUP_ADDRESS);
  // What the parcel is worth to the shopper; for COD, the cash the courier collects: its goods, and
  // the seller's fees on the order's first parcel (as the shop's own label prints them).
  const cod = order.paymentMethod === 'cod';
  const goodsPaise = rows.reduce(
    (s, r) => s + (cod ? codToCollectPaise(r.item, r.order) : buyerPaysPaise(r.item, r.order)),
    0,
  );
  const [earlier] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, order.id), eq(shipments.sellerId, seller.id)))
    .limit(1);
  const feesPaise =
    cod && !earlier ? ((await codFeesDuePaise(db, seller.id, [order.id])).get(order.id) ?? 0) : 0;
  const valuePaise = goodsPaise + feesPaise;
  try {
    return await api.book({
      reference,
      orderDate: order.createdAt,
      pickup: {
        nickname: `vastra-${seller.id.slice(0, 8)}`,
        name: seller.companyName || seller.fullName,
        email: seller.email,
        phone: seller.pickupPhone ?? seller.mobile,
        line1: seller.pickupLine1,
        city: seller.pickupCity,
        state: seller.pickupState,
        postalCode: seller.pickupPostalCode,
      },
      deliverTo: {
        name: order.customerName ?? 'Customer',
        email: order.customerEmail ?? '',
        phone: order.customerMobile ?? '',
        address: order.address,
        city: order.city,
        state: order.state,
        postalCode: order.postalCode,
      },
      items: rows.map((r) => ({
        name: `${r.item.productName} (${r.item.size}${r.item.color ? `, ${r.item.color}` : ''})`,
        sku: r.sku ?? r.item.variantId ?? r.item.id,
        units: r.item.quantity,
        unitPricePaise: Math.round((r.item.taxablePaise + r.item.taxPaise) / r.item.quantity),
        hsn: r.item.hsn,
      })),
      cod,
      valuePaise,
      parcel,
      courierId,
    });
  } catch (err) {
    if (err instanceof CourierError) throw new AppError('BAD_GATEWAY', `Shiprocket: ${err.message}`);
    throw err;
  }
}

const parcelColumns = (p: Parcel) => ({
  weightGrams: p.weightGrams,
  lengthCm: p.lengthCm,
  breadthCm: p.breadthCm,
  heightCm: p.heightCm,
});

/**
 * One parcel shipped, in the caller's transaction: the items first, as a cancellation takes them,
 * then the order (its invoice) and the parcel's row, so a second booking of the same items waits on
 * their rows and then finds them shipped (409). The row keeps the tracking page the items got (the
 * courier's own, when known).
 */
async function shipParcel(
  tx: DbOrTx,
  deps: Pick<ShipmentDeps, 'config'>,
  sellerId: string,
  itemIds: readonly string[],
  row: NewShipment & { id: string },
) {
  const items = await shipItemsIn(tx, deps.config, sellerId, itemIds, {
    courier: row.courier,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    shipmentId: row.id,
  });
  await insertShipment(tx, { ...row, trackingUrl: items[0]?.trackingUrl ?? null });
  return items;
}

/**
 * Seller: ships some pending items of one order as one parcel. `self`: with the courier and AWB
 * given; `shiprocket`: booked through Shiprocket first (order, AWB), then recorded. The items ship
 * (invoice issued) in the same transaction as the shipment is stored; if that fails after
 * Shiprocket booked, the booking is cancelled there. The shopper gets the shipment e-mail.
 */
export async function createShipment(
  deps: ShipmentDeps,
  sellerId: string,
  orderId: string,
  input: CreateShipmentInput & { trackingUrl?: string },
): Promise<ShipmentAnswer> {
  const facts = await bookingFacts(deps.db, sellerId, orderId, input.itemIds);
  // Not pending: 409 with the words Confirm Shipment has always used ("already shipped", …).
  const notPending = facts.rows.find((r) => r.item.status !== 'pending');
  if (notPending) await refuseTransition(deps.db, { sellerId }, notPending.item.id, 'shipped');
  const parcel = parcelOfInput(
    input,
    facts.rows.map((r) => ({
      subCategory: r.item.productSubCategory,
      category: r.item.productCategory,
      quantity: r.item.quantity,
    })),
  );
  const id = randomUUID();
  const provider = input.provider ?? 'self';
  let booking: Booking | undefined;
  if (provider === 'shiprocket') {
    if (!deps.shiprocket) throw conflict(SHIPROCKET_NOT_SET_UP);
    booking = await bookWithShiprocket(deps.db, deps.shiprocket, id, facts, parcel, input.courierId);
  }
  const courier = booking?.courier ?? input.courier ?? null;
  const awb = booking?.awb ?? input.awb ?? null;
  let shipped: Awaited<ReturnType<typeof shipItemsIn>>;
  try {
    shipped = await deps.db.transaction(async (tx) => {
      return shipParcel(tx, deps, sellerId, input.itemIds, {
        id,
        orderId,
        sellerId,
        userId: facts.order.userId,
        cod: facts.order.paymentMethod === 'cod',
        provider,
        courier,
        awb,
        trackingUrl: booking?.trackingUrl ?? input.trackingUrl ?? null,
        providerOrderId: booking?.providerOrderId ?? null,
        providerShipmentId: booking?.providerShipmentId ?? null,
        ...parcelColumns(parcel),
      });
    });
  } catch (err) {
    if (booking && deps.shiprocket) {
      await deps.shiprocket
        .cancel(booking)
        .catch((e: unknown) =>
          deps.log.error(
            { err: e, shipmentId: id },
            'could not cancel a Shiprocket booking that was not kept',
          ),
        );
    }
    throw err;
  }
  await notifyShippedItems(deps, shipped);
  return shipmentAnswer(deps, id);
}

/**
 * Seller centre's bulk ship: the items grouped by order, one parcel per order, with one courier and
 * AWB (self) or each booked through Shiprocket. Self: all or nothing, as before. Shiprocket: every
 * item is checked first; then each order's parcel is booked and stored in turn.
 */
export async function createShipments(
  deps: ShipmentDeps,
  sellerId: string,
  itemIds: readonly string[],
  input: { provider?: 'self' | 'shiprocket'; courier?: string; awb?: string },
) {
  const ids = [...new Set(itemIds)];
  const rows = await deps.db
    .select({ id: orderItems.id, orderId: orderItems.orderId, status: orderItems.status })
    .from(orderItems)
    .where(and(inArray(orderItems.id, ids), eq(orderItems.sellerId, sellerId)));
  if (rows.length !== ids.length) throw notFound(ITEM_NOT_FOUND);
  const notPending = rows.find((r) => r.status !== 'pending');
  if (notPending) await refuseTransition(deps.db, { sellerId }, notPending.id, 'shipped');
  const byOrder = new Map<string, string[]>();
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r.id]);
  const provider = input.provider ?? 'self';
  if (provider === 'shiprocket') {
    if (!deps.shiprocket) throw conflict(SHIPROCKET_NOT_SET_UP);
    const made: ShipmentAnswer[] = [];
    for (const [orderId, items] of byOrder) {
      made.push(await createShipment(deps, sellerId, orderId, { itemIds: items, provider }));
    }
    return made;
  }
  // Self: one transaction for every order's parcel, so nothing ships unless everything does.
  const parcels = await deps.db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      subCategory: orderItems.productSubCategory,
      category: orderItems.productCategory,
      quantity: orderItems.quantity,
      userId: orders.userId,
      method: orders.paymentMethod,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.id, ids));
  const shipmentIds: string[] = [];
  const shipped = await deps.db.transaction(async (tx) => {
    const all: Awaited<ReturnType<typeof shipItemsIn>> = [];
    for (const [orderId, items] of byOrder) {
      const pieces = parcels.filter((p) => p.orderId === orderId);
      const id = randomUUID();
      const done = await shipParcel(tx, deps, sellerId, items, {
        id,
        orderId,
        sellerId,
        userId: pieces[0]!.userId,
        cod: pieces[0]!.method === 'cod',
        provider: 'self',
        courier: input.courier ?? null,
        awb: input.awb ?? null,
        ...parcelColumns(parcelOf(pieces)),
      });
      shipmentIds.push(id);
      all.push(...done);
    }
    return all;
  });
  await notifyShippedItems(deps, shipped);
  return answersOf(deps, inArray(shipments.id, shipmentIds));
}

/** An event as it reaches `applyEvent`: from the courier's webhook, the seller, or the shop's rules. */
export interface IncomingEvent {
  status: ShipmentEvent;
  at: Date;
  note?: string | null;
  source: 'shiprocket' | 'seller' | 'shopper' | 'shop';
  /** A courier's event id: the same key again is a replay and changes nothing. */
  key?: string | null;
}

interface Aftermath {
  mails: TrackingMailKind[];
  refunds: string[];
  /** Tell the courier the parcel goes back (the attempts ran out). */
  courierReturn: boolean;
}

/**
 * The parcel turns back (RTO): its items are `rto`, and it takes only its arrival from now on. The
 * shopper is told; the money and the stock come back when it reaches the seller.
 */
async function startRto(tx: DbOrTx, row: ShipmentRow, at: Date, event: IncomingEvent | null) {
  if (event) await addShipmentEvent(tx, row.id, { ...event, status: 'rto_initiated' });
  await markItemsRto(tx, row.id, at);
  // `rto_at` is when the shop learnt of it (a late or back-dated scan keeps its own time on the
  // timeline): the shopper's COD hold counts from it, so it cannot be dated out of the window.
  return updateShipment(tx, row.id, { status: 'rto_initiated', rtoAt: row.rtoAt ?? new Date() });
}

/**
 * Back at the seller (once, whichever process or caller gets here first): the stock goes back to
 * its sizes; invoiced items get a credit note; a prepaid parcel is refunded in full (its items as
 * paid, and the seller's fees once none of its items in the order is left) through the owed-refund
 * mechanism; a COD one collected nothing; the seller is charged the RTO fee. Nothing was ever a sale
 * (the ledger's sale comes at delivery), so nothing is reversed. Returns the refunds to make.
 */
async function receiveRto(tx: DbOrTx, deps: ShipmentDeps, row: ShipmentRow, now: Date): Promise<string[]> {
  if (!(await markRtoReceived(tx, row.id, now))) return [];
  // Only what came back: an item of the parcel the seller marked delivered by hand stays delivered.
  const items = (await itemsOfShipment(tx, row.id)).filter((i) => i.status === 'rto');
  if (items.length === 0) return [];
  for (const item of items) if (item.variantId) await returnStock(tx, item.variantId, item.quantity);
  // The order is locked before credit notes take their numbers (as cancellations and returns do).
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
  const all = await tx
    .select({
      id: orderItems.id,
      sellerId: orderItems.sellerId,
      status: orderItems.status,
      refunded: orderItems.refundedPaise,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.orderId));
  const gone = (s: string) => s === 'cancelled' || s === 'rto';
  const lastOfOrder = all.every((i) => gone(i.status));
  const lastOfSeller = all.every((i) => i.sellerId !== row.sellerId || gone(i.status));
  const released = lastOfOrder
    ? await markChargesRefunded(tx, row.orderId, {}, now)
    : lastOfSeller
      ? await markChargesRefunded(tx, row.orderId, { sellerId: row.sellerId }, now)
      : [];
  const operator = operatorOf(deps.config);
  const mine = released.filter((c) => c.sellerId === row.sellerId);
  for (const [i, item] of items.entries()) {
    const creditNoteId = await creditItem(
      tx,
      item.id,
      'returned to seller undelivered (RTO)',
      operator,
      i === 0 ? mine : [],
    );
    if (creditNoteId) await linkItemToCreditNote(tx, item.id, creditNoteId);
  }
  if (deps.config.shipping.rtoFeePaise > 0 && items[0])
    await recordRtoFee(tx, {
      sellerId: row.sellerId,
      orderItemId: items[0].id,
      amountPaise: deps.config.shipping.rtoFeePaise,
      at: now,
    });
  if (!order) return [];
  if (order.paymentMethod === 'cod') {
    // Nothing was collected for these items; the rest of the order may now be settled.
    await settleCodOrder(tx, order.id);
    return [];
  }
  if (order.paymentStatus !== 'paid') return [];
  const refundedSoFar = all.reduce((s, i) => s + (i.refunded ?? 0), 0);
  const shares = items.map((i) => i.taxablePaise + i.taxPaise);
  const fees = released.reduce((s, c) => s + chargePaidPaise(c), 0);
  const left = order.totalPaise - refundedSoFar;
  const amountPaise = lastOfOrder ? left : Math.min(shares.reduce((s, x) => s + x, 0) + fees, left);
  if (amountPaise <= 0) return [];
  const refundId = await recordOwedRefund(tx, {
    orderId: order.id,
    orderItemId: items[0]!.id,
    reason: 'rto',
    provider: order.provider ?? deps.payments.name,
    sessionId: order.providerSessionId,
    paymentId: order.providerPaymentId,
    amountPaise,
    idempotencyKey: `rto-${row.id}`,
  });
  // Each item records its share; the first also the fees (and any paise the order had left).
  let rest = amountPaise;
  for (const [i, item] of items.entries()) {
    const part = i === items.length - 1 ? rest : Math.min(shares[i]!, rest);
    if (part > 0) await addItemRefund(tx, item.id, part);
    rest -= part;
  }
  if (lastOfOrder) await markOrderRefunded(tx, order.id, { now });
  return [refundId];
}

/**
 * A tracking event for a shipment, in one transaction under the shipment's row lock: recorded on the
 * timeline (a courier's event once per key), then acted on: delivered (the items delivered: the
 * ledger's sale, COD collected, the return window), a failed attempt (the shopper asked, or the
 * parcel sent back after the last one), the start of the return (items `rto`), its arrival back at
 * the seller (`receiveRto`). An event the parcel's state does not take is refused (409) for a
 * seller, and ignored for a courier (its webhook must answer 200). E-mails and refunds follow the
 * commit. Returns whether the event was applied.
 */
export async function applyEvent(
  deps: ShipmentDeps,
  owner: ShipmentOwner,
  shipmentId: string,
  event: IncomingEvent,
): Promise<boolean> {
  const after: Aftermath = { mails: [], refunds: [], courierReturn: false };
  const applied = await deps.db.transaction(async (tx) => {
    const row = await lockShipment(tx, shipmentId, owner);
    if (!acceptsEvent(row.status, event.status)) {
      if (event.source !== 'seller') return false;
      throw conflict(
        `This parcel is "${SHIPMENT_STATUS_LABELS[row.status]}": it cannot be marked "${SHIPMENT_STATUS_LABELS[event.status]}"`,
      );
    }
    if (!(await addShipmentEvent(tx, row.id, event))) return false;
    const at = event.at;
    switch (effectOf(event.status)) {
      case 'timeline':
        await updateShipment(tx, row.id, { status: event.status });
        if (event.status === 'out_for_delivery') after.mails.push('out_for_delivery');
        return true;
      case 'deliver': {
        const items = (await itemsOfShipment(tx, row.id)).filter((i) => i.status === 'shipped');
        if (items.length > 0)
          await deliverItemsIn(
            tx,
            row.sellerId,
            items.map((i) => i.id),
            money(deps),
            at,
          );
        await updateShipment(tx, row.id, { status: 'delivered', deliveredAt: at, ndrState: null });
        after.mails.push('delivered');
        return true;
      }
      case 'failed_attempt': {
        const attempts = row.failedAttempts + 1;
        if (attempts >= deps.config.shipping.ndrMaxAttempts) {
          await updateShipment(tx, row.id, { failedAttempts: attempts, ndrState: null });
          await startRto(tx, row, at, {
            status: 'rto_initiated',
            at,
            note: `Returned after ${attempts} failed delivery attempts`,
            source: 'shop',
          });
          after.mails.push('rto_initiated');
          after.courierReturn = row.provider === 'shiprocket';
          return true;
        }
        await updateShipment(tx, row.id, {
          status: 'delivery_failed',
          failedAttempts: attempts,
          ndrState: 'open',
          ndrReason: event.note ?? null,
          ndrDate: null,
          ndrPhone: null,
          ndrLandmark: null,
        });
        after.mails.push('delivery_failed');
        return true;
      }
      case 'rto':
        await startRto(tx, row, at, null);
        after.mails.push('rto_initiated');
        return true;
      case 'rto_received': {
        // Its turning back was never reported (a lost webhook): it turned back as it arrived.
        if (!row.rtoAt) await startRto(tx, row, at, null);
        after.refunds.push(...(await receiveRto(tx, deps, row, at)));
        return true;
      }
    }
  });
  if (!applied) return false;
  await aftermath(deps, shipmentId, after);
  return true;
}

/** After the commit: the refunds made (the sweep retries a failure), the courier told, the e-mails. */
async function aftermath(deps: ShipmentDeps, shipmentId: string, after: Aftermath) {
  if (after.refunds.length > 0) await settleRefunds(deps, after.refunds);
  const [row] = await deps.db.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!row) return;
  if (after.courierReturn && deps.shiprocket && row.awb) {
    await deps.shiprocket
      .ndr(row.awb, { action: 'cancel' })
      .catch((err: unknown) =>
        deps.log.warn({ err, shipmentId }, 'could not tell Shiprocket to return the parcel'),
      );
  }
  for (const kind of after.mails) await mailShopper(deps, row, kind);
  for (const kind of after.mails.filter((k) => k === 'out_for_delivery' || k === 'delivered'))
    await deps.messenger.orderUpdate({
      kind,
      orderId: row.orderId,
      dedupeKey: `${kind}:${row.id}:${row.failedAttempts}`,
    });
}

async function mailShopper(deps: ShipmentDeps, row: ShipmentRow, kind: TrackingMailKind) {
  try {
    const [order] = await deps.db
      .select({ order: orders, locale: users.locale })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, row.orderId));
    if (!order?.order.customerEmail) return;
    // News the shopper need not act on stops when they turned order e-mails off (issue 39).
    if (
      (kind === 'out_for_delivery' || kind === 'delivered') &&
      !(await wantsOrderMails(deps.db, row.orderId))
    )
      return;
    const items = await itemsOfShipment(deps.db, row.id);
    await deps.mailer.send(
      trackingMail(kind, {
        to: order.order.customerEmail,
        customerName: order.order.customerName ?? 'there',
        orderId: row.orderId,
        pieces: items.map((i) => `${i.productName} (${i.size}) × ${i.quantity}`),
        orderUrl: `${deps.config.publicUrl}/orders/${row.orderId}`,
        locale: order.locale === 'hi' ? 'hi' : 'en',
        reason: row.ndrReason,
        attempts: row.failedAttempts,
        maxAttempts: deps.config.shipping.ndrMaxAttempts,
        dates: kind === 'delivery_failed' ? reattemptDays() : undefined,
        prepaid: order.order.paymentMethod !== 'cod',
      }),
    );
  } catch (err) {
    deps.log.error({ err, shipmentId: row.id, kind }, 'tracking e-mail failed');
  }
}

export const NO_OPEN_NDR = 'There is no failed delivery waiting for your answer on this parcel';

/**
 * Shopper: the answer to a failed delivery. A re-attempt on one of the next three days (with a
 * corrected phone or a landmark), or cancel: the parcel goes back to the seller. For a Shiprocket
 * parcel the answer is passed to Shiprocket's NDR action inside the transaction: if Shiprocket does
 * not take it, nothing changes (502) and the shopper may answer again.
 */
export async function answerNdr(
  deps: ShipmentDeps,
  userId: string,
  shipmentId: string,
  input: NdrAnswerInput & { phone?: string },
) {
  const now = new Date();
  if (input.action === 'reattempt' && input.date) {
    const problem = reattemptDateProblem(input.date, now);
    if (problem) throw badRequest(problem, 'date');
  }
  const after: Aftermath = { mails: [], refunds: [], courierReturn: false };
  await deps.db.transaction(async (tx) => {
    const row = await lockShipment(tx, shipmentId, { userId });
    if (row.status !== 'delivery_failed' || row.ndrState !== 'open') throw conflict(NO_OPEN_NDR);
    const instruction: NdrInstruction =
      input.action === 'reattempt'
        ? { action: 'reattempt', date: input.date, phone: input.phone, landmark: input.landmark }
        : { action: 'cancel' };
    if (input.action === 'reattempt') {
      await updateShipment(tx, row.id, {
        ndrState: 'reattempt',
        ndrDate: input.date ?? null,
        ndrPhone: input.phone ?? null,
        ndrLandmark: input.landmark ?? null,
      });
    } else {
      await updateShipment(tx, row.id, { ndrState: 'cancel' });
      await startRto(tx, row, now, {
        status: 'rto_initiated',
        at: now,
        note: 'The shopper cancelled after a failed delivery',
        source: 'shopper',
      });
      after.mails.push('rto_initiated');
    }
    if (row.provider === 'shiprocket') {
      if (!deps.shiprocket || !row.awb) throw conflict(SHIPROCKET_NOT_SET_UP);
      try {
        await deps.shiprocket.ndr(row.awb, instruction);
      } catch (err) {
        deps.log.error({ err, shipmentId }, 'Shiprocket refused an NDR answer; nothing changed');
        throw new AppError(
          'BAD_GATEWAY',
          'The courier could not take your answer just now. Please try again in a few minutes',
        );
      }
    }
  });
  await aftermath(deps, shipmentId, after);
  return shipmentAnswer(deps, shipmentId);
}

/** Seller: asks Shiprocket's courier to collect a booked parcel (once; asking again answers the same). */
export async function requestPickup(deps: ShipmentDeps, sellerId: string, shipmentId: string) {
  await deps.db.transaction(async (tx) => {
    const row = await lockShipment(tx, shipmentId, { sellerId });
    if (row.provider === 'self')
      throw conflict(
        'You ship this parcel with your own courier: hand it to them, there is no pickup to request',
      );
    if (row.pickupRequestedAt) return;
    if (row.status !== 'booked') throw conflict('The courier has this parcel already');
    if (!deps.shiprocket || !row.providerShipmentId) throw conflict(SHIPROCKET_NOT_SET_UP);
    try {
      await deps.shiprocket.requestPickup({ providerShipmentId: row.providerShipmentId });
    } catch (err) {
      if (err instanceof CourierError) throw new AppError('BAD_GATEWAY', `Shiprocket: ${err.message}`);
      throw err;
    }
    await updateShipment(tx, row.id, { pickupRequestedAt: new Date() });
  });
  return shipmentAnswer(deps, shipmentId);
}

/**
 * Seller's "Mark delivered" on one item (SPEC's button): the item is delivered as before; when every
 * item of its parcel is, the parcel is delivered too (on its timeline).
 */
export async function deliverItemByHand(deps: ShipmentDeps, sellerId: string, itemId: string) {
  return deps.db.transaction(async (tx) => {
    const [item] = await deliverItemsIn(tx, sellerId, [itemId], money(deps));
    if (item?.shipmentId) {
      const rest = await itemsOfShipment(tx, item.shipmentId);
      if (rest.every((i) => i.status === 'delivered' || i.status === 'cancelled')) {
        const row = await lockShipment(tx, item.shipmentId, { sellerId });
        if (acceptsEvent(row.status, 'delivered')) {
          const now = new Date();
          await addShipmentEvent(tx, row.id, { status: 'delivered', at: now, source: 'seller' });
          await updateShipment(tx, row.id, { status: 'delivered', deliveredAt: now, ndrState: null });
        }
      }
    }
    return item!;
  });
}

/** The shop's own label for a self-shipped parcel, or the courier's from Shiprocket. */
export async function courierLabel(deps: ShipmentDeps, row: ShipmentRow): Promise<Buffer | null> {
  if (row.provider !== 'shiprocket') return null;
  if (!deps.shiprocket || !row.providerShipmentId) throw conflict(SHIPROCKET_NOT_SET_UP);
  try {
    return await deps.shiprocket.label({ providerShipmentId: row.providerShipmentId });
  } catch (err) {
    if (err instanceof CourierError) throw new AppError('BAD_GATEWAY', `Shiprocket: ${err.message}`);
    throw err;
  }
}
