import type { AdminListQuery, AdminMessage, AdminPage } from '@vastra/contracts';
import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { matchAny, offsetOf, pageOf } from './paging.ts';

/** Contact-form messages, newest first; q matches name, e-mail, subject or text. */
export async function listMessages(db: DbOrTx, query: AdminListQuery): Promise<AdminPage<AdminMessage>> {
  const m = contactMessages;
  const where = matchAny(query.q, [m.name, m.email, m.subject, m.message]);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(m)
      .where(where)
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(m).where(where),
  ]);
  const items = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    date: r.createdAt.toISOString(),
  }));
  return pageOf(items, total?.n ?? 0, query);
}
