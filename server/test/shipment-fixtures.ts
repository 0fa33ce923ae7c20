import type { ApiOrder, ShipmentAnswer } from '@vastra/contracts';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { DbOrTx } from '../src/db/client.ts';
import {
  ledgerEntries,
  orderItems,
  orders,
  outboxEmails,
  refunds,
  shipmentEvents,
  shipments,
  taxDocuments,
} from '../src/db/schema.ts';
import { SR_WEBHOOK_TOKEN } from './fake-shiprocket.ts';
import type { callerOf, FastAccount } from './shop-fixtures.ts';

type Call = ReturnType<typeof callerOf>;

/** A Jaipur pickup address as the seller types it (`PUT /api/seller/pickup-address`). */
export const JAIPUR_PICKUP = {
  line1: '21 Johari Bazaar',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  phone: '9829012345',
};

/**
 * A placed order through the real API, not shipped: the buyer pays cash on delivery (`cod`) or by
 * card on the test payment page (`card`). Returns its id and item ids.
 */
export async function placedOrder(
  call: Call,
  app: App,
  buyer: FastAccount,
  lines: { productId: string; variantId?: string; quantity?: number }[],
  pay: 'cod' | 'card' = 'cod',
): Promise<ApiOrder> {
  for (const l of lines) {
    const res = await call('POST', '/api/user/add-to-cart', buyer, {
      productId: l.productId,
      ...(l.variantId ? { variantId: l.variantId } : {}),
      quantity: l.quantity ?? 1,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  let orderId: string;
  if (pay === 'cod') {
    const placed = await call('PUT', '/api/user/order-success', buyer);
    expect(placed.statusCode, placed.body).toBe(200);
    orderId = placed.json().order._id;
  } else {
    const session = await call('POST', '/api/user/checkout-session', buyer);
    expect(session.statusCode, session.body).toBe(200);
    const paid = await app.inject({
      method: 'POST',
      url: `/pay/${session.json().id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    orderId = session.json().orderId;
  }
  return (await call('GET', `/api/user/orders/${orderId}`, buyer)).json().order;
}

/** Books `itemIds` of an order through Shiprocket; the answer must be 201. */
export async function bookWithShiprocket(
  call: Call,
  seller: FastAccount,
  order: Pick<ApiOrder, '_id' | 'items'>,
  itemIds = order.items.map((i) => i._id),
): Promise<ShipmentAnswer> {
  const res = await call('POST', `/api/seller/orders/${order._id}/shipments`, seller, {
    itemIds,
    provider: 'shiprocket',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shipment;
}

/** Posts a tracking webhook as Shiprocket does, with its token in `x-api-key` (none: `null`). */
export const sendTracking = (app: App, body: unknown, token: string | null = SR_WEBHOOK_TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks/shiprocket',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-api-key': token }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** What the database holds of a shipment, its timeline, its order and items, money and mail. */
export const rows = (db: DbOrTx) => ({
  shipment: async (id: string) => (await db.select().from(shipments).where(eq(shipments.id, id)))[0]!,
  events: (id: string) =>
    db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, id))
      .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.createdAt)),
  order: async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!,
  items: (orderId: string) =>
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
  ledger: (itemId: string) =>
    db
      .select({ kind: ledgerEntries.kind, amountPaise: ledgerEntries.amountPaise })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderItemId, itemId))
      .orderBy(asc(ledgerEntries.kind)),
  refunds: (orderId: string) => db.select().from(refunds).where(eq(refunds.orderId, orderId)),
  documents: (orderId: string) =>
    db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.kind)),
  mailKinds: async (to: string) =>
    (await db.select({ kind: outboxEmails.kind }).from(outboxEmails).where(eq(outboxEmails.to, to)))
      .map((m) => m.kind)
      .filter((k) => k.startsWith('tracking_'))
      .sort(),
});

/** A moment `minutes` before now, whole seconds (Shiprocket's webhook times carry no milliseconds). */
export const minutesAgo = (minutes: number) =>
  new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000);
