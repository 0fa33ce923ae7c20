import type { Db } from '../db/client.ts';
import { deleteUserRow } from '../modules/accounts/index.ts';
import { detachCustomerFromOrders } from '../modules/orders/index.ts';

/**
 * A customer deletes their account, in one transaction: their orders stay for the sellers'
 * records, detached from the person's name and contact details; then the account goes (and the
 * cart with it, by cascade).
 */
export async function deleteCustomerAccount(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await detachCustomerFromOrders(tx, userId);
    await deleteUserRow(tx, userId);
  });
}
