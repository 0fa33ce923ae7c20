import {
  COURIER_PROVIDERS,
  NDR_STATES,
  SHIPMENT_EVENTS,
  SHIPMENT_STATUSES,
} from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { sellers, users } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';

/**
 * The shipping module's tables (ARCHITECTURE.md: table owners, issue 38): only this module writes
 * them; workflows call its index.ts. db/schema.ts re-exports them for migrations.
 */

/**
 * A parcel: some of one seller's items of one order, shipped together (`order_items.shipment_id`),
 * with the courier that carries it. Its status is its latest tracking event; the NDR columns hold
 * the shopper's answer to the latest failed attempt; `rto_at` is when it turned back, and
 * `rto_received_at` when it was back at the seller (set once: the stock and the money come back once).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    /** The order's shopper (null once their account is deleted): their COD risk counts these. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the courier collects cash for it (a COD order). */
    cod: boolean('cod').notNull().default(false),
    provider: text('provider', { enum: COURIER_PROVIDERS }).notNull(),
    courier: text('courier'),
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    /** Shiprocket's ids for it (its label is fetched from Shiprocket when the seller prints it). */
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('booked'),
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    ndrState: text('ndr_state', { enum: NDR_STATES }),
    ndrReason: text('ndr_reason'),
    ndrDate: date('ndr_date', { mode: 'string' }),
    ndrPhone: text('ndr_phone'),
    ndrLandmark: text('ndr_landmark'),
    rtoAt: timestamp('rto_at', { withTimezone: true }),
    rtoReceivedAt: timestamp('rto_received_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId),
    index('shipments_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    index('shipments_awb_idx').on(t.awb),
    index('shipments_user_rto_idx').on(t.userId, t.rtoAt).where(sql`${t.rtoAt} is not null`),
    check(
      'shipments_parcel',
      sql`${t.weightGrams} > 0 and ${t.lengthCm} > 0 and ${t.breadthCm} > 0 and ${t.heightCm} > 0`,
    ),
    check('shipments_attempts', sql`${t.failedAttempts} >= 0`),
  ],
);

/**
 * A shipment's tracking timeline. `externalKey` identifies a courier's event (Shiprocket's AWB,
 * status and scan time): the unique index makes a replayed webhook a no-op, whichever process
 * receives it.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SHIPMENT_EVENTS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    note: text('note'),
    /** `shiprocket` (its webhook), `seller`, `shopper` (a cancel at the door), `shop` (the rules). */
    source: text('source').notNull(),
    externalKey: text('external_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipment_events_shipment_idx').on(t.shipmentId, t.at),
    uniqueIndex('shipment_events_external_key').on(t.externalKey),
  ],
);

/** An admin lifted a shopper's COD hold: their returned COD parcels before `lifted_at` no longer count. */
export const codHoldLifts = pgTable('cod_hold_lifts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  liftedAt: timestamp('lifted_at', { withTimezone: true }).notNull(),
  liftedBy: text('lifted_by'),
});
