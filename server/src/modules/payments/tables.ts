import { REFUND_REASONS, REFUND_STATUSES } from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { orderItems, orders } from '../orders/tables.ts';

/**
 * The payments module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/** Provider event ids already processed, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A refund the shop owes (DESIGN §4, money owed is paid exactly once, eventually): written in the
 * same transaction as the event that creates the debt, then made through the provider with its
 * idempotency key and retried by a sweep until the provider confirms it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    /** A payment that came after its reservation ended and could not be honoured, or a cancelled item. */
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    provider: text('provider').notNull(),
    sessionId: text('session_id'),
    paymentId: text('payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    /** Sent with every attempt, so the provider makes the refund once however often it is asked. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the next attempt is due; claiming an attempt moves it on, so it doubles as a lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('refunds_order_idx').on(t.orderId),
  ],
);
