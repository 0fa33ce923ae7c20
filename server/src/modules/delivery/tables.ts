import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

/**
 * The admin's shipping settings (`/api/admin/settings/shipping`), one row (id 1), in paise. No row:
 * free shipping and no COD fee (contracts/src/delivery.ts `FREE_SHIPPING`).
 */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: integer('id').primaryKey().default(1),
    freeAbovePaise: integer('free_above_paise').notNull().default(0),
    feePaise: integer('fee_paise').notNull().default(0),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    feesTo: text('fees_to', { enum: ['seller', 'platform'] })
      .notNull()
      .default('seller'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shipping_settings_one_row', sql`${t.id} = 1`),
    check(
      'shipping_settings_money',
      sql`${t.freeAbovePaise} >= 0 and ${t.feePaise} >= 0 and ${t.codFeePaise} >= 0`,
    ),
  ],
);
