import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/**
 * When a customer deletes their account their orders stay for the sellers' records (and the
 * accounts), but no longer name or reach the person. The shipping address stays so items already
 * on their way can still be delivered.
 */
export async function detachCustomerFromOrders(tx: DbOrTx, userId: string) {
  await tx
    .update(orders)
    .set({
      userId: null,
      customerName: null,
      customerEmail: null,
      customerMobile: null,
      updatedAt: new Date(),
    })
    .where(eq(orders.userId, userId));
}
