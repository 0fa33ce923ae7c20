import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { otpCodes, outboxMessages } from '../src/db/schema.ts';

/**
 * Phone sign-in in tests (issue 39): a number no other test uses, the code the development provider
 * "sent" (read from the outbox, as a shopper reads their SMS), and a signed-in phone shopper.
 */

/** A valid Indian mobile number (10 digits, starting 9), different in every call and run. */
export const freshMobile = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/** The last one-time code sent to `mobile`: params[0] of the newest `otp` message in the outbox. */
export async function latestCode(db: DbOrTx, mobile: string): Promise<string> {
  const [row] = await db
    .select({ params: outboxMessages.params })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'otp'), sql`right(${outboxMessages.to}, 10) = ${mobile}`))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const code = (row?.params as unknown[] | undefined)?.[0];
  if (typeof code !== 'string') throw new Error(`no one-time code was sent to ${mobile}`);
  return code;
}

/**
 * Moves every code of `mobile` `seconds` into the past (sent and expiring earlier), as if that time
 * had gone by: the resend timer, the hourly cap and the expiry are all decided by the database's clock.
 */
export async function backdateCodes(db: DbOrTx, mobile: string, seconds: number) {
  const by = sql`${`${seconds} seconds`}::interval`;
  await db
    .update(otpCodes)
    .set({ createdAt: sql`${otpCodes.createdAt} - ${by}`, expiresAt: sql`${otpCodes.expiresAt} - ${by}` })
    .where(eq(otpCodes.mobile, mobile));
}

export interface PhoneShopper {
  id: string;
  token: string;
  mobile: string;
  isNew: boolean;
}

/** Signs in by a one-time code through the HTTP API (a new number makes a shopper account). */
export async function signInByPhone(app: App, db: DbOrTx, mobile = freshMobile()): Promise<PhoneShopper> {
  const sent = await app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: { mobile } });
  if (sent.statusCode !== 200) throw new Error(`otp request failed: ${sent.body}`);
  const otp = await latestCode(db, mobile);
  const res = await app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, otp } });
  if (res.statusCode !== 200) throw new Error(`otp verify failed: ${res.body}`);
  const body = res.json() as { authToken: string; user: { _id: string }; isNew: boolean };
  return { id: body.user._id, token: body.authToken, mobile, isNew: body.isNew };
}
