/**
 * The whole data model (DESIGN §3), for migrations (drizzle.config.ts) and for reading. Each table is
 * declared by the module that owns it, in `modules/<m>/tables.ts`, and only that module writes it
 * (ARCHITECTURE.md: table owners; `scripts/check-table-owners.mjs` checks it). Money is integer paise
 * everywhere; e-mails are stored lower-cased; timestamps are timestamptz.
 */

export * from '../modules/accounts/tables.ts';
export * from '../modules/admin/tables.ts';
export * from '../modules/cart/tables.ts';
export * from '../modules/catalog/tables.ts';
export * from '../modules/contact/tables.ts';
export * from '../modules/delivery/tables.ts';
export * from '../modules/invoices/tables.ts';
export * from '../modules/ledger/tables.ts';
export * from '../modules/mail/tables.ts';
export * from '../modules/messages/tables.ts';
export * from '../modules/offers/tables.ts';
export * from '../modules/orders/tables.ts';
export * from '../modules/payments/tables.ts';
export * from '../modules/returns/tables.ts';
export * from '../modules/reviews/tables.ts';
export * from '../modules/search/tables.ts';
export * from '../modules/shipping/tables.ts';
export * from '../modules/wishlist/tables.ts';
