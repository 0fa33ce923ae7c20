import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { COD_NOT_CONFIRMED } from './cod-confirmation.ts';

export const ITEM_NOT_FOUND = 'Order item not found';

/** Which items the caller may act on: a customer's own orders, a seller's own products, or any (an admin). */
export type ItemOwner = { userId: string } | { sellerId: string } | { adminId: string };

export const ownedBy = (owner: ItemOwner) =>
  'userId' in owner
    ? inArray(
        orderItems.orderId,
        sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${owner.userId})`,
      )
    : 'sellerId' in owner
      ? eq(orderItems.sellerId, owner.sellerId)
      : sql`true`;

/** 404 when the item is not the caller's, else 409 naming its current status. */
export async function refuseTransition(
  tx: DbOrTx,
  owner: ItemOwner,
  itemId: string,
  action: string,
): Promise<never> {
  const [item] = await tx
    .select({ status: orderItems.status })
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), ownedBy(owner)));
  if (!item) throw notFound(ITEM_NOT_FOUND);
  if (action.split(' ').at(-1) === item.status) throw conflict(`This item is already ${action}`);
  if (item.status === 'awaiting_confirmation' && action === 'shipped') throw conflict(COD_NOT_CONFIRMED);
  const status =
    item.status === 'awaiting_payment'
      ? 'awaiting payment'
      : item.status === 'rto'
        ? 'returned to the seller'
        : item.status === 'awaiting_confirmation'
          ? "awaiting the buyer's confirmation"
          : item.status;
  throw conflict(`This item is ${status} and cannot be ${action}`);
}
