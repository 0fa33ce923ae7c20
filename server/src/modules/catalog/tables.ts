import type { SizeChart } from '@vastra/contracts';
import { PRODUCT_STATUSES } from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tsvector, updatedAt } from '../../db/columns.ts';
import { sellers } from '../accounts/tables.ts';

/**
 * The catalog module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

/** A product photo as stored: `publicId` names its renditions under /media. */
export interface StoredImage {
  url: string;
  publicId: string;
  alt: string;
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    name: text('name').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull(),
    pricePaise: integer('price_paise').notNull(),
    /** Optional marked price shown struck through. */
    mrpPaise: integer('mrp_paise'),
    stock: integer('stock').notNull().default(0),
    imageUrl: text('image_url').notNull(),
    imageId: text('image_id').notNull(),
    color: text('color'),
    brand: text('brand'),
    ratingAvg: doublePrecision('rating_avg').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** `active` | `removed` (removed by the seller or by an admin: hidden, kept for order history). */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    /** The seller's own text ('' when none). */
    description: text('description').notNull().default(''),
    /** HSN code (4–8 digits): picks the GST rate in `india` mode and is printed on invoices. */
    hsn: text('hsn').notNull().default(''),
    /** Why an admin hid the product (status `hidden`), shown to its seller. */
    hiddenReason: text('hidden_reason'),
    /** The photos in order, the first is the cover (image_url/image_id repeat it): [{ url, publicId, alt }]. */
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    /** Measurements in cm per size, or null. */
    sizeChart: jsonb('size_chart').$type<SizeChart>(),
    /**
     * Kept by the product_variants trigger (db/functions/product-summary.sql), never written by the
     * server: the sizes and colours with stock, for filters. `stock`, `price_paise` and `mrp_paise`
     * above are kept by it too: the variants' stock summed, and the lowest price in stock (the lowest
     * of all when sold out).
     */
    sizesInStock: text('sizes_in_stock').array().notNull().default(sql`'{}'::text[]`),
    colorsInStock: text('colors_in_stock').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(color, '')), 'C') || setweight(to_tsvector('english', category || ' ' || regexp_replace(sub_category, '([a-z])([A-Z])', '\\1 \\2', 'g')), 'D')`,
    ),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_positive', sql`${t.pricePaise} > 0`),
    index('products_status_created_idx').on(t.status, t.createdAt.desc(), t.id),
    index('products_category_created_idx').on(t.category, t.createdAt.desc()),
    index('products_sub_category_created_idx').on(t.subCategory, t.createdAt.desc()),
    index('products_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    index('products_price_idx').on(t.pricePaise),
    index('products_rating_idx').on(t.ratingAvg.desc()),
    index('products_search_idx').using('gin', t.search),
  ],
);

/**
 * One size (and colour) of a product: stock and price live here (DESIGN §3). The stock CHECK is the
 * rule that stops overselling; a trigger keeps the product's summary columns in step.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Repeated from the product so a SKU can be unique per seller. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    size: text('size').notNull(),
    /** '' when the product comes in one colour. */
    color: text('color').notNull().default(''),
    sku: text('sku').notNull(),
    stock: integer('stock').notNull().default(0),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('product_variants_stock_non_negative', sql`${t.stock} >= 0`),
    check('product_variants_price_positive', sql`${t.pricePaise} > 0`),
    uniqueIndex('product_variants_seller_sku_uq').on(t.sellerId, t.sku),
    uniqueIndex('product_variants_product_size_color_uq').on(t.productId, t.size, t.color),
  ],
);

/** A counter bumped whenever public catalogue data changes; caches in every process compare against it. */
export const catalogVersion = pgTable('catalog_version', {
  id: smallint('id').primaryKey().default(1),
  version: integer('version').notNull().default(1),
});
