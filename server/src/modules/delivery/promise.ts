import {
  type DeliveryCalendar,
  type Place,
  type PromiseDates,
  promiseDates,
  type Zone,
  zoneOf,
} from '@vastra/contracts';
import type { Config } from '../../config.ts';
import { findPlace, listed } from './pincodes.ts';

/** Where and how a seller ships: its pickup pincode (null until set), handling time and cut-off hour. */
export interface Origin {
  pickupPostalCode: string | null;
  dispatchDays: number;
  cutoffHour: number;
}

export type ShipmentPromise =
  | ({ serviceable: true; zone: Zone; cod: boolean } & PromiseDates)
  /** Delivered, but no date can be promised: the seller has not said where it ships from. */
  | {
      serviceable: true;
      zone: null;
      cod: boolean;
      reason: string;
      days: null;
      dispatchBy: null;
      deliverBy: null;
    }
  | { serviceable: false; reason: string; cod: false };

/** What the shopper reads when a seller has not said where it ships from yet. */
export const NO_PICKUP =
  'The seller has not added a pickup address yet, so we cannot promise a delivery date';
export const notServed = (pincode: string) => `We do not deliver to ${pincode} yet`;
/** A Cash On Delivery order to a pincode without COD: 409. */
export const noCodHere = (pincode: string) =>
  `Cash On Delivery is not available for PIN code ${pincode}: please pay online`;

/** Whether Cash On Delivery is offered at a pincode (NO_COD_PINCODES; the courier's answer later). */
export const codOffered = (pincode: string, delivery: Config['delivery']) =>
  !listed(pincode, delivery.noCodPincodes) && !listed(pincode, delivery.unserviceablePincodes);

/**
 * A courier aggregator's serviceability answer for a route (DESIGN §13: it wins when configured):
 * whether any courier serves it, the fastest one's days in transit (null: none said), and whether a
 * courier serving it collects cash.
 */
export interface CourierAnswer {
  serviceable: boolean;
  transitDays: number | null;
  cod: boolean;
}

/**
 * The promise of one seller's shipment to `to` for an order placed at `now` (none without a pickup
 * address): the zone from the
 * seller's pickup pincode, the seller's dispatch days plus the zone's transit days, Sundays and the
 * configured holidays skipped, the day starting tomorrow after the seller's cut-off hour. With a
 * courier's answer for the route, its days replace the zone's and COD needs a courier that collects.
 */
export function promiseFor(
  origin: Origin,
  to: Place,
  delivery: Config['delivery'],
  now: Date,
  courier?: CourierAnswer,
): ShipmentPromise {
  if (listed(to.pincode, delivery.unserviceablePincodes))
    return { serviceable: false, reason: notServed(to.pincode), cod: false };
  const from = origin.pickupPostalCode ? findPlace(origin.pickupPostalCode) : undefined;
  // Its orders are not refused (sellers registered through SPEC §7 give no pincode): no date is promised.
  if (!from)
    return {
      serviceable: true,
      zone: null,
      cod: codOffered(to.pincode, delivery),
      reason: NO_PICKUP,
      days: null,
      dispatchBy: null,
      deliverBy: null,
    };
  if (courier && !courier.serviceable)
    return { serviceable: false, reason: notServed(to.pincode), cod: false };
  const zone = zoneOf(from, to);
  const calendar: DeliveryCalendar = { holidays: delivery.holidays, cutoffHour: origin.cutoffHour };
  const transitDays = courier?.transitDays ?? delivery.transitDays[zone];
  return {
    serviceable: true,
    zone,
    cod: codOffered(to.pincode, delivery) && (courier?.cod ?? true),
    ...promiseDates(now, origin.dispatchDays, transitDays, calendar),
  };
}

/** A seller as its products' rows carry it: where and how it ships. */
export interface SellerOrigin {
  sellerId: string;
  sellerPickupPostalCode: string | null;
  sellerDispatchDays: number;
  sellerCutoffHour: number;
}

/**
 * The dates promised for each seller's shipment of `lines` to `postalCode` for an order at `now`, by
 * seller id: none for a seller without a pickup address, or to a PIN code unknown or not served. The
 * cart shows these and the order stores them.
 */
export function promisesBySeller(
  lines: readonly { product: SellerOrigin }[],
  postalCode: string,
  delivery: Config['delivery'],
  now: Date,
): Map<string, { dispatchBy: string; deliverBy: string }> {
  const dates = new Map<string, { dispatchBy: string; deliverBy: string }>();
  const place = postalCode ? findPlace(postalCode) : undefined;
  if (!place) return dates;
  for (const { product: p } of lines) {
    if (dates.has(p.sellerId)) continue;
    const origin = {
      pickupPostalCode: p.sellerPickupPostalCode,
      dispatchDays: p.sellerDispatchDays,
      cutoffHour: p.sellerCutoffHour,
    };
    const promise = promiseFor(origin, place, delivery, now);
    if (promise.serviceable && promise.zone !== null)
      dates.set(p.sellerId, { dispatchBy: promise.dispatchBy, deliverBy: promise.deliverBy });
  }
  return dates;
}
