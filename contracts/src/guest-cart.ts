import { z } from 'zod';
import { productSchema } from './catalog.ts';
import { MAX_CART_LINES } from './form-rules.ts';
import { cartAnswerSchema, cartSummarySchema, quantitySchema, shoppingId } from './shopping.ts';

/**
 * The guest cart: lines a visitor keeps in the browser. The server prices them (`cart/preview`)
 * and, at login or sign-up, merges them into the account's cart (`user/cart/merge`). Lines carry
 * no price: prices come from the database.
 */

/** One line of the browser's cart: a product and its size (may be left out when it has only one). */
export const guestCartLineSchema = z.object({
  productId: shoppingId('productId'),
  variantId: shoppingId('variantId').optional(),
  quantity: quantitySchema,
});
export type GuestCartLineInput = z.input<typeof guestCartLineSchema>;

/** Body of `POST /api/cart/preview` and `POST /api/user/cart/merge`. */
export const guestCartSchema = z.object({
  lines: z
    .array(guestCartLineSchema, { error: 'lines must be a list of { productId, quantity }' })
    .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} different products`),
});
export type GuestCartInput = z.input<typeof guestCartSchema>;

/**
 * Why a line was left out: its product or size is gone (removed, seller suspended, unknown), it is
 * sold out, or the product has several sizes and the line named none.
 */
export const skippedLineSchema = z.object({
  productId: z.string(),
  variantId: z.string().optional(),
  reason: z.enum(['unavailable', 'sold out', 'choose a size']),
});
export type SkippedLine = z.infer<typeof skippedLineSchema>;

/** A line whose quantity was lowered to what the stock or MAX_LINE_QUANTITY allows. */
export const cappedLineSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  requested: z.int(),
  quantity: z.int(),
});
export type CappedLine = z.infer<typeof cappedLineSchema>;

/** One priced guest line: the product as listings show it and the amount (rupees) from the database. */
export const previewLineSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.int(),
  amount: z.number(),
  product: productSchema,
});
export type PreviewLine = z.infer<typeof previewLineSchema>;

/** Answer of `POST /api/cart/preview`: the lines in the order sent, and the same summary as the cart's. */
export const cartPreviewAnswerSchema = z.object({
  success: z.literal(true),
  lines: z.array(previewLineSchema),
  summary: cartSummarySchema,
  capped: z.array(cappedLineSchema),
  skipped: z.array(skippedLineSchema),
});
export type CartPreviewAnswer = z.infer<typeof cartPreviewAnswerSchema>;

/** Answer of `POST /api/user/cart/merge`: the merged cart (as `GET /api/user/cart`) and what was changed. */
export const cartMergeAnswerSchema = cartAnswerSchema.extend({
  capped: z.array(cappedLineSchema),
  skipped: z.array(skippedLineSchema),
});
export type CartMergeAnswer = z.infer<typeof cartMergeAnswerSchema>;
