import { type OrderSummary, orderNumber, type PageQuery } from '@vastra/contracts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';
import {
  isPlaced,
  type JoinedItem,
  joinedItems,
  methodLabel,
  selectItems,
  toOrderLine,
} from './order-lines.ts';

/**
 * The shopper's orders as they think of them (`GET /api/user/orders`): one entry per checkout, newest
 * first, each with its number, total, payment and every item whatever its status. A page holds
 * whole orders, so `X-Total-Count` counts orders, not items. Two reads: the page of orders, then
 * their items.
 */
export async function listCustomerOrders(db: DbOrTx, userId: string, { page, limit }: PageQuery) {
  const where = and(eq(orders.userId, userId), isPlaced);
  const [heads, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        totalPaise: orders.totalPaise,
        paymentMethod: orders.paymentMethod,
        provider: orders.provider,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const rows = heads.length
    ? joinedItems(
        await selectItems(db)
          .where(
            inArray(
              orderItems.orderId,
              heads.map((h) => h.id),
            ),
          )
          .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
      )
    : [];
  const itemsOf = new Map<string, JoinedItem[]>();
  for (const row of rows) {
    const list = itemsOf.get(row.order.id);
    if (list) list.push(row);
    else itemsOf.set(row.order.id, [row]);
  }
  const items: OrderSummary[] = heads.map((h) => ({
    _id: h.id,
    number: orderNumber(h.id),
    createdAt: h.createdAt.toISOString(),
    total: paiseToRupees(h.totalPaise),
    paymentMethod: methodLabel(h),
    paymentStatus: h.paymentStatus,
    items: (itemsOf.get(h.id) ?? []).map(toOrderLine),
  }));
  return { items, total: total?.n ?? 0 };
}
