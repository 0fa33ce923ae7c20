import type { AccountKind } from '@vastra/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type MailMessage, passwordChangedMail, passwordResetMail } from '../mail/index.ts';
import {
  accountTable,
  consumeAccountToken,
  hashToken,
  issueAccountToken,
  voidAccountTokens,
} from './account-tokens.ts';
import { accountLocale } from './mail-locale.ts';

export type AccountDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'> & { log: FastifyBaseLogger };

export const RESET_LINK_INVALID =
  'This password reset link is invalid, has expired or was already used. Please ask for a new one';

/** Sends an account mail; a failure is logged, never the caller's failure (the outbox keeps a retry). */
export async function sendAccountMail(deps: AccountDeps, message: MailMessage) {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, kind: message.kind }, 'account mail not recorded');
  }
}

/**
 * Sends a reset link when an account has this e-mail; does nothing otherwise. The route answers
 * before this runs, so neither the answer nor its timing says whether the account exists.
 */
export async function requestPasswordReset(deps: AccountDeps, kind: AccountKind, email: string) {
  const table = accountTable(kind);
  const [account] = await deps.db
    .select({ id: table.id, fullName: table.fullName, email: table.email })
    .from(table)
    .where(eq(table.email, email))
    .limit(1);
  if (!account) return;
  const token = await issueAccountToken(deps.db, kind, account.id, 'password_reset');
  const link = `${deps.config.publicUrl}/reset-password?token=${token}&role=${kind}`;
  const locale = await accountLocale(deps.db, kind, account.id);
  await sendAccountMail(deps, passwordResetMail({ ...account, email, locale }, link));
}

/** Whether a reset token could be used now (checked before the slow password hash). */
async function resetTokenUsable(db: Db, kind: AccountKind, token: string) {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, 'password_reset'),
        eq(accountTokens.accountKind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  return Boolean(row);
}

/**
 * Sets the password of a reset link's account in one transaction: the link is used (once), the
 * password and its change time are set (ending every login token issued before), and the account's
 * other reset links stop working. Receiving the link also proves the e-mail address is theirs.
 */
export async function resetPassword(deps: AccountDeps, kind: AccountKind, token: string, password: string) {
  if (!(await resetTokenUsable(deps.db, kind, token))) throw badRequest(RESET_LINK_INVALID, 'token');
  const passwordHash = await hashPassword(password);
  const table = accountTable(kind);
  const changedAt = new Date();
  const account = await deps.db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, 'password_reset', token, kind);
    if (!used) throw badRequest(RESET_LINK_INVALID, 'token');
    const [row] = await tx
      .update(table)
      .set({
        passwordHash,
        passwordChangedAt: changedAt,
        emailVerifiedAt: sql`coalesce(${table.emailVerifiedAt}, now())`,
        updatedAt: changedAt,
      })
      .where(eq(table.id, used.accountId))
      .returning({ id: table.id, fullName: table.fullName, email: table.email });
    // The account was deleted after the link was sent.
    if (!row) throw badRequest(RESET_LINK_INVALID, 'token');
    await voidAccountTokens(tx, kind, row.id, 'password_reset');
    return row;
  });
  if (!account.email) return;
  const locale = await accountLocale(deps.db, kind, account.id);
  await sendAccountMail(
    deps,
    passwordChangedMail({ ...account, email: account.email, locale }, `${deps.config.publicUrl}/contacts`),
  );
  return account;
}
