import { z } from 'zod';
import { mobileSchema } from './accounts.ts';
import { isSelfDelivery } from './couriers.ts';
import {
  COURIER_PROVIDERS,
  NDR_ACTIONS,
  NDR_STATES,
  SHIPMENT_EVENTS,
  SHIPMENT_STATUSES,
} from './shipment-rules.ts';
import { shoppingId } from './shopping.ts';
import { textField } from './text.ts';

/**
 * Shipments booked through a courier provider, their tracking timeline, failed deliveries (NDR)
 * and returns to origin (issue 38): request schemas and answers. Rules are in shipment-rules.ts.
 */

export const shipmentParamsSchema = z.object({ id: shoppingId('shipment id') });

const courierField = textField('Courier')
  .trim()
  .min(2, 'Courier must be at least 2 characters')
  .max(60, 'Courier must be at most 60 characters');
const awbField = textField('AWB number')
  .trim()
  .regex(/^[A-Za-z0-9-]{6,30}$/, 'AWB number must be 6 to 30 letters, digits or dashes');

const cm = (label: string) =>
  z
    .number({ error: `${label} must be a number of centimetres` })
    .int(`${label} must be a whole number of centimetres`)
    .min(1, `${label} must be at least 1 cm`)
    .max(150, `${label} must be at most 150 cm`);

/**
 * `POST /api/seller/orders/{orderId}/shipments`: some of the seller's pending items of one order,
 * shipped together. `self`: the seller's courier and AWB (none for self-delivery); `shiprocket`:
 * booked through Shiprocket, which assigns the courier (or the one asked for) and the AWB. Weight
 * and size default to the pieces' (shipment-rules.ts `parcelOf`).
 */
export const createShipmentSchema = z
  .object({
    itemIds: z
      .array(shoppingId('itemId'), { error: 'itemIds must be a list of order item ids' })
      .min(1, 'Choose at least one item to ship')
      .max(100, 'At most 100 items in one shipment'),
    provider: z.enum(COURIER_PROVIDERS, { error: 'provider must be "self" or "shiprocket"' }).default('self'),
    courier: courierField.optional(),
    awb: awbField.optional(),
    /** Shiprocket: the courier chosen from `GET …/couriers`; else Shiprocket's own choice. */
    courierId: z
      .number({ error: 'courierId must be a courier id from the rates' })
      .int('courierId must be a courier id from the rates')
      .positive('courierId must be a courier id from the rates')
      .optional(),
    weightGrams: z
      .number({ error: 'weightGrams must be a number of grams' })
      .int('weightGrams must be a whole number of grams')
      .min(10, 'weightGrams must be at least 10 g')
      .max(50_000, 'weightGrams must be at most 50 kg')
      .optional(),
    dims: z
      .object(
        { length: cm('Length'), breadth: cm('Breadth'), height: cm('Height') },
        {
          error: 'dims must be { length, breadth, height } in centimetres',
        },
      )
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.provider !== 'self') return;
    if (!b.courier) ctx.addIssue({ code: 'custom', message: 'Enter the courier', path: ['courier'] });
    else if (!b.awb && !isSelfDelivery(b.courier))
      ctx.addIssue({ code: 'custom', message: 'Enter the AWB number', path: ['awb'] });
  });
export type CreateShipmentInput = z.input<typeof createShipmentSchema>;

const isoMoment = z.iso.datetime({
  offset: true,
  error: 'at must be a date and time like 2026-11-28T10:30:00+05:30',
});

/** `POST /api/seller/shipments/{id}/events`: a self-shipping seller's tracking update. */
export const shipmentEventSchema = z.object({
  status: z.enum(SHIPMENT_EVENTS, { error: `status must be one of ${SHIPMENT_EVENTS.join(', ')}` }),
  at: isoMoment.optional(),
  note: textField('note').trim().max(200, 'note must be at most 200 characters').optional(),
});
export type ShipmentEventInput = z.input<typeof shipmentEventSchema>;

