import { PAYMENT_PROVIDERS, STORED_PAYMENT_METHODS } from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../accounts/tables.ts';
import { products, productVariants } from '../catalog/tables.ts';

/**
 * The cart module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /**
     * The unpaid card order this line is being paid in (set by the card checkout, cleared when its
     * reservation ends). Cash On Delivery takes only unmarked lines: the mark is on the row it
     * deletes, so a card checkout committing while COD waits is seen (DESIGN §4, one cart, one order).
     */
    pendingOrderId: uuid('pending_order_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_variant_uq').on(t.userId, t.variantId),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The user's checkout in progress: chosen payment method and shipping address (never past orders). */
export const checkouts = pgTable('checkouts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentMethod: text('payment_method', { enum: STORED_PAYMENT_METHODS }),
  /** For an online payment: which provider the shopper chose (null: the shop's default online one). */
  provider: text('provider', { enum: PAYMENT_PROVIDERS }),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  updatedAt: updatedAt(),
});
