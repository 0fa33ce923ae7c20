import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../accounts/tables.ts';
import { products } from '../catalog/tables.ts';

/**
 * The wishlist module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/** Products a shopper saved for later. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('wishlist_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);
