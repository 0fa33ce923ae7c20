import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../accounts/tables.ts';

/**
 * The messages module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/**
 * What a shopper wants to hear about, and how (issue 39): order updates by e-mail and SMS unless
 * turned off, by WhatsApp only once they opt in; offers on no channel until turned on. No row: the
 * defaults.
 */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ordersEmail: boolean('orders_email').notNull().default(true),
  ordersSms: boolean('orders_sms').notNull().default(true),
  ordersWhatsapp: boolean('orders_whatsapp').notNull().default(false),
  offersEmail: boolean('offers_email').notNull().default(false),
  offersSms: boolean('offers_sms').notNull().default(false),
  offersWhatsapp: boolean('offers_whatsapp').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Every SMS and WhatsApp message the shop sends (issue 39), recorded before it is sent: the outbox of
 * the phone channels, as `outbox_emails` is for e-mail. A job delivers each row once across processes
 * (`dedupe_key` keeps a trigger that fires twice from writing a second row), keeps the provider's
 * message id, and the WhatsApp webhook moves the status on; a failed WhatsApp message names the SMS
 * sent in its place (`fallback_id`).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    /** The 10-digit Indian mobile it goes to. */
    to: text('to').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id'),
    locale: text('locale', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    /** The registered template it was sent with (DLT template id, or WhatsApp template name); null: none configured. */
    template: text('template'),
    /** The template's variables, in order. */
    params: jsonb('params').$type<string[]>().notNull().default([]),
    /** The message as the shopper reads it (the development provider's delivery; the record of what was said). */
    text: text('text').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** One row per trigger (e.g. `shipped:<itemId>:whatsapp`): a second send of the same is not written. */
    dedupeKey: text('dedupe_key'),
    /** On a WhatsApp row that failed: the SMS sent instead. */
    fallbackId: uuid('fallback_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_uq').on(t.dedupeKey),
    uniqueIndex('outbox_messages_provider_id_uq')
      .on(t.channel, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index('outbox_messages_to_idx').on(t.to, t.createdAt.desc()),
    index('outbox_messages_order_idx').on(t.orderId),
  ],
);
