import { TAX_DOCUMENT_KINDS } from '@vastra/contracts/constants';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sellers } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';

/**
 * The invoices module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/**
 * Tax invoices and credit notes (DESIGN §11), immutable once issued: `document` is the whole
 * document as printed (contracts TaxDocument, less its id); the amounts are copied out for reports.
 * Numbers are unique per seller, kind and financial year.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** A credit note's invoice. */
    referenceId: uuid('reference_id'),
    financialYear: text('financial_year').notNull(),
    number: text('number').notNull(),
    document: jsonb('document').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_uq').on(t.sellerId, t.kind, t.financialYear, t.number),
    index('tax_documents_order_idx').on(t.orderId, t.sellerId),
  ],
);

/**
 * The last number issued per seller, kind and financial year. Taking a number updates this row in
 * the issuing transaction: concurrent issues queue on the row, and a rolled-back issue gives its
 * number back, so numbers are consecutive with no gap or duplicate.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.kind, t.financialYear] })],
);
