/**
 * Limits and patterns of what people type into forms and carts, without zod: the zod schemas of
 * this package build on them, and the web app imports them (through `@vastra/contracts/constants`)
 * for its inputs' `maxLength` and its early checks, so a rule changes in one place.
 */

/** Length bounds (characters, after trimming) of every free-text field a request carries. */
export const TEXT_LIMITS = {
  fullName: { min: 2, max: 80 },
  email: { min: 1, max: 254 },
  password: { min: 8, max: 200 },
  address: { min: 1, max: 300 },
  city: { min: 1, max: 80 },
  state: { min: 1, max: 80 },
  companyName: { min: 1, max: 120 },
  companyAddress: { min: 1, max: 300 },
  contactName: { min: 2, max: 80 },
  contactSubject: { min: 2, max: 150 },
  contactMessage: { min: 10, max: 5000 },
  productName: { min: 2, max: 120 },
  reviewText: { min: 1, max: 2000 },
} as const satisfies Record<string, { min: number; max: number }>;
export type TextLimit = (typeof TEXT_LIMITS)[keyof typeof TEXT_LIMITS];

/**
 * Indian mobile number once spaces and dashes are removed: 10 digits starting 6-9, optionally
 * with +91, 91 or 0 in front.
 */
export const MOBILE_PATTERN = /^(?:\+91|91|0)?[6-9]\d{9}$/;

/** Six-digit Indian PIN code that does not start with 0. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
export const PIN_CODE_LENGTH = 6;

/** Longest review text, characters. */
export const REVIEW_TEXT_MAX = TEXT_LIMITS.reviewText.max;

/**
 * Largest quantity of one product in a cart line: in one request, and in total when the same
 * product is added again or stepped up. Stock bounds it further on the server.
 */
export const MAX_LINE_QUANTITY = 1000;

/** Most lines a guest cart may carry to `cart/preview` and `cart/merge` (a shopper's cart, not a catalogue). */
export const MAX_CART_LINES = 100;

/** Largest product image upload, bytes. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Display names of the payment methods (SPEC §3 has Stripe and COD; Razorpay is UPI, cards,
 * netbanking and wallets). Stored as `stripe` (any online payment, with its provider) or `cod`.
 */
export const PAYMENT_METHODS = ['Stripe', 'Razorpay', 'COD'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

/** The name shown for a stored method and the provider chosen or used. */
export const paymentMethodName = (
  method: 'stripe' | 'cod',
  provider: string | null | undefined,
): PaymentMethodName => (method === 'cod' ? 'COD' : provider === 'razorpay' ? 'Razorpay' : 'Stripe');
