import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type Locale,
  OTP_HOURLY_MAX,
  OTP_LENGTH,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type OtpPurpose,
} from '@vastra/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

/** Who a code is for: a mobile, what it proves, and (for verify_mobile and cod_confirm) which account or order. */
export interface OtpTarget {
  /** 10 bare digits (contracts' `mobileSchema` normalises). */
  mobile: string;
  purpose: OtpPurpose;
  /** '' for a sign-in, the user id for verify_mobile, the order id for cod_confirm. */
  subject: string;
}

export const CODE_DEAD = 'This code has expired or was already used. Please ask for a new one';
const CODE_KILLED = 'Too many wrong codes. Please ask for a new one';
export const CODE_NOT_SENT = 'We could not send the code just now. Please try again in a minute';

/**
 * The code's hash, salted with its row's id: the table never holds a code, and two rows with the
 * same code do not hash alike. (A 6-digit code outlives a leak by at most its 5 minutes.)
 */
const hashCode = (rowId: string, code: string) =>
  createHash('sha256').update(`${rowId}:${code}`, 'utf8').digest();

const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/**
 * Sends a fresh code to `mobile` for `purpose`: refused (429) within OTP_RESEND_SECONDS of the last
 * code for the same target, or when the number already got OTP_HOURLY_MAX codes this hour (any
 * purpose: the cap stops SMS pumping to one phone). Decided from `otp_codes` rows under a lock per
 * number, so every app process counts the same rows. The refusal never depends on an account.
 */
export async function issueOtp(
  deps: Pick<AppDeps, 'db' | 'messenger'>,
  target: OtpTarget & { locale: Locale },
): Promise<void> {
  const { mobile, purpose, subject, locale } = target;
  const code = newCode();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${mobile}`}, 0))`);
    await refuseTooSoon(tx, target);
    const id = randomUUID();
    await tx.insert(otpCodes).values({
      id,
      mobile,
      purpose,
      subject,
      codeHash: hashCode(id, code).toString('hex'),
      expiresAt: sql`now() + ${`${OTP_TTL_SECONDS} seconds`}::interval`,
    });
  });
  // After the commit: the messenger writes with its own connection (one connection on PGlite). A
  // failure is ours, not the caller's: a 503 that reads the same for every number (the row stays and
  // counts, so a failing provider cannot be used to send more codes than the limits allow).
  try {
    await deps.messenger.sendCode(mobile, code, purpose, locale);
  } catch (err) {
    throw Object.assign(new AppError('SERVICE_UNAVAILABLE', CODE_NOT_SENT), { cause: err });
  }
}

async function refuseTooSoon(tx: DbOrTx, { mobile, purpose, subject }: OtpTarget) {
  const recent = await tx
    .select({
      purpose: otpCodes.purpose,
      subject: otpCodes.subject,
      ageSeconds: sql<number>`extract(epoch from now() - ${otpCodes.createdAt})::float8`,
    })
    .from(otpCodes)
    .where(and(eq(otpCodes.mobile, mobile), gt(otpCodes.createdAt, sql`now() - interval '1 hour'`)))
    .orderBy(desc(otpCodes.createdAt));
  const last = recent.find((r) => r.purpose === purpose && r.subject === subject);
  if (last && Number(last.ageSeconds) < OTP_RESEND_SECONDS) {
    const wait = Math.max(1, Math.ceil(OTP_RESEND_SECONDS - Number(last.ageSeconds)));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Please wait ${wait} second${wait === 1 ? '' : 's'} before asking for another code`,
    );
  }
  if (recent.length >= OTP_HOURLY_MAX) {
    const oldest = Number(recent[OTP_HOURLY_MAX - 1]!.ageSeconds);
    const minutes = Math.max(1, Math.ceil((3600 - oldest) / 60));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many codes were sent to this number. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    );
  }
}

/**
 * Checks `code` against the latest code sent for the target and uses it up: resolves once, for one
 * caller, and throws a 400 when the code is wrong (counting a wrong try; the fifth kills it),
 * expired, dead or already used. The use is one conditional UPDATE, so of two requests with the
 * same code exactly one passes.
 */
export async function verifyOtp(db: DbOrTx, target: OtpTarget & { code: string }): Promise<void> {
  const { mobile, purpose, subject, code } = target;
  const [latest] = await db
    .select({ id: otpCodes.id, codeHash: otpCodes.codeHash })
    .from(otpCodes)
    .where(and(eq(otpCodes.mobile, mobile), eq(otpCodes.purpose, purpose), eq(otpCodes.subject, subject)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!latest) throw badRequest('No code was sent to this number. Please ask for one', 'otp');
  const live = and(
    eq(otpCodes.id, latest.id),
    isNull(otpCodes.usedAt),
    gt(otpCodes.expiresAt, sql`now()`),
    lt(otpCodes.wrongTries, OTP_MAX_WRONG_TRIES),
  );
  if (!sameCode(latest.id, latest.codeHash, code)) {
    const [counted] = await db
      .update(otpCodes)
      .set({ wrongTries: sql`${otpCodes.wrongTries} + 1` })
      .where(live)
      .returning({ wrongTries: otpCodes.wrongTries });
    if (!counted) throw badRequest(CODE_DEAD, 'otp');
    const left = OTP_MAX_WRONG_TRIES - counted.wrongTries;
    if (left <= 0) throw badRequest(CODE_KILLED, 'otp');
    throw badRequest(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left`, 'otp');
  }
  const [used] = await db
    .update(otpCodes)
    .set({ usedAt: sql`now()` })
    .where(live)
    .returning({ id: otpCodes.id });
  if (!used) throw badRequest(CODE_DEAD, 'otp');
}

/** Compares in constant time, so the answer's timing tells nothing about how close a guess was. */
function sameCode(rowId: string, storedHex: string, code: string) {
  const stored = Buffer.from(storedHex, 'hex');
  const given = hashCode(rowId, code);
  return stored.length === given.length && timingSafeEqual(stored, given);
}
