/**
 * Every status a row can be in, declared once: the database schema's column enums and the API's
 * zod enums are both built from these (DESIGN §2, one home per rule). Zod-free, so the web app
 * may import them from `@vastra/contracts/constants`.
 */

/** An order item's life (DESIGN §6). */
export const ORDER_ITEM_STATUSES = [
  'awaiting_payment',
  /**
   * A COD order the shopper must confirm before it ships (issue 39: over COD_CONFIRM_ABOVE, or a
   * shopper with a returned COD parcel): not shippable, cancelled and restocked after COD_CONFIRM_HOURS.
   */
  'awaiting_confirmation',
  'pending',
  'shipped',
  'delivered',
  'cancelled',
  /** Sent back to the seller undelivered (return to origin, issue 38): a refused or failed delivery. */
  'rto',
] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

/** An order's money. */
/** `cod_collected`: every item of a COD order delivered and its cash collected. */
export const PAYMENT_STATUSES = [
  'awaiting_payment',
  'paid',
  'cod_due',
  'cod_collected',
  'refunded',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How an order is paid, as stored (`stripe` stands for any online payment provider). */
export const STORED_PAYMENT_METHODS = ['stripe', 'cod'] as const;

/** Where an order came from: the cart, or a single Buy Now product. */
export const ORDER_SOURCES = ['cart', 'buy_now'] as const;

export const SELLER_STATUSES = ['active', 'suspended'] as const;
/** `unpublished`: hidden until its seller may publish (a GSTIN, in `india` GST mode). */
/** `hidden`: taken off sale by an admin, with a reason the seller sees. */
export const PRODUCT_STATUSES = ['active', 'removed', 'unpublished', 'hidden'] as const;

/** A refund the shop owes: why, and whether the provider has confirmed it. */
/** `rto`: a prepaid parcel that came back to its seller undelivered, refunded in full. */
export const REFUND_REASONS = ['late_payment', 'cancellation', 'return', 'rto'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded'] as const;

/** Accounts that log in with an e-mail and password and can reset it. */
export const ACCOUNT_KINDS = ['user', 'seller'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
/** What a single-use e-mailed link is for. */
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_verification'] as const;

/** Online payment providers an order or a checkout may name (`test`: the built-in offline page). */
export const PAYMENT_PROVIDERS = ['razorpay', 'stripe', 'test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** A return or exchange after delivery (issue 18, DESIGN §6). */
export const RETURN_KINDS = ['refund', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_REASONS = [
  'wrong_size',
  'defective',
  'not_as_described',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** requested → approved → received → refunded | exchanged; requested → rejected. */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
  'exchanged',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A shopper's account: a suspended one cannot log in or order; its orders stay. */
export const USER_STATUSES = ['active', 'suspended'] as const;

/**
 * The seller's ledger (DESIGN §11): what each entry records. Amounts are signed from the seller's
 * side: a sale is a credit, the commission a debit. `cod_collected` is a COD item's sale, credited
 * when its cash was collected; the `*_reversal` kinds give back what a refunded return had taken.
 * `platform_discount` is what the platform adds to a sale for a coupon it funds (ADR 014); its
 * reversal takes it back when the units are returned. `shipping_fee` and `cod_fee` are the shipment's
 * fees as the shopper paid them (credited at its first delivery); `platform_fee` is their taxable
 * value taken by the platform when the fees are its revenue (setting feesTo 'platform'), and
 * `platform_fee_reversal` gives it back when the shipping fee is refunded; `fee_tcs` is the TCS on
 * the fees (they are part of the seller's taxable supply, billed on its invoice), `fee_tcs_reversal`
 * gives back the shipping fee's part of it (issue 37, ADR 014). `rto_fee` is what the seller is
 * charged for a parcel that came back undelivered (RTO_FEE, issue 38).
 */
export const LEDGER_KINDS = [
  'sale',
  'cod_collected',
  'commission',
  'commission_gst',
  'tcs',
  'refund',
  'commission_reversal',
  'commission_gst_reversal',
  'tcs_reversal',
  'payout',
  'platform_discount',
  'platform_discount_reversal',
  'shipping_fee',
  'cod_fee',
  'platform_fee',
  'platform_fee_reversal',
  'fee_tcs',
  'fee_tcs_reversal',
  'rto_fee',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What a one-time code sent by SMS proves (issue 39): a sign-in, a mobile added to a profile, a COD order confirmed. */
export const OTP_PURPOSES = ['sign_in', 'verify_mobile', 'cod_confirm'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** How a message reaches a shopper's phone (issue 39). */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * What an SMS or WhatsApp message is about; each has its own registered template (DLT for SMS,
 * an approved template for WhatsApp), named in config as `SMS_TEMPLATE_<KIND>` / `WHATSAPP_TEMPLATE_<KIND>`.
 */
export const MESSAGE_KINDS = [
  'otp',
  'order_placed',
  'cod_confirm',
  'shipped',
  'out_for_delivery',
  'delivered',
  'return_picked_up',
  'refund_made',
  'offer',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * A message's life: `queued` → `sent` (the provider took it, its id kept) → `delivered` → `read`, or
 * `failed`; `skipped`: never sent (no template configured, or the shopper opted out meanwhile).
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
