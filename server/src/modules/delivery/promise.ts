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
  | { serviceable: false; reason: string; cod: false };

/** What the shopper reads when a seller has not said where it ships from yet. */
export const NO_PICKUP = 'This seller has not added a pickup address yet, so it cannot ship to you';
export const notServed = (pincode: string) => `We do not deliver to ${pincode} yet`;
/** A Cash On Delivery order to a pincode without COD: 409. */
export const noCodHere = (pincode: string) =>
  `Cash On Delivery is not available for PIN code ${pincode}: please pay online`;

/** Whether Cash On Delivery is offered at a pincode (NO_COD_PINCODES; the courier's answer later). */
export const codOffered = (pincode: string, delivery: Config['delivery']) =>
  !listed(pincode, delivery.noCodPincodes) && !listed(pincode, delivery.unserviceablePincodes);

/**
 * The promise of one seller's shipment to `to` for an order placed at `now`: the zone from the
 * seller's pickup pincode, the seller's dispatch days plus the zone's transit days, Sundays and the
 * configured holidays skipped, the day starting tomorrow after the seller's cut-off hour.
 */
export function promiseFor(
  origin: Origin,
  to: Place,
  delivery: Config['delivery'],
  now: Date,
): ShipmentPromise {
  if (listed(to.pincode, delivery.unserviceablePincodes))
    return { serviceable: false, reason: notServed(to.pincode), cod: false };
  const from = origin.pickupPostalCode ? findPlace(origin.pickupPostalCode) : undefined;
  if (!from) return { serviceable: false, reason: NO_PICKUP, cod: false };
  const zone = zoneOf(from, to);
  const calendar: DeliveryCalendar = { holidays: delivery.holidays, cutoffHour: origin.cutoffHour };
  return {
    serviceable: true,
    zone,
    cod: codOffered(to.pincode, delivery),
    ...promiseDates(now, origin.dispatchDays, delivery.transitDays[zone], calendar),
  };
}
