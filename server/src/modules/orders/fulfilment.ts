import { trackingLinkFor } from '@vastra/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderItems, orders, sellers } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { ShippingAddress } from '../cart/index.ts';
import { codOffered, noCodHere, pincodeProblem, promisesBySeller } from '../delivery/index.ts';
import { invoiceShipment, operatorOf } from '../invoices/index.ts';
import { recordDelivery } from '../ledger/index.ts';
import { orderChargesOf } from './charges.ts';
import { linkItemsToInvoice } from './invoice-links.ts';
import { refuseTransition } from './item-owner.ts';
import { notifyShipped } from './notify.ts';

export type OrderDeps = Pick<AppDeps, 'db' | 'mailer' | 'messenger' | 'config'> & { log: FastifyBaseLogger };

export interface Shipment {
  courier?: string | null;
  awb?: string | null;
  trackingUrl?: string | null;
  /** The parcel the items travel in (shipping's `shipments` row, issue 38). */
  shipmentId?: string;
}

type ShippedItem = typeof orderItems.$inferSelect & { invoiceId: string | null };

/** The stored shipment: without a tracking link given, the courier's own page for the AWB when known. */
const shipmentColumns = (shipment: Shipment) => ({
  courier: shipment.courier ?? null,
  awb: shipment.awb ?? null,
  trackingUrl: shipment.trackingUrl ?? trackingLinkFor(shipment.courier, shipment.awb),
  ...(shipment.shipmentId ? { shipmentId: shipment.shipmentId } : {}),
});

/**
 * Seller: Confirm Shipment of pending items (`pending → shipped`), in the caller's transaction, with
 * the courier, AWB and parcel. All or nothing: an item that is not the seller's is 404, one not
 * pending 409, and then none ships. The goods leave, so each order's tax invoice is issued in the
 * same transaction (the first shipment issues it; DESIGN §11).
 */
export async function shipItemsIn(
  tx: DbOrTx,
  config: Config,
  sellerId: string,
  itemIds: readonly string[],
  shipment: Shipment,
): Promise<ShippedItem[]> {
  const ids = [...new Set(itemIds)];
  const now = new Date();
  const rows = await tx
    .update(orderItems)
    .set({ status: 'shipped', shippedAt: now, updatedAt: now, ...shipmentColumns(shipment) })
    .where(
      and(inArray(orderItems.id, ids), eq(orderItems.sellerId, sellerId), eq(orderItems.status, 'pending')),
    )
    .returning();
  if (rows.length !== ids.length) {
    const done = new Set(rows.map((r) => r.id));
    const refused = ids.find((id) => !done.has(id))!;
    return refuseTransition(tx, { sellerId }, refused, 'shipped');
  }
  const operator = operatorOf(config);
  const invoices = new Map<string, string>();
  for (const orderId of new Set(rows.map((r) => r.orderId)).values()) {
    invoices.set(
      orderId,
      await linkItemsToInvoice(
        tx,
        await invoiceShipment(
          tx,
          orderId,
          sellerId,
          operator,
          await orderChargesOf(tx, orderId, { sellerId, open: true }),
        ),
      ),
    );
  }
  return rows.map((r) => ({ ...r, invoiceId: invoices.get(r.orderId) ?? null }));
}

/**
 * After the commit: each shipped item's customer gets a shipment e-mail, and one SMS or WhatsApp per
 * parcel with its tracking link.
 */
export async function notifyShippedItems(deps: OrderDeps, shipped: readonly ShippedItem[]) {
  const orderRows = await deps.db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(shipped.map((r) => r.orderId))]));
  for (const item of shipped) {
    const order = orderRows.find((o) => o.id === item.orderId);
    if (order) await notifyShipped(deps, order, item);
  }
  const parcels = new Map(shipped.map((i) => [i.shipmentId ?? i.id, i]));
  for (const [parcel, item] of parcels) {
    const link = item.trackingUrl ?? `${deps.config.publicUrl}/orders/${item.orderId}`;
    await deps.messenger.orderUpdate({
      kind: 'shipped',
      orderId: item.orderId,
      link,
      dedupeKey: `shipped:${parcel}`,
    });
  }
}

/**
 * Delivered (`shipped → delivered`), in the caller's transaction: by the seller's button, or by a
 * `delivered` tracking event for the parcel's items. The sale enters the seller's ledger; for Cash
 * On Delivery the courier collected the item's cash at the door: it is `collected` from now on, and
 * once every item of the order is delivered, cancelled or returned to the seller the order's
 * payment is `cod_collected` (settleCodOrder). An item not the seller's is 404, one not shipped 409.
 */
