import { type SQL, sql } from 'drizzle-orm';

/**
 * A login token stays good only if it was issued at or after the account's last password change
 * (reset or change): that is how a reset ends every other session without a session store.
 */
/**
 * The same test in SQL, for the two statements that check the account themselves (add to cart, the
 * COD order): true when `users.password_changed_at` (`column`) is after a token issued at the
 * `issuedAtMs` placeholder. Both sides in whole milliseconds, as the change time is written.
 */
export const issuedBeforeChangeSql = (column: SQL) =>
  sql`coalesce((extract(epoch from ${column}) * 1000)::bigint > ${sql.placeholder('issuedAtMs')}::bigint, false)`;

export const issuedBeforeChange = (issuedAtMs: number, passwordChangedAt: Date | null) =>
  passwordChangedAt !== null && issuedAtMs < passwordChangedAt.getTime();
