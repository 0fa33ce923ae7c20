import { RETURN_KINDS, RETURN_REASONS, RETURN_STATUSES } from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { sellers, users } from '../accounts/tables.ts';
import { productVariants } from '../catalog/tables.ts';
import { orderItems, orders } from '../orders/tables.ts';

/**
 * The returns module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/**
 * A shopper's return or size exchange of a delivered item (issue 18). `quantity` units of the item
 * go back; an exchange holds `exchangeVariantId`'s stock from the request until it ships or fails.
 * Moves: requested → approved → received → refunded | exchanged; requested → rejected.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Null once the shopper deleted their account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    kind: text('kind', { enum: RETURN_KINDS }).notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    /** Exchange: the size/colour wanted instead (its stock is held from the request). */
    exchangeVariantId: uuid('exchange_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    /** Whether the held exchange stock is still held (released on rejection or when it ships). */
    exchangeHeld: boolean('exchange_held').notNull().default(false),
    /** A COD refund's destination: `{ upi }` or `{ accountNumber, ifsc, accountName }`. */
    refundTo: jsonb('refund_to').$type<Record<string, string>>(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    rejectReason: text('reject_reason'),
    pickupCourier: text('pickup_courier'),
    pickupAwb: text('pickup_awb'),
    /** Set when the parcel came back: whether it was in a condition to restock and refund. */
    conditionOk: boolean('condition_ok'),
    refundPaise: integer('refund_paise'),
    refundId: uuid('refund_id'),
    creditNoteId: uuid('credit_note_id'),
    /** The no-charge order item that ships the exchanged size. */
    exchangeItemId: uuid('exchange_item_id'),
    /** Who made the last decision: the seller, or an admin (after RETURN_DECISION_DAYS, or overruling). */
    decidedBy: text('decided_by', { enum: ['seller', 'admin'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('returns_quantity_positive', sql`${t.quantity} > 0`),
    index('returns_item_idx').on(t.orderItemId),
    index('returns_user_idx').on(t.userId, t.createdAt.desc()),
    index('returns_seller_status_idx').on(t.sellerId, t.status, t.createdAt.desc()),
  ],
);
