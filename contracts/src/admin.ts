import { z } from 'zod';
import { sellerProfileSchema, userProfileSchema } from './accounts.ts';
import { isoDateSchema } from './answers.ts';
import { productSchema } from './catalog.ts';
import { pagingFields } from './search.ts';
import { orderItemStatusSchema, paymentStatusSchema } from './shopping.ts';
import { PRODUCT_STATUSES, SELLER_STATUSES, USER_STATUSES } from './statuses.ts';
import { textField } from './text.ts';

const blank = (v: unknown) => (v === '' ? undefined : v);

/** `?q=&page=&limit=` of every admin list; `q` matches names, e-mails and the like (case-insensitive). */
export const adminListQuerySchema = z.object({
  q: z.preprocess(
    blank,
    textField('Search text').trim().max(100, 'Search text must be at most 100 characters').optional(),
  ),
  ...pagingFields,
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** One page of an admin list (the answer also sends `X-Total-Count`). */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** The answer schema of one page of an admin list of `item`. */
export const adminPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int(), page: z.int(), limit: z.int() });

export const adminSellerSchema = sellerProfileSchema.extend({
  /** Products of this seller that are not removed. */
  productCount: z.int(),
});
export type AdminSeller = z.infer<typeof adminSellerSchema>;

/** A shopper in the admin's list: `status` says whether an admin suspended them. */
export const adminUserSchema = userProfileSchema.extend({
  orderCount: z.int(),
  status: z.enum(USER_STATUSES),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Every product, removed ones included, with the states that decide whether the shop shows it. */
export const adminProductSchema = productSchema.extend({
  status: z.enum(PRODUCT_STATUSES),
  sellerStatus: z.enum(SELLER_STATUSES),
  /** Why an admin hid it (status `hidden`). */
  hiddenReason: z.string().nullable(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminOrderItemSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  sellerId: z.string(),
  companyName: z.string(),
  quantity: z.int(),
  /** Rupees. */
  amount: z.number(),
  status: orderItemStatusSchema,
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

export const adminOrderSchema = z.object({
  _id: z.string(),
  date: isoDateSchema,
  /** Null once the customer deleted their account. */
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  paymentMethod: z.enum(['stripe', 'cod']),
  paymentStatus: paymentStatusSchema,
  /** Rupees, GST included. */
  total: z.number(),
  totalPaise: z.int(),
  city: z.string(),
  state: z.string(),
  items: z.array(adminOrderItemSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  date: isoDateSchema,
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/**
 * `GET /api/admin/stats`. `products` counts active (not removed) products; `orders` counts orders
 * that were placed (paid, cash on delivery, or refunded later), not abandoned card checkouts.
 * Revenue is the amount (GST excluded) of order items of the last 30 days that are not cancelled,
 * in orders that are paid or cash on delivery.
 */
export const adminStatsSchema = z.object({
  sellers: z.int(),
  suspendedSellers: z.int(),
  users: z.int(),
  products: z.int(),
  orders: z.int(),
  revenue30dPaise: z.int(),
  /** The same in rupees. */
  revenue30d: z.number(),
  /**
   * The chosen window (`?days=7|30|90`, default 30), rupees: money received, commission kept, and
   * what the platform paid the sellers for the coupons it funds (less what returns took back), and
   * the shipping and COD fees that are the platform's revenue (setting feesTo 'platform': their
   * taxable value, less what refunds gave back; 0 when the fees are the sellers').
   */
  period: z.object({
    days: z.int(),
    revenue: z.number(),
    commission: z.number(),
    platformDiscount: z.number(),
    platformFees: z.number(),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** Answer of `POST /api/admin/sellers/:id/suspend` and `/reinstate`. */
export const sellerModerationAnswerSchema = z.object({
  success: z.literal(true),
  seller: sellerProfileSchema,
});
export type SellerModerationAnswer = z.infer<typeof sellerModerationAnswerSchema>;

/** Answer of `DELETE /api/admin/products/:id`. */
export const productRemovalAnswerSchema = z.object({
  success: z.literal(true),
  productId: z.string(),
  status: z.literal('removed'),
});
export type ProductRemovalAnswer = z.infer<typeof productRemovalAnswerSchema>;

/** The old dashboard's `getAllSellers` and `getAllUsers` (SPEC §7: an array; only its length is used). */
export const sellerProfileListAllSchema = z.array(sellerProfileSchema);
export const userProfileListAllSchema = z.array(userProfileSchema);
