import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { qualified } from '../../lib/qualified.ts';

/** Item states that do not count as having bought the product (unpaid card checkout, cancelled). */
const NOT_BOUGHT = ['awaiting_payment', 'cancelled', 'rto'] as const;

/**
 * SQL condition "this user bought this product": an order item of it in one of the user's orders
 * that is neither cancelled nor awaiting payment. Usable inside another select (one statement for a
 * whole list of reviews). Pass outer columns through `qualified()`.
 */
export function purchasedCondition(userId: SQL | string, productId: SQL | string): SQL {
  const q = qualified;
  return sql`exists (select 1 from ${orderItems} inner join ${orders} on ${q(orders.id)} = ${q(orderItems.orderId)}
    where ${q(orders.userId)} = ${userId} and ${q(orderItems.productId)} = ${productId}
    and ${q(orderItems.status)} not in ${NOT_BOUGHT})`;
}

/** True when the user has bought the product (the "verified purchase" flag of a review). */
export async function hasPurchased(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        notInArray(orderItems.status, [...NOT_BOUGHT]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
