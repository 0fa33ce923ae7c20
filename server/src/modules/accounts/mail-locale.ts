import type { AccountKind, Locale } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sellers, users } from '../../db/schema.ts';

/** The language of a shopper's or a seller's e-mails: the one they chose (English until they do). */
export async function accountLocale(db: DbOrTx, kind: AccountKind, id: string): Promise<Locale> {
  const table = kind === 'user' ? users : sellers;
  const [row] = await db.select({ locale: table.locale }).from(table).where(eq(table.id, id));
  return row?.locale ?? 'en';
}
