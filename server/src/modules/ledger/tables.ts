import { LEDGER_KINDS } from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { sellers } from '../accounts/tables.ts';
import { orderItems } from '../orders/tables.ts';

/**
 * The ledger module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/**
 * The sellers' append-only ledger: never updated or deleted; balances are sums. Each entry is
 * written in the transaction of the event it records, once (the unique indexes hold that).
 * `settlesAt`: when it becomes payable (a sale: its delivery plus the return window).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    orderItemId: uuid('order_item_id').references(() => orderItems.id),
    returnId: uuid('return_id'),
    payoutId: uuid('payout_id'),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** For tax entries: the taxable value they were computed on and the supply type. */
    taxablePaise: integer('taxable_paise'),
    supply: text('supply', { enum: ['intra', 'inter'] }),
    settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_seller_created_idx').on(t.sellerId, t.createdAt),
    uniqueIndex('ledger_item_kind_uq')
      .on(t.orderItemId, t.kind)
      .where(sql`${t.returnId} is null and ${t.payoutId} is null`),
    uniqueIndex('ledger_return_kind_uq').on(t.returnId, t.kind).where(sql`${t.returnId} is not null`),
    uniqueIndex('ledger_payout_uq').on(t.payoutId).where(sql`${t.payoutId} is not null`),
  ],
);

/** Money paid out to a seller by an admin, once per idempotency key. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    amountPaise: integer('amount_paise').notNull(),
    /** The bank's reference (UTR) of the transfer. */
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    adminId: uuid('admin_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('payouts_amount_positive', sql`${t.amountPaise} > 0`),
    index('payouts_seller_idx').on(t.sellerId, t.createdAt),
  ],
);
