import type { AdminListQuery, AdminOrder, AdminPage } from '@vastra/contracts';
import { asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders, sellers } from '../../db/schema.ts';
import { isId } from '../../lib/ids.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { matchAny, offsetOf, pageOf } from './paging.ts';

/**
 * Every order, newest first, with its customer, total, payment state and items (each with its
 * seller and status). q matches the customer's name, e-mail, city, or an exact order id. Two
 * statements for the page whatever its size: the orders, then all their items.
 */
export async function listAdminOrders(db: DbOrTx, query: AdminListQuery): Promise<AdminPage<AdminOrder>> {
  const q = query.q;
  const where = q
    ? or(
        matchAny(q, [orders.customerName, orders.customerEmail, orders.city]),
        isId(q) ? eq(orders.id, q.toLowerCase()) : undefined,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const items =
    rows.length === 0
      ? []
      : await db
          .select({ item: orderItems, companyName: sellers.companyName })
          .from(orderItems)
          .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const answer: AdminOrder[] = rows.map((o) => ({
    _id: o.id,
    date: o.createdAt.toISOString(),
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    total: paiseToRupees(o.totalPaise),
    totalPaise: o.totalPaise,
    city: o.city,
    state: o.state,
    items: items
      .filter(({ item }) => item.orderId === o.id)
      .map(({ item, companyName }) => ({
        _id: item.id,
        productId: item.productId,
        productName: item.productName,
        sellerId: item.sellerId,
        companyName,
        quantity: item.quantity,
        amount: paiseToRupees(item.amountPaise),
        status: item.status,
      })),
  }));
  return pageOf(answer, total?.n ?? 0, query);
}
