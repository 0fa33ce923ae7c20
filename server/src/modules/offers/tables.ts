import { COUPON_FUNDERS, COUPON_KINDS } from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { sellers, users } from '../accounts/tables.ts';
import { products, productVariants } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';

/**
 * The offers module's tables (ARCHITECTURE.md: table owners): sale events and their sale prices,
 * coupons, the coupon on each shopper's cart and every order a coupon was used on. Only this module
 * writes them; db/schema.ts re-exports them for migrations. docs/decisions/023-offers.md.
 */

/** A sale event (admin): its window, and an optional early opening for signed-in shoppers. */
export const saleEvents = pgTable(
  'sale_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    earlyAccessAt: timestamp('early_access_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sale_events_window', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'sale_events_early_before_start',
      sql`${t.earlyAccessAt} is null or ${t.earlyAccessAt} < ${t.startsAt}`,
    ),
  ],
);

/** A seller's sale price for one size in one event (paise). */
export const salePrices = pgTable(
  'sale_prices',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => saleEvents.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    salePricePaise: integer('sale_price_paise').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.variantId] }),
    index('sale_prices_variant_idx').on(t.variantId),
    index('sale_prices_seller_idx').on(t.sellerId, t.eventId),
    check('sale_prices_positive', sql`${t.salePricePaise} > 0`),
  ],
);

/** A coupon: the platform's (seller_id null) or a seller's, for that seller's products only. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case: codes are case-insensitive and unique. */
    code: text('code').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** Percent (1–100) for `percent`, paise for `flat`. */
    value: integer('value').notNull(),
    minCartPaise: integer('min_cart_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    /** Orders placed with it (a card order's use is given back when its payment fails or expires). */
    usedCount: integer('used_count').notNull().default(0),
    perUserLimit: integer('per_user_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    categories: text('categories').array(),
    sellerId: uuid('seller_id').references(() => sellers.id),
    fundedBy: text('funded_by', { enum: COUPON_FUNDERS }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    index('coupons_seller_idx').on(t.sellerId),
    check('coupons_used_within_limit', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check('coupons_used_non_negative', sql`${t.usedCount} >= 0`),
    check('coupons_value_positive', sql`${t.value} > 0`),
  ],
);

/** The coupon a shopper applied to their cart (one per cart). */
export const cartCoupons = pgTable('cart_coupons', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponId: uuid('coupon_id')
    .notNull()
    .references(() => coupons.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * An order placed with a coupon. `useNumber` is the shopper's n-th use of it: unique per coupon and
 * shopper, so two orders racing for the same use cannot both be written (perUserLimit is exact).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    useNumber: integer('use_number').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_uq').on(t.orderId),
    uniqueIndex('coupon_redemptions_use_uq').on(t.couponId, t.userId, t.useNumber),
  ],
);
