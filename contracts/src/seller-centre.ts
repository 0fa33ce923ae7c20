import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import { isSelfDelivery } from './couriers.ts';
import { DASHBOARD_DAYS, type DashboardDays } from './dashboard-days.ts';
import { dispatchDaysSchema } from './delivery.ts';
import { shoppingId } from './shopping.ts';
import { textField } from './text.ts';

/** The seller centre (issue 23): dashboard, low stock, catalogue CSV, bulk shipping, labels. Money in rupees. */

/** `GET /api/seller/dashboard?days=7|30|90` (30 when absent). */
export const dashboardQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' })
    .optional()
    .transform((d) => Number(d ?? 30) as DashboardDays),
});

/** An item waiting for Confirm Shipment, with what the buyer pays and, for COD, the cash to collect. */
export const itemToShipSchema = z.object({
  itemId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  paymentMethod: z.string(),
  /** What the buyer paid or pays for this item, GST included. */
  buyerPays: z.number(),
  /** Cash the courier collects for this item (0 unless Cash On Delivery not yet collected). */
  codToCollect: z.number(),
  date: isoDateSchema,
});
export type ItemToShip = z.infer<typeof itemToShipSchema>;

export const sellerDashboardSchema = z.object({
  success: z.literal(true),
  days: z.number(),
  /** Money received in the period, GST included: card orders paid, and COD cash collected. */
  revenue: z.object({ paid: z.number(), collected: z.number(), total: z.number() }),
  /** Everything ordered in the period and not cancelled (COD still due included), GST included. */
  sales: z.number(),
  orders: z.number(),
  units: z.number(),
  /** Units returned (received back) per unit sold, as a percentage with one decimal. */
  returnsRate: z.number(),
  averageOrderValue: z.number(),
  /** One point per day (India time), oldest first, zeros included. */
  series: z.array(z.object({ day: z.string(), sales: z.number(), orders: z.number() })),
  topProducts: z.array(
    z.object({ productId: z.string(), productName: z.string(), units: z.number(), sales: z.number() }),
  ),
  toShip: z.object({ count: z.number(), items: z.array(itemToShipSchema) }),
  lowStock: z.object({ threshold: z.number(), count: z.number() }),
});
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;

export const lowStockItemSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  variantId: z.string(),
  size: z.string(),
  color: z.string(),
  sku: z.string(),
  stock: z.number(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

/** `GET /api/seller/low-stock`: variants with fewer units than the threshold, fewest first. */
export const lowStockAnswerSchema = z.object({
  success: z.literal(true),
  threshold: z.number(),
  items: z.array(lowStockItemSchema),
});
export type LowStockAnswer = z.infer<typeof lowStockAnswerSchema>;

export const LOW_STOCK_THRESHOLD_MAX = 1000;

/** The latest hour (IST) a seller's cut-off can be: orders after it count from the next day. */
export const CUTOFF_HOUR_MAX = 23;

/**
 * `PUT /api/seller/settings`: any of the low-stock threshold, the handling time (`dispatchDays`,
 * working days from order to dispatch) and the cut-off hour (IST, 0–23); what is left out is kept.
 */
export const sellerSettingsSchema = z
  .object({
    lowStockThreshold: z
      .number({ error: 'lowStockThreshold must be a whole number' })
      .int('lowStockThreshold must be a whole number')
      .min(0, 'lowStockThreshold cannot be negative')
      .max(LOW_STOCK_THRESHOLD_MAX, `lowStockThreshold must be at most ${LOW_STOCK_THRESHOLD_MAX}`)
      .optional(),
    dispatchDays: dispatchDaysSchema.optional(),
    cutoffHour: z
      .int({ error: 'cutoffHour must be a whole hour from 0 to 23' })
      .min(0, 'cutoffHour must be a whole hour from 0 to 23')
      .max(CUTOFF_HOUR_MAX, 'cutoffHour must be a whole hour from 0 to 23')
      .optional(),
  })
  .refine(
    (b) => b.lowStockThreshold !== undefined || b.dispatchDays !== undefined || b.cutoffHour !== undefined,
    { message: 'Send lowStockThreshold, dispatchDays or cutoffHour', path: ['lowStockThreshold'] },
  );
export type SellerSettingsInput = z.infer<typeof sellerSettingsSchema>;
/** Answer of `GET`/`PUT /api/seller/settings`: the seller's settings as saved. */
export const sellerSettingsAnswerSchema = z.object({
  success: z.literal(true),
  lowStockThreshold: z.number(),
  dispatchDays: z.number(),
  cutoffHour: z.number(),
});
export type SellerSettingsAnswer = z.infer<typeof sellerSettingsAnswerSchema>;

/** `POST /api/seller/catalogue/import?dryRun=true|false`. */
export const catalogueImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v !== 'false'),
});
/** One problem of the file: its line (the header is line 1), its column, and what to fix. `path` repeats both. */
export const importErrorSchema = z.object({
  row: z.number(),
  field: z.string(),
  msg: z.string(),
  path: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;
/**
 * The check's or the import's answer: 200 for a dry run (even with errors) and for a done import;
 * 400 (`success: false`, `error`) for an import refused because of errors, with nothing written.
 */
export const catalogueImportAnswerSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  ok: z.boolean(),
  dryRun: z.boolean(),
  /** Data rows read (one per variant). */
  rows: z.number(),
  /** Products the rows make (written only when `ok` and not a dry run). */
  products: z.number(),
  errors: z.array(importErrorSchema),
});
export type CatalogueImportAnswer = z.infer<typeof catalogueImportAnswerSchema>;

