import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * The admin module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/**
 * Commission rates (DESIGN §11): per category (`scope` 'category', `key` the category) and per
 * seller (`scope` 'seller', `key` the seller id), in basis points (1000 = 10%). A seller's rate
 * overrides its category's; with neither, COMMISSION_PERCENT.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    scope: text('scope', { enum: ['category', 'seller'] }).notNull(),
    key: text('key').notNull(),
    rateBp: integer('rate_bp').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('commission_rates_range', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`),
  ],
);

/** Every admin action: who, what, on what, when (shown to admins). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id'),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
);
