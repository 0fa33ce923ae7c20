import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { issuedBeforeChange } from './sessions.ts';

export interface Customer {
  fullName: string;
  email: string | null;
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

/**
 * Why a token may not act on its account any more (the role guard and the COD order ask it): issued
 * before the last password change ('revoked'), or the account suspended by an admin.
 */
export function sessionRefusal(
  issuedAtMs: number,
  account: { status: string; passwordChangedAt: Date | null },
): 'revoked' | 'suspended' | undefined {
  if (issuedBeforeChange(issuedAtMs, account.passwordChangedAt)) return 'revoked';
  if (account.status === 'suspended') return 'suspended';
  return undefined;
}

/**
 * Part of the Cash On Delivery order's one statement (workflows/place-cod-order.ts): locks the
 * customer's row (a double submit waits here) while it is as the order read it (`userId`,
 * `accountStatus`, `passwordChangedAt` as text or null), so a suspension or password change since
 * the read stops the order. `accountChecked` says it was.
 */
export const accountLockSql = sql`
who as materialized (
  select id from users
  where id = ${sql.placeholder('userId')}::uuid and status = ${sql.placeholder('accountStatus')}
    and password_changed_at::text is not distinct from ${sql.placeholder('passwordChangedAt')}::text
  for update
)`;

export const accountChecked = sql`exists (select 1 from who)`;
