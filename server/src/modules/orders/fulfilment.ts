import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { ShippingAddress } from '../cart/index.ts';
import { invoiceShipment, operatorOf } from '../invoices/index.ts';
import { refuseTransition } from './item-owner.ts';
import { notifyShipped } from './notify.ts';

export type OrderDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'> & { log: FastifyBaseLogger };

export interface Shipment {
  courier?: string;
  awb?: string;
  trackingUrl?: string;
}

/**
 * Seller: Confirm Shipment (`pending → shipped`), with the courier, AWB and tracking link when given.
 * The goods leave, so the seller's tax invoice for the order is issued in the same transaction (the
 * first shipment issues it; DESIGN §11). The customer gets a shipment e-mail.
 */
export async function shipItem(deps: OrderDeps, sellerId: string, itemId: string, shipment: Shipment = {}) {
  const item = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(orderItems)
      .set({
        status: 'shipped',
        shippedAt: now,
        updatedAt: now,
        courier: shipment.courier ?? null,
        awb: shipment.awb ?? null,
        trackingUrl: shipment.trackingUrl ?? null,
      })
      .where(
        and(eq(orderItems.id, itemId), eq(orderItems.sellerId, sellerId), eq(orderItems.status, 'pending')),
      )
      .returning();
    if (!row) return refuseTransition(tx, { sellerId }, itemId, 'shipped');
    const invoiceId = await invoiceShipment(tx, row.orderId, sellerId, operatorOf(deps.config));
    return { ...row, invoiceId };
  });
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, item.orderId));
  if (order) await notifyShipped(deps, order, item);
  return item;
}

/** Seller: Mark delivered (`shipped → delivered`). */
export async function deliverItem(db: Db, sellerId: string, itemId: string) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(orderItems)
      .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
      .where(
        and(eq(orderItems.id, itemId), eq(orderItems.sellerId, sellerId), eq(orderItems.status, 'shipped')),
      )
      .returning();
    return row ?? refuseTransition(tx, { sellerId }, itemId, 'marked delivered');
  });
}

/** Customer: "Edit Address" on a placed order while none of its items has shipped. */
export async function changeOrderAddress(db: Db, userId: string, orderId: string, address: ShippingAddress) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order || order.status === 'failed') throw notFound('Order not found');
    const items = await tx
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const open = items.filter((i) => i.status !== 'cancelled');
    if (open.length === 0 || open.some((i) => i.status !== 'pending' && i.status !== 'awaiting_payment')) {
      throw conflict('The address can only be changed before any item of the order has shipped');
    }
    await tx
      .update(orders)
      .set({ ...address, updatedAt: new Date() })
      .where(eq(orders.id, orderId));
  });
}
