import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

export interface Customer {
  fullName: string;
  email: string;
  mobile: string;
}

/**
 * Locks the customer's row for the rest of the transaction, so two "place order" calls from one
 * customer run one after the other (the second then finds the cart already empty).
 */
export async function lockCustomer(tx: DbOrTx, userId: string): Promise<Customer> {
  const [user] = await tx
    .select({ fullName: users.fullName, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound('User not found');
  return user;
}
