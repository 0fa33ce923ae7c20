import type { AccountKind, Locale } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The language of an account's e-mails: a shopper's chosen one; sellers and the admin read English. */
export async function accountLocale(db: DbOrTx, kind: AccountKind, id: string): Promise<Locale> {
  if (kind !== 'user') return 'en';
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, id));
  return row?.locale ?? 'en';
}
