/**
 * Shipments, tracking, failed deliveries (NDR) and return to origin (RTO), without zod
 * (docs/decisions/025-couriers-and-rto.md): which tracking event a shipment accepts in which state,
 * what an event does to its items, the parcel's default weight and size, the re-attempt dates a
 * shopper may choose, and when a shopper's Cash On Delivery is held back. Pure rules: the server
 * calls them for the courier's webhook and the seller's own updates alike; the web shows them.
 */
import { istDay } from './delivery-rules.ts';

/** Who carries a shipment: the seller's own courier (AWB typed in), or Shiprocket's API. */
export const COURIER_PROVIDERS = ['self', 'shiprocket'] as const;
export type CourierProvider = (typeof COURIER_PROVIDERS)[number];

/** What a courier (or a self-shipping seller) reports of a parcel, in the order it usually happens. */
export const SHIPMENT_EVENTS = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'rto_initiated',
  'rto_delivered',
] as const;
export type ShipmentEvent = (typeof SHIPMENT_EVENTS)[number];

/** A shipment's state: booked (label made, waiting for the courier), then its latest event. */
export const SHIPMENT_STATUSES = ['booked', ...SHIPMENT_EVENTS] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** What the shopper chose after a failed attempt; `open` while nobody has. */
export const NDR_STATES = ['open', 'reattempt', 'cancel'] as const;
export type NdrState = (typeof NDR_STATES)[number];
export const NDR_ACTIONS = ['reattempt', 'cancel'] as const;
export type NdrAction = (typeof NDR_ACTIONS)[number];

/** The parcel left the seller for good or came back: no tracking event changes it any more. */
export const isFinalShipment = (status: ShipmentStatus) =>
  status === 'delivered' || status === 'rto_delivered';

/** On its way back to the seller: only its arrival there is news. */
export const isReturning = (status: ShipmentStatus) => status === 'rto_initiated';

/**
 * Whether a shipment in `status` takes `event`. A delivered or returned parcel takes nothing; one on
 * its way back takes only its arrival (`rto_delivered`); a parcel on the way out takes any forward
 * event (couriers skip scans), a failed attempt, or the start of its return. The same event twice
 * is a new scan (another "in transit", another failed attempt), except a second delivery or return.
 */
export function acceptsEvent(status: ShipmentStatus, event: ShipmentEvent): boolean {
  if (isFinalShipment(status)) return false;
  if (isReturning(status)) return event === 'rto_delivered';
  return true;
}

/** What an accepted event does beyond the timeline. */
export type EventEffect =
  /** Only a line on the timeline (and the shipment's status). */
  | 'timeline'
  /** Its items are delivered: the ledger's sale, COD cash collected, the return window opens. */
  | 'deliver'
  /** A failed attempt: counted; the shopper is asked, or the parcel goes back after the last one. */
  | 'failed_attempt'
  /** The parcel turns back: its items are `rto`. */
  | 'rto'
  /** Back at the seller: stock back, money back (prepaid), the seller charged the RTO fee. */
  | 'rto_received';

export const effectOf = (event: ShipmentEvent): EventEffect =>
  event === 'delivered'
    ? 'deliver'
    : event === 'delivery_failed'
      ? 'failed_attempt'
      : event === 'rto_initiated'
        ? 'rto'
        : event === 'rto_delivered'
          ? 'rto_received'
          : 'timeline';

/** Attempts before a parcel goes back when nobody asks for another (NDR_MAX_ATTEMPTS's default). */
export const DEFAULT_NDR_MAX_ATTEMPTS = 3;
/** A re-attempt may be asked for tomorrow up to this many days ahead (India's dates). */
export const NDR_REATTEMPT_DAYS = 3;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The days a shopper may ask for a re-attempt on, from `now`: tomorrow to three days ahead (IST). */
export function reattemptDays(now: Date = new Date()): string[] {
  const today = istDay(now);
  return Array.from({ length: NDR_REATTEMPT_DAYS }, (_, i) => addDays(today, i + 1));
}

/** Why a chosen re-attempt date cannot be, or null when it can. */
export function reattemptDateProblem(day: string, now: Date = new Date()): string | null {
  const days = reattemptDays(now);
  if (!days.includes(day))
    return `Choose a date from ${days[0]} to ${days[days.length - 1]} for the next delivery attempt`;
  return null;
}

/** The parcel's weight and size when the seller gives none: by the kind of clothing it holds. */
export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