/** `POST /api/user/shipments/{id}/ndr`: the shopper's answer to a failed delivery. */
export const ndrAnswerSchema = z
  .object({
    action: z.enum(NDR_ACTIONS, { error: 'action must be "reattempt" or "cancel"' }),
    date: z
      .string({ error: 'date must be YYYY-MM-DD' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
      .optional(),
    phone: mobileSchema.optional(),
    landmark: textField('landmark')
      .trim()
      .min(3, 'landmark must be at least 3 characters')
      .max(120, 'landmark must be at most 120 characters')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'reattempt' && !b.date)
      ctx.addIssue({ code: 'custom', message: 'Choose a date for the next attempt', path: ['date'] });
  });
export type NdrAnswerInput = z.input<typeof ndrAnswerSchema>;

export const shipmentEventAnswerSchema = z.object({
  status: z.enum(SHIPMENT_EVENTS),
  at: z.string(),
  note: z.string().nullable(),
  /** Where it came from: the courier's webhook, the seller, the shopper, or the shop itself. */
  source: z.string(),
});

/** One shipment as its seller and its shopper see it: the parcel, its timeline, its NDR. */
export const shipmentAnswerSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  sellerId: z.string(),
  provider: z.enum(COURIER_PROVIDERS),
  courier: z.string().nullable(),
  awb: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  weightGrams: z.int(),
  dims: z.object({ length: z.int(), breadth: z.int(), height: z.int() }),
  itemIds: z.array(z.string()),
  cod: z.boolean(),
  /** A label to print: Shiprocket's, or the shop's own for a self-shipped parcel. */
  labelUrl: z.string(),
  pickupRequestedAt: z.string().nullable(),
  failedAttempts: z.int(),
  maxAttempts: z.int(),
  /** After a failed attempt: `open` until the shopper answers; their choice and details then. */
  ndr: z
    .object({
      state: z.enum(NDR_STATES),
      reason: z.string().nullable(),
      date: z.string().nullable(),
      phone: z.string().nullable(),
      landmark: z.string().nullable(),
      /** The re-attempt dates the shopper may choose from now. */
      dates: z.array(z.string()),
    })
    .nullable(),
  rtoReceivedAt: z.string().nullable(),
  events: z.array(shipmentEventAnswerSchema),
  createdAt: z.string(),
});
export type ShipmentAnswer = z.infer<typeof shipmentAnswerSchema>;

export const oneShipmentAnswerSchema = z.object({ success: z.literal(true), shipment: shipmentAnswerSchema });
export type OneShipmentAnswer = z.infer<typeof oneShipmentAnswerSchema>;
export const shipmentListAnswerSchema = z.object({
  success: z.literal(true),
  shipments: z.array(shipmentAnswerSchema),
});
export type ShipmentListAnswer = z.infer<typeof shipmentListAnswerSchema>;

/** `GET /api/seller/ndr`: the seller's failed deliveries, with whom to call and where. */
export const ndrQueueAnswerSchema = z.object({
  success: z.literal(true),
  shipments: z.array(
    shipmentAnswerSchema.extend({
      customerName: z.string().nullable(),
      customerMobile: z.string().nullable(),
      city: z.string(),
      postalCode: z.string(),
    }),
  ),
});
export type NdrQueueAnswer = z.infer<typeof ndrQueueAnswerSchema>;

/** `GET /api/seller/orders/{orderId}/couriers`: Shiprocket's couriers for the parcel, with rates. */
export const courierRatesAnswerSchema = z.object({
  success: z.literal(true),
  /** False when Shiprocket is not configured: only self-ship then. */
  available: z.boolean(),
  couriers: z.array(
    z.object({
      courierId: z.int(),
      name: z.string(),
      /** Rupees, as Shiprocket quotes it. */
      rate: z.number(),
      etdDays: z.int().nullable(),
      cod: z.boolean(),
    }),
  ),
});
export type CourierRatesAnswer = z.infer<typeof courierRatesAnswerSchema>;

/** `GET /api/admin/rto-rates?by=shopper|seller|pincode`: who and where parcels come back from. */
export const rtoRatesQuerySchema = z.object({
  by: z
    .enum(['shopper', 'seller', 'pincode'], { error: 'by must be shopper, seller or pincode' })
    .default('shopper'),
});
export const rtoRatesAnswerSchema = z.object({
  success: z.literal(true),
  by: z.enum(['shopper', 'seller', 'pincode']),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      shipments: z.int(),
      rto: z.int(),
      /** Percent of its shipments that went back, one decimal. */
      rate: z.number(),
      /** Shoppers only: whether their COD is held back now, and since when an admin lifted it. */
      codHeld: z.boolean().optional(),
      codLiftedAt: z.string().nullable().optional(),
    }),
  ),
});
export type RtoRatesAnswer = z.infer<typeof rtoRatesAnswerSchema>;
