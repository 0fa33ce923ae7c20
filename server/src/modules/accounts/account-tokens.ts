import { createHash, randomBytes } from 'node:crypto';
import type { ACCOUNT_TOKEN_PURPOSES, AccountKind } from '@vastra/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountTokens, sellers, users } from '../../db/schema.ts';

export type TokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** How long an e-mailed link works. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_verification: 7 * 24 * 60 * 60_000,
};

/**
 * The table of an account kind. Users and sellers share the columns the password and e-mail
 * operations use (id, names, e-mail, password hash and times), so one table type keeps Drizzle's types simple.
 */
export const accountTable = (kind: AccountKind) => (kind === 'user' ? users : sellers) as typeof users;

/**
 * Only the SHA-256 of a link's token is stored: a leaked table (or backup) opens no account. The token
 * has 256 random bits, so a plain hash (no salt, no slow KDF) is enough and can be looked up by value.
 */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Creates a single-use token for the account and returns its text (the only copy: it goes in the e-mail). */
export async function issueAccountToken(
  db: DbOrTx,
  accountKind: AccountKind,
  accountId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    accountKind,
    accountId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Uses a token once: one conditional UPDATE, so two requests with the same link cannot both pass.
 * Undefined when the token is unknown, of another purpose or kind, already used, or expired.
 */
export async function consumeAccountToken(
  db: DbOrTx,
  purpose: TokenPurpose,
  token: string,
  accountKind?: AccountKind,
): Promise<{ accountKind: AccountKind; accountId: string } | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        accountKind ? eq(accountTokens.accountKind, accountKind) : undefined,
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ accountKind: accountTokens.accountKind, accountId: accountTokens.accountId });
  return row;
}

/** Marks every unused token of the account for this purpose as used (e.g. other reset links after a reset). */
export async function voidAccountTokens(
  db: DbOrTx,
  accountKind: AccountKind,
  accountId: string,
  purpose: TokenPurpose,
) {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.accountKind, accountKind),
        eq(accountTokens.accountId, accountId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** The account a token was made for, whether or not it is still usable (to tell "already verified"). */
export async function accountOfToken(db: DbOrTx, purpose: TokenPurpose, token: string) {
  const [row] = await db
    .select({ accountKind: accountTokens.accountKind, accountId: accountTokens.accountId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)));
  return row;
}
