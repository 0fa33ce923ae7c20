import type { SizeChart } from '@vastra/contracts';
import {
  ACCOUNT_KINDS,
  ACCOUNT_TOKEN_PURPOSES,
  CATEGORIES,
  GST_MODES,
  LEDGER_KINDS,
  ORDER_ITEM_STATUSES,
  ORDER_SOURCES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PRODUCT_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  RETURN_KINDS,
  RETURN_REASONS,
  RETURN_STATUSES,
  SELLER_STATUSES,
  STORED_PAYMENT_METHODS,
  SUB_CATEGORIES,
  TAX_DOCUMENT_KINDS,
  USER_STATUSES,
} from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model (DESIGN §3). Money is integer paise everywhere; e-mails are stored
 * lower-cased; timestamps are timestamptz.
 */

/** A product photo as stored: `publicId` names its renditions under /media. */
export interface StoredImage {
  url: string;
  publicId: string;
  alt: string;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  mobile: text('mobile').notNull(),
  /** The profile's address; empty until the shopper gives one (sign-up asks only for the essentials). */
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  /** Set when the e-mail address was confirmed through its link (nobody is blocked before). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Login tokens issued before this moment stop working (password reset or change). */
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /** `suspended` by an admin: cannot log in or order (the orders stay). */
  status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
  /** The shopper's language (the web's English/हिन्दी switch): the e-mails the shop sends them. */
  locale: text('locale', { enum: ['en', 'hi'] })
    .notNull()
    .default('en'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sellers = pgTable('sellers', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  mobile: text('mobile').notNull(),
  companyName: text('company_name').notNull(),
  companyAddress: text('company_address').notNull(),
  /**
   * GST registration (DESIGN §11): the GSTIN (null until given), the registered (legal) name and
   * the registered state, whose GST code decides CGST + SGST or IGST on the seller's invoices.
   */
  gstin: text('gstin'),
  legalName: text('legal_name').notNull().default(''),
  state: text('state').notNull().default(''),
  /** `active` | `suspended`: a suspended seller cannot log in and their products leave the shop. */
  status: text('status', { enum: SELLER_STATUSES }).notNull().default('active'),
  /** Set when the e-mail address was confirmed; a seller must be verified before a payout. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Login tokens issued before this moment stop working (password reset or change). */
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /** The seller's language (the web's English/हिन्दी switch): the e-mails the shop sends them. */
  locale: text('locale', { enum: ['en', 'hi'] })
    .notNull()
    .default('en'),
  /** Seller centre: a variant with fewer units than this is low on stock (the list and the daily e-mail). */
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  /** When the last daily low-stock e-mail was sent, so a restart or a second process sends no second one. */
  lowStockMailedAt: timestamp('low_stock_mailed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Single-use links sent by e-mail (password reset, e-mail verification). Only a SHA-256 hash of
 * the random token is stored, so a leaked table lets nobody in; `used_at` makes a link work once.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKind: text('account_kind', { enum: ACCOUNT_KINDS }).notNull(),
    accountId: uuid('account_id').notNull(),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_account_idx').on(t.accountKind, t.accountId, t.purpose, t.createdAt.desc())],
);

/** A shopper's saved shipping addresses; at most one is the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    mobile: text('mobile').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

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

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

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
     * Kept by the product_variants trigger (migration 0008), never written by the server: the sizes
     * and colours with stock, for filters. `stock`, `price_paise` and `mrp_paise` above are kept by it
     * too: the variants' stock summed, and the lowest price in stock (the lowest of all when sold out).
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

/**
 * The search module's narrow copy of every active product: only what search filters, counts and
 * sorts by (about 450 bytes a row against the product row's 3 KB of description, photos and size
 * chart), so a search reads a tenth of the pages. Written only by the `product_search_sync`
 * trigger on products (migration 0014, ADR 012), in the transaction that changes the product; the
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
 * trigram similarity. Added by a trigger on product_search (migration 0014); never removed (a
 * word whose products are gone finds nothing, as any word would).
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
 * trigger on product_search (migration 0017). Each app process keeps the catalogue's search fields
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
 * transaction: written by triggers on products, product_variants and sellers (migration 0019). Each
 * app process keeps the product answers it served lately as JSON text (search/product-json.ts) and
 * drops those named here when it catches up, with search_changes, in the same statement. Pruned
 * with it after a day.
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

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the customer deleted their account: the order stays for the sellers' records. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerMobile: text('customer_mobile'),
    paymentMethod: text('payment_method', { enum: STORED_PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', {
      enum: PAYMENT_STATUSES,
    }).notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    provider: text('provider'),
    providerSessionId: text('provider_session_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    /** Where the order came from: the cart, or a single Buy Now product. */
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('cart'),
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    /** How the order was taxed (GST_MODE when it was placed): prices before GST, or including it. */
    gstMode: text('gst_mode', { enum: GST_MODES }).notNull().default('flat18'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_awaiting_expiry_idx').on(t.paymentStatus, t.reservationExpiresAt),
    index('orders_created_idx').on(t.createdAt.desc()),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; the snapshot below keeps the history. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    /** Null once that size is no longer sold; size and colour below keep what was bought. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    size: text('size').notNull().default('Free Size'),
    color: text('color').notNull().default(''),
    productName: text('product_name').notNull(),
    productImage: text('product_image').notNull(),
    productCategory: text('product_category').notNull(),
    productSubCategory: text('product_sub_category').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /**
     * The line's tax as computed when it was placed (contracts/src/tax.ts): HSN, rate in basis
     * points (500 = 5%), taxable value and tax. Invoices and refunds read these, never recompute.
     */
    hsn: text('hsn').notNull().default(''),
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    taxablePaise: integer('taxable_paise').notNull().default(0),
    taxPaise: integer('tax_paise').notNull().default(0),
    /** The seller's tax invoice once shipped, and the credit note once cancelled after that. */
    invoiceId: uuid('invoice_id'),
    creditNoteId: uuid('credit_note_id'),
    status: text('status', {
      enum: ORDER_ITEM_STATUSES,
    }).notNull(),
    refundId: text('refund_id'),
    refundedPaise: integer('refunded_paise'),
    /** What the seller entered at Confirm Shipment: the courier, its airway bill number, a tracking page. */
    courier: text('courier'),
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A COD item's cash, collected when it was delivered (null: still due, or not COD). */
    codCollectedAt: timestamp('cod_collected_at', { withTimezone: true }),
    /** Units of this item returned and received back (returns never exceed `quantity`). */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    /** Set on an exchange's replacement item: the return it replaces an item for (no charge). */
    exchangeOfReturnId: uuid('exchange_of_return_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    index('order_items_product_idx').on(t.productId),
    index('order_items_invoice_idx').on(t.invoiceId),
  ],
);

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

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Every e-mail the shop sends; without SMTP this table (and the log) is the outbox. */
export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  kind: text('kind').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
});

/** Provider event ids already processed, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A refund the shop owes (DESIGN §4, money owed is paid exactly once, eventually): written in the
 * same transaction as the event that creates the debt, then made through the provider with its
 * idempotency key and retried by a sweep until the provider confirms it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    /** A payment that came after its reservation ended and could not be honoured, or a cancelled item. */
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    provider: text('provider').notNull(),
    sessionId: text('session_id'),
    paymentId: text('payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    /** Sent with every attempt, so the provider makes the refund once however often it is asked. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the next attempt is due; claiming an attempt moves it on, so it doubles as a lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/** A counter bumped whenever public catalogue data changes; caches in every process compare against it. */
export const catalogVersion = pgTable('catalog_version', {
  id: smallint('id').primaryKey().default(1),
  version: integer('version').notNull().default(1),
});

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

/**
 * A shopper's return or size exchange of a delivered item (issue 18). `quantity` units of the item
 * go back; an exchange holds `exchangeVariantId`'s stock from the request until it ships or fails.
 * Moves: requested → approved → received → refunded | exchanged; requested → rejected.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Null once the shopper deleted their account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    kind: text('kind', { enum: RETURN_KINDS }).notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    /** Exchange: the size/colour wanted instead (its stock is held from the request). */
    exchangeVariantId: uuid('exchange_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    /** Whether the held exchange stock is still held (released on rejection or when it ships). */
    exchangeHeld: boolean('exchange_held').notNull().default(false),
    /** A COD refund's destination: `{ upi }` or `{ accountNumber, ifsc, accountName }`. */
    refundTo: jsonb('refund_to').$type<Record<string, string>>(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    rejectReason: text('reject_reason'),
    pickupCourier: text('pickup_courier'),
    pickupAwb: text('pickup_awb'),
    /** Set when the parcel came back: whether it was in a condition to restock and refund. */
    conditionOk: boolean('condition_ok'),
    refundPaise: integer('refund_paise'),
    refundId: uuid('refund_id'),
    creditNoteId: uuid('credit_note_id'),
    /** The no-charge order item that ships the exchanged size. */
    exchangeItemId: uuid('exchange_item_id'),
    /** Who made the last decision: the seller, or an admin (after RETURN_DECISION_DAYS, or overruling). */
    decidedBy: text('decided_by', { enum: ['seller', 'admin'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('returns_quantity_positive', sql`${t.quantity} > 0`),
    index('returns_item_idx').on(t.orderItemId),
    index('returns_user_idx').on(t.userId, t.createdAt.desc()),
    index('returns_seller_status_idx').on(t.sellerId, t.status, t.createdAt.desc()),
  ],
);

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
