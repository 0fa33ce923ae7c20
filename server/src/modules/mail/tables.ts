import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * The mail module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/** Every e-mail the shop sends; without SMTP this table (and the log) is the outbox. */
export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  kind: text('kind').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
});
