import type { AccountKind } from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { passwordChangedMail } from '../mail/index.ts';
import { accountTable, voidAccountTokens } from './account-tokens.ts';
import { accountLocale } from './mail-locale.ts';
import { type AccountDeps, sendAccountMail } from './password-reset.ts';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';
export const NO_PASSWORD =
  'This account signs in with a one-time code sent to your mobile; it has no password';
export const SAME_PASSWORD = 'Your new password must be different from the current one';

/**
 * Changes a logged-in account's password after checking the current one. The change time ends every
 * login token issued before it (the caller gets a fresh one), and pending reset links stop working.
 */
export async function changePassword(
  deps: AccountDeps,
  kind: AccountKind,
  accountId: string,
  currentPassword: string,
  newPassword: string,
) {
  const table = accountTable(kind);
  const [account] = await deps.db
    .select({ id: table.id, fullName: table.fullName, email: table.email, passwordHash: table.passwordHash })
    .from(table)
    .where(eq(table.id, accountId));
  if (!account) throw new AppError('UNAUTHENTICATED', 'This account no longer exists. Please log in again');
  // A shopper who signed up with a one-time code has no password to change.
  const currentHash = account.passwordHash;
  if (currentHash === null) throw badRequest(NO_PASSWORD, 'currentPassword');
  if (!(await verifyPassword(currentHash, currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, 'currentPassword');
  }
  if (currentPassword === newPassword) throw badRequest(SAME_PASSWORD, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const changedAt = new Date();
  await deps.db.transaction(async (tx) => {
    // Guarded by the hash just checked: of two changes racing from the same password, one wins.
    const changed = await tx
      .update(table)
      .set({ passwordHash, passwordChangedAt: changedAt, updatedAt: changedAt })
      .where(and(eq(table.id, accountId), eq(table.passwordHash, currentHash)))
      .returning({ id: table.id });
    if (changed.length === 0) throw badRequest(WRONG_CURRENT_PASSWORD, 'currentPassword');
    await voidAccountTokens(tx, kind, accountId, 'password_reset');
  });
  if (!account.email) return;
  const locale = await accountLocale(deps.db, kind, accountId);
  await sendAccountMail(
    deps,
    passwordChangedMail({ ...account, email: account.email, locale }, `${deps.config.publicUrl}/contacts`),
  );
}
