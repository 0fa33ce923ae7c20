import { CATEGORIES, SUB_CATEGORIES } from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../../db/columns.ts';
import { products } from '../catalog/tables.ts';

/**
 * The search module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/**
 * The search module's narrow copy of every active product: only what search filters, counts and
 * sorts by (about 450 bytes a row against the product row's 3 KB of description, photos and size
 * chart), so a search reads a tenth of the pages. Written only by the `product_search_sync`
 * trigger on products (db/functions/product-search.sql, ADR 012), in the transaction that changes the product; the
 * seller's status is joined at query time.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id').notNull(),
    /** lower(name): a product named exactly what was typed comes first. */
    nameKey: text('name_key').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull(),
    brand: text('brand'),
    color: text('color'),
    pricePaise: integer('price_paise').notNull(),
    inStock: boolean('in_stock').notNull(),
    sizesInStock: text('sizes_in_stock').array().notNull(),
    colorsInStock: text('colors_in_stock').array().notNull(),
    ratingAvg: doublePrecision('rating_avg').notNull(),
    ratingCount: integer('rating_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The product's `search` vector (name A, brand B, colour C, category D). */
    search: tsvector('search').notNull(),
    /** The name's words alone: relevance puts products whose name has every word first. */
    nameSearch: tsvector('name_search').notNull(),
  },
  (t) => [
    index('product_search_search_idx').using('gin', t.search),
    index('product_search_name_search_idx').using('gin', t.nameSearch),
    index('product_search_name_key_idx').on(t.nameKey),
    index('product_search_sizes_idx').using('gin', t.sizesInStock),
    // One per sort (newest, price both ways, rating), each ending in the keyset's tie-breakers.
    index('product_search_newest_idx').on(t.createdAt.desc(), t.productId.desc()),
    index('product_search_price_asc_idx').on(t.pricePaise, t.createdAt.desc(), t.productId.desc()),
    index('product_search_price_desc_idx').on(t.pricePaise.desc(), t.createdAt.desc(), t.productId.desc()),
    index('product_search_rating_idx').on(
      t.ratingAvg.desc(),
      t.ratingCount.desc(),
      t.createdAt.desc(),
      t.productId.desc(),
    ),
    index('product_search_category_idx').on(t.category, t.pricePaise),
    index('product_search_sub_category_idx').on(t.subCategory, t.pricePaise),
    // The words of one category's products (of one sub-category's): "kids" among Mens lists
    // almost nothing, where the whole index lists a seventh of the catalogue (ADR 012).
    ...CATEGORIES.map((c) =>
      index(`product_search_search_${c.toLowerCase()}_idx`)
        .using('gin', t.search)
        .where(sql.raw(`"category" = '${c}'`)),
    ),
    ...SUB_CATEGORIES.map((c) =>
      index(`product_search_search_${c.toLowerCase()}_idx`)
        .using('gin', t.search)
        .where(sql.raw(`"sub_category" = '${c}'`)),
    ),
  ],
);

/**
 * Every word of the catalogue's names, brands, colours and categories (lower case, 3 letters or
 * more), for typo tolerance: a search word that is no word's beginning is looked up here by
 * trigram similarity. Added by a trigger on product_search (db/functions/search-words.sql); never
 * removed (a word whose products are gone finds nothing, as any word would).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * Which products' search rows changed, and in which transaction (its id as a bigint): written by a
 * trigger on product_search (db/functions/search-changes.sql). Each app process keeps the catalogue's search fields
 * in memory (search/memory-index.ts) and catches up by reading the rows of transactions not yet
 * complete at its last read, so no commit is missed whatever order transactions commit in. Rows
 * older than a day are pruned (a process that slept longer reloads whole).
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    productId: uuid('product_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_changes_xid_idx').on(t.xid), index('search_changes_at_idx').on(t.at)],
);

/**
 * Which products' answers changed (anything a product answer shows: price, stock, name, photos,
 * variants, description), or which sellers' (company name, GSTIN, state, status), and in which
 * transaction: written by triggers on products, product_variants and sellers
 * (db/functions/product-changes.sql). Each app process keeps the product answers it served lately
 * as JSON text (search/product-json.ts) and drops those named here when it catches up, with
 * search_changes, in the same statement. Pruned with it after a day.
 */
export const productChanges = pgTable(
  'product_changes',
  {
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    productId: uuid('product_id'),
    sellerId: uuid('seller_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_changes_xid_idx').on(t.xid), index('product_changes_at_idx').on(t.at)],
);
