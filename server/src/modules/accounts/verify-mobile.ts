import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { issueOtp, verifyOtp } from './otp-codes.ts';
import { getUser } from './service.ts';

export const MOBILE_TAKEN =
  'This mobile number is already verified on another account. Sign in with it, or use another number';

/**
 * Sends a code proving `mobile` to a signed-in shopper (e.g. an e-mail account adding its phone). It
 * is sent whether or not another account has the number: that is told only to whoever has the code.
 */
export async function requestMobileCode(
  deps: Pick<AppDeps, 'db' | 'messenger'>,
  userId: string,
  mobile: string,
): Promise<void> {
  const user = await getUser(deps.db, userId);
  await issueOtp(deps, { mobile, purpose: 'verify_mobile', subject: userId, locale: user.locale });
}

/**
 * Uses the code and makes `mobile` the shopper's verified number: from then on it signs them in.
 * 409 when another account verified it first (the unique index on verified mobiles decides).
 */
export async function verifyMobile(db: DbOrTx, userId: string, mobile: string, code: string) {
  await verifyOtp(db, { mobile, purpose: 'verify_mobile', subject: userId, code });
  try {
    const [row] = await db
      .update(users)
      .set({ mobile, mobileVerifiedAt: sql`now()`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw notFound('User not found');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MOBILE_TAKEN);
    throw err;
  }
}
