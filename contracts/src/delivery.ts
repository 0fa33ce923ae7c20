import { z } from 'zod';
import { addressSchema, citySchema, mobileSchema, postalCodeSchema } from './accounts.ts';
import { SHIPPING_FEES_TO } from './delivery-rules.ts';
import { indianStateSchema } from './state-schema.ts';

/** The delivery promise's and shipping charges' API shapes; the rules are in delivery-rules.ts. */
export * from './delivery-rules.ts';

// ---- API shapes ------------------------------------------------------------------------------------

const rupeesSetting = (name: string) =>
  z
    .number({ error: `${name} must be an amount in rupees` })
    .min(0, `${name} cannot be negative`)
    .max(100_000, `${name} can be at most Rs. 1,00,000`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: `${name} can have at most two decimals (paise)`,
    });

/** `PUT /api/admin/settings/shipping`: rupees; the fields left out keep their value. */
export const shippingSettingsInputSchema = z
  .object({
    freeAbove: rupeesSetting('freeAbove'),
    fee: rupeesSetting('fee'),
    codFee: rupeesSetting('codFee'),
    feesTo: z.enum(SHIPPING_FEES_TO, { error: 'feesTo must be "seller" or "platform"' }),
  })
  .partial()
  .strict();
export type ShippingSettingsInput = z.input<typeof shippingSettingsInputSchema>;

/** Answer of `GET`/`PUT /api/admin/settings/shipping` (rupees). */
export const shippingSettingsAnswerSchema = z.object({
  success: z.literal(true),
  freeAbove: z.number(),
  fee: z.number(),
  codFee: z.number(),
  feesTo: z.enum(SHIPPING_FEES_TO),
});
export type ShippingSettingsAnswer = z.infer<typeof shippingSettingsAnswerSchema>;

/** `GET /api/delivery/promise?variantId=…&pincode=…` (or `productId=` for a one-size product). */
export const promiseQuerySchema = z
  .object({
    pincode: postalCodeSchema,
    variantId: z.uuid({ error: 'variantId must be a size id' }).optional(),
    productId: z.uuid({ error: 'productId must be a product id' }).optional(),
  })
  .refine((q) => q.variantId !== undefined || q.productId !== undefined, {
    message: 'Send variantId (or productId for a one-size product)',
    path: ['variantId'],
  });
export type PromiseQuery = z.output<typeof promiseQuerySchema>;

/** Answer of `GET /api/delivery/promise`. `days`/`deliverBy` are null when not serviceable. */
export const promiseAnswerSchema = z.object({
  success: z.literal(true),
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  serviceable: z.boolean(),
  /** Why it is not serviceable, for the shopper (absent when it is). */
  reason: z.string().optional(),
  cod: z.boolean(),
  days: z.number().nullable(),
  deliverBy: z.string().nullable(),
  /** Rupees: the fee of a shipment of this piece alone from its seller (0 when it ships free). */
  shippingFee: z.number(),
  /** Rupees: a shipment of the seller's worth this much or more ships free (null: always free). */
  freeAbove: z.number().nullable(),
});
export type PromiseAnswer = z.infer<typeof promiseAnswerSchema>;

/** `PUT /api/seller/pickup-address`: where the seller's shipments are collected from. */
export const pickupAddressSchema = z.object({
  line1: addressSchema,
  city: citySchema,
  state: indianStateSchema,
  postalCode: postalCodeSchema,
  phone: mobileSchema,
});
export type PickupAddressInput = z.input<typeof pickupAddressSchema>;
export type PickupAddress = z.output<typeof pickupAddressSchema>;

/** Answer of `GET`/`PUT /api/seller/pickup-address` (`pickupAddress` null until one is set). */
export const pickupAddressAnswerSchema = z.object({
  success: z.literal(true),
  pickupAddress: z
    .object({
      line1: z.string(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
      phone: z.string(),
    })
    .nullable(),
  dispatchDays: z.number(),
});
export type PickupAddressAnswer = z.infer<typeof pickupAddressAnswerSchema>;

/** A seller's handling time, working days from order to dispatch. */
export const DEFAULT_DISPATCH_DAYS = 2;
export const dispatchDaysSchema = z
  .int({ error: 'dispatchDays must be a whole number of days' })
  .min(0, 'dispatchDays cannot be negative')
  .max(15, 'dispatchDays can be at most 15');

/** One seller's shipment of a cart or order as the screens show it. */
export const shipmentPromiseSchema = z.object({
  sellerId: z.string(),
  companyName: z.string(),
  /** `YYYY-MM-DD`; null when the address is not known yet or not served. */
  deliverBy: z.string().nullable(),
  /** Rupees: this shipment's shipping fee as set, like the promise's (GST added in flat18 mode, included in india mode). */
  shippingFee: z.number(),
});
export type ShipmentPromise = z.infer<typeof shipmentPromiseSchema>;
