import { z } from 'zod';
import { adminListQuerySchema } from './admin.ts';
import {
  couponInputSchema,
  couponSchema,
  saleEventInputSchema,
  saleEventPatchSchema,
  saleEventSchema,
  sellerSalePriceSchema,
} from './offers.ts';

/**
 * The admin's and the seller's offers screens (issue 36): the answers of the sale event, sale price
 * and coupon routes that the rules file (offers.ts) does not already describe.
 */

/**
 * Times an offer may be given: years 2000 to 9999. The database takes no year 0, and reads years
 * before 1000 back wrongly (0001 comes back as 2001), so such a time is refused with its field named.
 */
const TIME_MIN = Date.UTC(2000, 0, 1);
const TIME_MAX = Date.UTC(10_000, 0, 1);
const TIME_FIELDS = ['startsAt', 'endsAt', 'earlyAccessAt'] as const;
type Times = Partial<Record<(typeof TIME_FIELDS)[number], Date | null | undefined>>;

function refuseOddYears<T extends Times>(value: T, ctx: z.core.$RefinementCtx<T>) {
  for (const field of TIME_FIELDS) {
    // Checks run even when a field already failed (a string that is no time): read only Dates.
    const v: unknown = value[field];
    const t = v instanceof Date ? v.getTime() : undefined;
    if (t !== undefined && !(t >= TIME_MIN && t < TIME_MAX))
      ctx.addIssue({ code: 'custom', message: `${field} must be in the years 2000 to 9999`, path: [field] });
  }
}

/** `POST /api/admin/sale-events`: `saleEventInputSchema`, in the years the database keeps. */
export const newSaleEventSchema = saleEventInputSchema.superRefine(refuseOddYears);

/** `PATCH /api/admin/sale-events/{id}`: `saleEventPatchSchema`, in the years the database keeps. */
export const saleEventChangeSchema = saleEventPatchSchema.superRefine(refuseOddYears);

/** The most a flat coupon may take off, in rupees: the highest price a size may have. */
export const COUPON_FLAT_MAX_RUPEES = 1_000_000;
/** The most uses a coupon's limits may name (the columns are 32-bit integers). */
export const COUPON_LIMIT_MAX = 1_000_000_000;

/**
 * `POST /api/admin/coupons` and `POST /api/seller/coupons`: `couponInputSchema` with the bounds the
 * database's columns need, so an absurd number is a 400 naming its field, never a failed write.
 */
export const newCouponSchema = couponInputSchema
  .refine((c) => c.kind !== 'flat' || c.value <= COUPON_FLAT_MAX_RUPEES, {
    message: 'value must be at most Rs. 10,00,000',
    path: ['value'],
  })
  .refine((c) => c.usageLimit == null || c.usageLimit <= COUPON_LIMIT_MAX, {
    message: 'usageLimit is too large',
    path: ['usageLimit'],
  })
  .refine((c) => c.perUserLimit == null || c.perUserLimit <= COUPON_LIMIT_MAX, {
    message: 'perUserLimit is too large',
    path: ['perUserLimit'],
  })
  .superRefine(refuseOddYears);

/** `GET /api/admin/sale-events` and `GET /api/seller/sale-events`. */
export const saleEventListSchema = z.array(saleEventSchema);

/** `PUT` and `GET /api/seller/sale-events/{id}/prices`'s rows: the seller's sale prices in one event. */
export const sellerSalePriceListSchema = z.array(sellerSalePriceSchema);

/** One of the seller's sizes in the sale price grid: its price, MRP, stock and sale price if set. */
export const sellerSaleGridRowSchema = sellerSalePriceSchema.extend({
  /** Rupees; null when the size has no sale price in this event. */
  salePrice: z.number().nullable(),
  stock: z.int(),
  image: z.string(),
});
export type SellerSaleGridRow = z.infer<typeof sellerSaleGridRowSchema>;

/**
 * `GET /api/seller/sale-events/{id}/prices`: every size of the seller's products (not removed) with
 * its sale price in the event, priced ones first; at most `SALE_GRID_MAX` rows (`total` counts them
 * all). `minDiscountPercent` is the server's rule, for the form to check before saving.
 */
export const sellerSaleGridSchema = z.object({
  event: saleEventSchema,
  items: z.array(sellerSaleGridRowSchema),
  total: z.int(),
  minDiscountPercent: z.int(),
});
export type SellerSaleGrid = z.infer<typeof sellerSaleGridSchema>;

/** The most rows the grid answers: as many as one `PUT` of prices may send. */
export const SALE_GRID_MAX = 2000;

/** `?q=&page=&limit=` of the coupon lists: `q` matches the code. */
export const couponListQuerySchema = adminListQuerySchema;

/** One page of coupons, newest first (the answer also sends `X-Total-Count`). */
export const couponPageSchema = z.object({
  items: z.array(couponSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});
export type CouponPage = z.infer<typeof couponPageSchema>;
