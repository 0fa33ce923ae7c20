import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderItems, orders, users } from '../../db/schema.ts';

/** What a hosted checkout page shows for a session: the order's lines, total and where to return. */
export async function findSessionOrder(db: Db, sessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  if (!order) return undefined;
  const items = await db
    .select({
      name: orderItems.productName,
      quantity: orderItems.quantity,
      amountPaise: orderItems.amountPaise,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.productName);
  return {
    orderId: order.id,
    paymentStatus: order.paymentStatus,
    source: order.source,
    subtotalPaise: order.subtotalPaise,
    gstPaise: order.gstPaise,
    totalPaise: order.totalPaise,
    customerEmail: order.customerEmail,
    items,
  };
}

/** The customer's newest card order of the cart still awaiting payment (its id and session), if any. */
export async function unpaidCartOrder(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: orders.id, sessionId: orders.providerSessionId })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.paymentStatus, 'awaiting_payment'), eq(orders.source, 'cart')),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/** The same question inside a statement that reads the customer's `users` row. */
export const hasUnpaidCartOrderSql = sql<boolean>`exists (
  select 1 from ${orders}
  where ${orders.userId} = ${users.id} and ${orders.paymentStatus} = 'awaiting_payment' and ${orders.source} = 'cart'
)`;

/** A card order's hosted checkout session opened: the order keeps its id (webhooks find it by it). */
export async function recordSessionId(db: DbOrTx, orderId: string, sessionId: string) {
  await db
    .update(orders)
    .set({ providerSessionId: sessionId, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}
