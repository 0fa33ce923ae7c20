import type { Locale } from '@vastra/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { verifyOtp } from './otp-codes.ts';
import { USER_SUSPENDED } from './service.ts';

/** The account that proved this mobile with a code, if any (at most one: `users_verified_mobile_uq`). */
export async function userOfVerifiedMobile(db: DbOrTx, mobile: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), isNotNull(users.mobileVerifiedAt)));
  return row;
}

function refuseSuspended(user: typeof users.$inferSelect) {
  if (user.status === 'suspended') throw new AppError('FORBIDDEN', USER_SUSPENDED);
  return user;
}

/**
 * Signs a shopper in with the code sent to their mobile: the account that verified the number, or
 * else a new shopper account with only the mobile (`isNew`: the web asks for the name next; no
 * e-mail, no password). An account whose mobile was typed but never proved is not this number's:
 * a new one is made. Two first sign-ins racing for one new number: the unique index on verified
 * mobiles keeps one account and the other request signs into it.
 */
export async function signInWithOtp(
  db: DbOrTx,
  input: { mobile: string; code: string; locale: Locale },
): Promise<{ user: typeof users.$inferSelect; isNew: boolean }> {
  const { mobile, code, locale } = input;
  await verifyOtp(db, { mobile, purpose: 'sign_in', subject: '', code });
  const existing = await userOfVerifiedMobile(db, mobile);
  if (existing) return { user: refuseSuspended(existing), isNew: false };
  try {
    const [created] = await db
      .insert(users)
      .values({ fullName: '', email: null, passwordHash: null, mobile, mobileVerifiedAt: sql`now()`, locale })
      .returning();
    return { user: created!, isNew: true };
  } catch (err) {
    const winner = isUniqueViolation(err) ? await userOfVerifiedMobile(db, mobile) : undefined;
    if (!winner) throw err;
    return { user: refuseSuspended(winner), isNew: false };
  }
}
