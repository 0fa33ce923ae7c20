import {
  COUPON_FUNDERS,
  GST_MODES,
  ORDER_ITEM_STATUSES,
  ORDER_SOURCES,
  PAYMENT_STATUSES,
  STORED_PAYMENT_METHODS,
} from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { sellers, users } from '../accounts/tables.ts';
import { products, productVariants } from '../catalog/tables.ts';

/**
 * The orders module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

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
    /** The coupon's discount (its lines' shares summed); 0 without one. */
    discountPaise: integer('discount_paise').notNull().default(0),
    /** The taxable value of the shipping fees and of the COD fee (order_charges holds each fee). */
    shippingPaise: integer('shipping_paise').notNull().default(0),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    couponCode: text('coupon_code'),
    /** Who bears the discount in the ledger: the seller (lowers its sale) or the platform. */
    couponFundedBy: text('coupon_funded_by', { enum: COUPON_FUNDERS }),
    provider: text('provider'),
    providerSessionId: text('provider_session_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    /** Where the order came from: the cart, or a single Buy Now product. */
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('cart'),
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    /** How the order was taxed (GST_MODE when it was placed): prices before GST, or including it. */
    gstMode: text('gst_mode', { enum: GST_MODES }).notNull().default('flat18'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A COD order placed `awaiting_confirmation` (issue 39): cancelled and restocked if not confirmed
     * by this moment; `codConfirmedAt` once the shopper confirmed it (link or one-time code).
     */
    codConfirmBy: timestamp('cod_confirm_by', { withTimezone: true }),
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_awaiting_expiry_idx').on(t.paymentStatus, t.reservationExpiresAt),
    index('orders_cod_confirm_by_idx')
      .on(t.codConfirmBy)
      .where(sql`${t.codConfirmBy} is not null and ${t.codConfirmedAt} is null`),
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
    /** The line's share of the order's coupon discount: paid for the line = taxable + tax. */
    discountPaise: integer('discount_paise').notNull().default(0),
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
    /** The promise made when it was ordered (contracts/src/delivery.ts): ship by, and arrive by (IST days). */
    dispatchBy: date('dispatch_by', { mode: 'string' }),
    deliverBy: date('deliver_by', { mode: 'string' }),
    /** What the seller entered at Confirm Shipment: the courier, its airway bill number, a tracking page. */
    courier: text('courier'),
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    /** The parcel it travels in (shipping's `shipments`), once the seller shipped it. */
    shipmentId: uuid('shipment_id'),
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
    index('order_items_shipment_idx').on(t.shipmentId),
  ],
);

/**
 * The fees of an order besides its goods (contracts/src/delivery.ts `chargesFor`): a shipping fee per
 * seller's shipment below the free threshold, and the COD fee, taxed as the order was
 * (`taxablePaise` + `taxPaise` is what the shopper paid for it). `refundedAt` is set when the whole
 * shipment was cancelled or returned and the fee went back with it.
 */
export const orderCharges = pgTable(
  'order_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    kind: text('kind', { enum: ['shipping', 'cod'] }).notNull(),
    feePaise: integer('fee_paise').notNull(),
    gstRateBp: integer('gst_rate_bp').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_charges_one_per_kind').on(t.orderId, t.sellerId, t.kind),
    check('order_charges_money', sql`${t.feePaise} >= 0 and ${t.taxablePaise} >= 0 and ${t.taxPaise} >= 0`),
  ],
);