export async function deliverItemsIn(
  tx: DbOrTx,
  sellerId: string,
  itemIds: readonly string[],
  money: { returnWindowDays: number; defaultCommissionBp: number },
  now = new Date(),
) {
  const ids = [...new Set(itemIds)];
  const rows = await tx
    .update(orderItems)
    .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
    .where(
      and(inArray(orderItems.id, ids), eq(orderItems.sellerId, sellerId), eq(orderItems.status, 'shipped')),
    )
    .returning();
  if (rows.length !== ids.length) {
    const done = new Set(rows.map((r) => r.id));
    return refuseTransition(tx, { sellerId }, ids.find((id) => !done.has(id))!, 'marked delivered');
  }
  const delivered: (typeof orderItems.$inferSelect)[] = [];
  for (const row of rows) {
    const [order] = await tx
      .select({ method: orders.paymentMethod, paymentMethod: orders.paymentMethod, state: orders.state })
      .from(orders)
      .where(eq(orders.id, row.orderId))
      .for('update');
    // The sale enters the seller's ledger, payable once the return window has passed (DESIGN §11).
    const settlesAt = new Date(now.getTime() + money.returnWindowDays * 86_400_000);
    await recordDelivery(tx, row, order!, {
      settlesAt,
      defaultCommissionBp: money.defaultCommissionBp,
      charges: await orderChargesOf(tx, row.orderId, { sellerId: row.sellerId, open: true }),
    });
    if (order?.method !== 'cod') {
      delivered.push(row);
      continue;
    }
    const [collected] = await tx
      .update(orderItems)
      .set({ codCollectedAt: now })
      .where(eq(orderItems.id, row.id))
      .returning();
    await settleCodOrder(tx, row.orderId);
    delivered.push(collected!);
  }
  return delivered;
}

/**
 * A parcel turned back to its seller undelivered (RTO): its shipped items are `rto`. Returns them
 * (none when they were already).
 */
export async function markItemsRto(tx: DbOrTx, shipmentId: string, now = new Date()) {
  return tx
    .update(orderItems)
    .set({ status: 'rto', updatedAt: now })
    .where(and(eq(orderItems.shipmentId, shipmentId), eq(orderItems.status, 'shipped')))
    .returning();
}

/**
 * A COD order whose every item is delivered (cash collected) or cancelled, with at least one
 * delivered, becomes `cod_collected`. Called after a delivery and after a cancellation.
 */
export async function settleCodOrder(tx: DbOrTx, orderId: string) {
  await tx
    .update(orders)
    .set({ paymentStatus: 'cod_collected', updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentStatus, 'cod_due'),
        sql`not exists (select 1 from ${orderItems} i where i.order_id = ${orders.id}
          and i.status not in ('delivered', 'cancelled', 'rto'))`,
        sql`exists (select 1 from ${orderItems} i where i.order_id = ${orders.id} and i.status = 'delivered')`,
      ),
    );
}

/** Customer: "Edit Address" on a placed order while none of its items has shipped. */
export async function changeOrderAddress(
  db: Db,
  userId: string,
  orderId: string,
  address: ShippingAddress,
  delivery: Config['delivery'],
) {
  // A PIN code India Post does not know, or one in another state, is refused before anything changes.
  const problem = pincodeProblem(address.postalCode, address.state);
  if (problem) throw badRequest(problem, 'postalCode');
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.paymentStatus, method: orders.paymentMethod, placedAt: orders.createdAt })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order || order.status === 'failed') throw notFound('Order not found');
    // Cash is collected at the new address: it must be a PIN code with Cash On Delivery.
    if (order.method === 'cod' && !codOffered(address.postalCode, delivery))
      throw conflict(noCodHere(address.postalCode));
    const items = await tx
      .select({
        status: orderItems.status,
        product: {
          sellerId: orderItems.sellerId,
          sellerPickupPostalCode: sellers.pickupPostalCode,
          sellerDispatchDays: sellers.dispatchDays,
          sellerCutoffHour: sellers.cutoffHour,
        },
      })
      .from(orderItems)
      .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
      .where(eq(orderItems.orderId, orderId));
    const open = items.filter((i) => i.status !== 'cancelled');
    if (open.length === 0 || open.some((i) => i.status !== 'pending' && i.status !== 'awaiting_payment')) {
      throw conflict('The address can only be changed before any item of the order has shipped');
    }
    const now = new Date();
    await tx
      .update(orders)
      .set({ ...address, updatedAt: now })
      .where(eq(orders.id, orderId));
    // The promise to the new PIN code, counted from when the order was placed: the dispatch date
    // depends only on that and the seller, so it stays; the delivery date follows the new zone (none
    // without the seller's pickup address).
    const promised = promisesBySeller(open, address.postalCode, delivery, order.placedAt);
    for (const sellerId of new Set(open.map((i) => i.product.sellerId))) {
      await tx
        .update(orderItems)
        .set({ deliverBy: promised.get(sellerId)?.deliverBy ?? null, updatedAt: now })
        .where(
          and(
            eq(orderItems.orderId, orderId),
            eq(orderItems.sellerId, sellerId),
            ne(orderItems.status, 'cancelled'),
          ),
        );
    }
  });
}
