import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';

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
