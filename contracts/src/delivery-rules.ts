/**
 * The delivery promise and shipping charges (docs/decisions/024-delivery-promise.md), without zod
 * (the web's `@vastra/contracts/constants` and the tax rule import it): which zone a
 * shipment travels, the day it is dispatched and delivered, and what the shopper pays for it. Pure
 * rules: the server reads the pincode directory, the sellers' pickup addresses and the admin's
 * settings, and calls these; the web shows what the server answered.
 */

/** Where a pincode is (the server's pincode directory, from India Post's). */
export interface Place {
  pincode: string;
  district: string;
  /** Its state as the GST portal names it; a few border pincodes serve two (`states`). */
  state: string;
  states: readonly string[];
  metro: boolean;
}

export const ZONES = ['same_city', 'same_state', 'metro', 'rest_of_india', 'special'] as const;
export type Zone = (typeof ZONES)[number];

/**
 * The north-east, Jammu and Kashmir, Ladakh and the islands: the courier rate cards' special zone,
 * longest in transit whichever end it is.
 */
export const SPECIAL_ZONE_STATES: ReadonlySet<string> = new Set([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

/** The zone of a shipment from `from` to `to`: same city, then same state, then special, metro, rest. */
export function zoneOf(from: Place, to: Place): Zone {
  if (from.state === to.state && from.district === to.district) return 'same_city';
  if (from.state === to.state) return 'same_state';
  if (SPECIAL_ZONE_STATES.has(from.state) || SPECIAL_ZONE_STATES.has(to.state)) return 'special';
  if (from.metro && to.metro) return 'metro';
  return 'rest_of_india';
}

/** Transit days by zone when no configuration says otherwise (working days, after dispatch). */
export const DEFAULT_TRANSIT_DAYS: Readonly<Record<Zone, number>> = {
  same_city: 1,
  same_state: 2,
  metro: 3,
  rest_of_india: 5,
  special: 7,
};

export interface DeliveryCalendar {
  /** Days no one dispatches or delivers besides Sundays, as `YYYY-MM-DD` (India's dates). */
  holidays: ReadonlySet<string>;
  /** The hour (IST, 0–23) after which an order's day starts tomorrow. */
  cutoffHour: number;
}

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** India's calendar day of a moment, as `YYYY-MM-DD`. */
export const istDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
const isWorkingDay = (day: string, calendar: DeliveryCalendar) =>
  !isSunday(day) && !calendar.holidays.has(day);

/** `days` working days after `day` (Sundays and holidays skipped). */
function addWorkingDays(day: string, days: number, calendar: DeliveryCalendar) {
  let at = day;
  for (let left = days; left > 0; ) {
    at = nextDay(at);
    if (isWorkingDay(at, calendar)) left--;
  }
  return at;
}

/**
 * The day an order placed at `now` starts being worked on: today in India before the cut-off hour,
 * else tomorrow; a Sunday or holiday moves it to the next working day.
 */
export function startDay(now: Date, calendar: DeliveryCalendar) {
  const istHour = new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();
  let day = istDay(now);
  if (istHour >= calendar.cutoffHour) day = nextDay(day);
  while (!isWorkingDay(day, calendar)) day = nextDay(day);
  return day;
}

export interface PromiseDates {
  /** Working days from the start day to delivery: the seller's dispatch days plus the zone's transit. */
  days: number;
  /** The day the seller ships by, `YYYY-MM-DD`. */
  dispatchBy: string;
  /** The day the shipment arrives by, `YYYY-MM-DD`. */
  deliverBy: string;
}

/** When a shipment dispatched within `dispatchDays` and `transitDays` in transit arrives, for an order at `now`. */
export function promiseDates(
  now: Date,
  dispatchDays: number,
  transitDays: number,
  calendar: DeliveryCalendar,
): PromiseDates {
  const start = startDay(now, calendar);
  const dispatchBy = addWorkingDays(start, dispatchDays, calendar);
  return {
    days: dispatchDays + transitDays,
    dispatchBy,
    deliverBy: addWorkingDays(dispatchBy, transitDays, calendar),
  };
}

// ---- Shipping charges ----------------------------------------------------------------------------

/** Who keeps the shipping and COD fees the shopper pays: the seller who ships, or the platform. */
export const SHIPPING_FEES_TO = ['seller', 'platform'] as const;
export type ShippingFeesTo = (typeof SHIPPING_FEES_TO)[number];

/** The admin's shipping settings, in paise. All zero: free shipping and no COD fee (SPEC §9). */
export interface ShippingSettings {
  /** A seller's shipment worth this much or more ships free; below it pays `feePaise`. */
  freeAbovePaise: number;
  feePaise: number;
  /** Added once to a Cash On Delivery order. */
  codFeePaise: number;
  feesTo: ShippingFeesTo;
}

export const FREE_SHIPPING: ShippingSettings = {
  freeAbovePaise: 0,
  feePaise: 0,
  codFeePaise: 0,
  feesTo: 'seller',
};

/** One seller's shipment of an order: its goods as the shopper pays for them, and their top GST rate. */
export interface ShipmentGoods {
  sellerId: string;
  /** The shipment's items at the prices shown (after any coupon), in paise. */
  valuePaise: number;
  /** The highest GST rate of its items: the rate its charges are taxed at (composite supply). */
  ratePercent: number;
}

/** A fee the shopper pays on top of the goods, belonging to one seller's shipment. */
export interface Charge {
  kind: 'shipping' | 'cod';
  sellerId: string;
  /** The fee as set (in `india` mode it includes its GST, like prices; in `flat18` GST is added). */
  feePaise: number;
  ratePercent: number;
}

/** The shipping fee of one seller's shipment worth `valuePaise` (0 at or above the free threshold). */
export const shipmentFee = (valuePaise: number, settings: ShippingSettings) =>
  valuePaise < settings.freeAbovePaise ? settings.feePaise : 0;

/**
 * The charges of an order: a shipping fee per seller's shipment below the free threshold, and the COD
 * fee once, on the first shipment (by seller id). Shipments in any order; charges by seller id.
 */
export function chargesFor(
  shipments: readonly ShipmentGoods[],
  settings: ShippingSettings,
  method: 'cod' | 'stripe',
): Charge[] {
  const sorted = [...shipments].sort((a, b) =>
    a.sellerId < b.sellerId ? -1 : a.sellerId > b.sellerId ? 1 : 0,
  );
  const charges: Charge[] = [];
  for (const s of sorted) {
    const fee = shipmentFee(s.valuePaise, settings);
    if (fee > 0)
      charges.push({ kind: 'shipping', sellerId: s.sellerId, feePaise: fee, ratePercent: s.ratePercent });
  }
  const first = sorted[0];
  if (method === 'cod' && first && settings.codFeePaise > 0)
    charges.push({
      kind: 'cod',
      sellerId: first.sellerId,
      feePaise: settings.codFeePaise,
      ratePercent: first.ratePercent,
    });
  return charges;
}

/**
 * The shipments of taxed lines, grouped by seller: value = price × quantity less discount, rate =
 * the highest of its lines.
 */
export function shipmentsOf(
  lines: readonly { sellerId: string; amountPaise: number; discountPaise: number; ratePercent: number }[],
): ShipmentGoods[] {
  const bySeller = new Map<string, ShipmentGoods>();
  for (const l of lines) {
    const s = bySeller.get(l.sellerId) ?? { sellerId: l.sellerId, valuePaise: 0, ratePercent: 0 };
    s.valuePaise += l.amountPaise - l.discountPaise;
    s.ratePercent = Math.max(s.ratePercent, l.ratePercent);
    bySeller.set(l.sellerId, s);
  }
  return [...bySeller.values()];
}