const TRACKING_PAGES: Record<string, (awb: string) => string> = {
  delhivery: (awb) => `https://www.delhivery.com/track/package/${awb}`,
  'blue dart': (awb) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${awb}`,
  shiprocket: (awb) => `https://shiprocket.co/tracking/${awb}`,
  xpressbees: (awb) => `https://www.xpressbees.com/shipment/tracking?awbNo=${awb}`,
  ekart: (awb) => `https://ekartlogistics.com/shipmenttrack/${awb}`,
  'ecom express': (awb) => `https://ecomexpress.in/tracking/?awb_field=${awb}`,
};

/** The courier's own tracking page for an AWB, for the couriers whose address is known; else null. */
export function trackingLinkFor(courier: string | undefined | null, awb: string | undefined | null) {
  if (!courier || !awb) return null;
  const page = TRACKING_PAGES[courier.trim().toLowerCase()];
  return page ? page(encodeURIComponent(awb)) : null;
}

export const MAX_BULK_SHIP = 100;

/**
 * `POST /api/seller/orders/ship`: several items, one parcel per order. `self` (the default): one
 * courier, one AWB (or none for self-delivery); `shiprocket`: each order's parcel booked through
 * Shiprocket (no courier or AWB to give).
 */
export const bulkShipSchema = z
  .object({
    itemIds: z
      .array(shoppingId('itemId'), { error: 'itemIds must be a list of order item ids' })
      .min(1, 'Choose at least one item to ship')
      .max(MAX_BULK_SHIP, `At most ${MAX_BULK_SHIP} items at once`),
    provider: z
      .enum(['self', 'shiprocket'], { error: 'provider must be "self" or "shiprocket"' })
      .default('self'),
    courier: textField('Courier')
      .trim()
      .min(2, 'Courier must be at least 2 characters')
      .max(60, 'Courier must be at most 60 characters')
      .optional(),
    awb: textField('AWB number')
      .trim()
      .regex(/^[A-Za-z0-9-]{6,30}$/, 'AWB number must be 6 to 30 letters, digits or dashes')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.provider !== 'self') return;
    if (!b.courier) ctx.addIssue({ code: 'custom', message: 'Enter the courier', path: ['courier'] });
    else if (!b.awb && !isSelfDelivery(b.courier))
      ctx.addIssue({ code: 'custom', message: 'Enter the AWB number', path: ['awb'] });
  });
export type BulkShipInput = z.infer<typeof bulkShipSchema>;
export const bulkShipAnswerSchema = z.object({
  success: z.literal(true),
  items: z.array(z.object({ _id: z.string(), status: z.string() })),
});
export type BulkShipAnswer = z.infer<typeof bulkShipAnswerSchema>;

/** `GET /api/seller/orders/{orderId}/label.pdf?size=a4|4x6`. */
export const labelQuerySchema = z.object({
  size: z.enum(['a4', '4x6'], { error: 'size must be a4 or 4x6' }).optional().default('4x6'),
});
export type LabelSize = z.infer<typeof labelQuerySchema>['size'];
export const sellerOrderParamsSchema = z.object({ orderId: shoppingId('orderId') });
