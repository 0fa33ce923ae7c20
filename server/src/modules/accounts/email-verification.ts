import type { AccountKind } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { emailVerificationMail } from '../mail/index.ts';
import { accountOfToken, accountTable, consumeAccountToken, issueAccountToken } from './account-tokens.ts';
import { accountLocale } from './mail-locale.ts';
import { type AccountDeps, sendAccountMail } from './password-reset.ts';

export const VERIFY_LINK_INVALID =
  'This confirmation link is invalid or has expired. Log in and ask for a new one from your profile';

/** Sends a link (7 days, single use) that confirms the account's e-mail address. */
export async function sendVerificationMail(
  deps: AccountDeps,
  kind: AccountKind,
  account: { id: string; fullName: string; email: string | null },
) {
  // A shopper who signed up by mobile has no address to confirm until they give one.
  const { email } = account;
  if (!email) return;
  try {
    const token = await issueAccountToken(deps.db, kind, account.id, 'email_verification');
    const link = `${deps.config.publicUrl}/verify-email?token=${token}`;
    const locale = await accountLocale(deps.db, kind, account.id);
    await sendAccountMail(deps, emailVerificationMail({ ...account, email, locale }, link));
  } catch (err) {
    // Sign-up has already succeeded: a lost link can be sent again from the profile.
    deps.log.error({ err }, 'verification link not sent');
  }
}

async function isVerified(db: DbOrTx, kind: AccountKind, id: string) {
  const table = accountTable(kind);
  const [row] = await db.select({ at: table.emailVerifiedAt }).from(table).where(eq(table.id, id));
  return Boolean(row?.at);
}

/**
 * Uses a verification link: the account's address is confirmed (once; the first time is kept). A
 * link used before answers "already verified" rather than an error when the address is confirmed.
 */
export async function verifyEmail(db: DbOrTx, token: string) {
  const verified = await db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, 'email_verification', token);
    if (!used) return undefined;
    const table = accountTable(used.accountKind);
    const [row] = await tx
      .update(table)
      .set({ emailVerifiedAt: sql`coalesce(${table.emailVerifiedAt}, now())` })
      .where(eq(table.id, used.accountId))
      .returning({ id: table.id });
    return row ? { role: used.accountKind, alreadyVerified: false } : undefined;
  });
  if (verified) return verified;
  const known = await accountOfToken(db, 'email_verification', token);
  if (known && (await isVerified(db, known.accountKind, known.accountId))) {
    return { role: known.accountKind, alreadyVerified: true };
  }
  throw badRequest(VERIFY_LINK_INVALID, 'token');
}

/** Sends a new link unless the address is already confirmed; says which happened. */
export async function resendVerification(deps: AccountDeps, kind: AccountKind, accountId: string) {
  const table = accountTable(kind);
  const [account] = await deps.db
    .select({ id: table.id, fullName: table.fullName, email: table.email, at: table.emailVerifiedAt })
    .from(table)
    .where(eq(table.id, accountId));
  if (!account) throw notFound('Account not found');
  if (account.at) return 'already_verified' as const;
  await sendVerificationMail(deps, kind, account);
  return 'sent' as const;
}