const PARCEL_BY_KIND: readonly [RegExp, Parcel][] = [
  [/saree|sari|lehenga|gown/i, { weightGrams: 800, lengthCm: 35, breadthCm: 28, heightCm: 8 }],
  [
    /jacket|coat|sweater|hoodie|blazer|sweatshirt/i,
    { weightGrams: 900, lengthCm: 38, breadthCm: 30, heightCm: 10 },
  ],
  [/jean|trouser|pant|jogger|chino|cargo/i, { weightGrams: 600, lengthCm: 32, breadthCm: 26, heightCm: 6 }],
  [
    /kurta|kurti|dress|shirt|top|suit|ethnic/i,
    { weightGrams: 400, lengthCm: 30, breadthCm: 24, heightCm: 5 },
  ],
  [
    /t-?shirt|tee|shorts|innerwear|sock|brief|legging|dupatta/i,
    { weightGrams: 250, lengthCm: 25, breadthCm: 20, heightCm: 4 },
  ],
];
export const DEFAULT_PARCEL: Parcel = { weightGrams: 500, lengthCm: 30, breadthCm: 25, heightCm: 6 };

/** One piece's parcel, by its sub-category's name (then the category's). */
export function parcelFor(subCategory: string, category = ''): Parcel {
  for (const name of [subCategory, category]) {
    const hit = PARCEL_BY_KIND.find(([re]) => re.test(name));
    if (hit) return hit[1];
  }
  return DEFAULT_PARCEL;
}

/**
 * The parcel of several pieces: their weights add up, the box is the largest piece's with the
 * pieces stacked (height adds up), never more than the courier's 100 cm on a side.
 */
export function parcelOf(
  pieces: readonly { subCategory: string; category?: string; quantity: number }[],
): Parcel {
  if (pieces.length === 0) return DEFAULT_PARCEL;
  let weightGrams = 0;
  let lengthCm = 0;
  let breadthCm = 0;
  let heightCm = 0;
  for (const p of pieces) {
    const one = parcelFor(p.subCategory, p.category);
    weightGrams += one.weightGrams * p.quantity;
    lengthCm = Math.max(lengthCm, one.lengthCm);
    breadthCm = Math.max(breadthCm, one.breadthCm);
    heightCm += one.heightCm * p.quantity;
  }
  return { weightGrams, lengthCm, breadthCm, heightCm: Math.min(heightCm, 100) };
}

/** COD_RTO_LIMIT's default: this many returned COD parcels in the window and COD is held back. */
export const DEFAULT_COD_RTO_LIMIT = 2;
export const COD_RTO_WINDOW_DAYS = 90;

/**
 * Whether a shopper's COD is held back: `limit` or more of their COD parcels went back to the
 * seller (RTO started) in the last 90 days, counting only those after an admin last lifted the hold.
 */
export function codHeld(
  rtoAt: readonly Date[],
  opts: { limit: number; liftedAt?: Date | null; now?: Date },
): boolean {
  const now = opts.now ?? new Date();
  const since = Math.max(now.getTime() - COD_RTO_WINDOW_DAYS * 86_400_000, opts.liftedAt?.getTime() ?? 0);
  return rtoAt.filter((at) => at.getTime() > since).length >= opts.limit;
}

/**
 * Whether a Cash On Delivery order must be confirmed by the shopper before it ships (issue 39): its
 * total is above COD_CONFIRM_ABOVE (`abovePaise`; 0 turns that part off), or the shopper is flagged
 * by COD risk — at least one returned COD parcel counted as `codHeld` counts them (the 90-day window,
 * after an admin's last lift). A held shopper never gets this far: their COD is refused outright.
 */
export function codConfirmNeeded(input: {
  totalPaise: number;
  abovePaise: number;
  rtoAt: readonly Date[];
  liftedAt?: Date | null;
  now?: Date;
}): boolean {
  if (input.abovePaise > 0 && input.totalPaise > input.abovePaise) return true;
  return codHeld(input.rtoAt, { limit: 1, liftedAt: input.liftedAt, now: input.now });
}

export const COD_HELD_REASON =
  'Cash On Delivery is not available on this account because recent Cash On Delivery orders were returned undelivered. Please pay online (UPI, cards, netbanking).';

/** The shopper's words for each state of a parcel (the timeline and the e-mails). */
export const SHIPMENT_STATUS_LABELS: Readonly<Record<ShipmentStatus, string>> = {
  booked: 'Shipment booked',
  picked_up: 'Picked up by the courier',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  delivery_failed: 'Delivery attempt failed',
  rto_initiated: 'Returning to the seller',
  rto_delivered: 'Returned to the seller',
};
