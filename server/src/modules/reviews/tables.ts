import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../accounts/tables.ts';
import { products } from '../catalog/tables.ts';

/**
 * The reviews module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_uq').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
