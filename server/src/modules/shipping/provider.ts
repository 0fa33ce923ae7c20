import type { CourierProvider, NdrAction, Parcel, ShipmentEvent } from '@vastra/contracts/constants';

/**
 * A courier provider behind one interface (docs/decisions/025-couriers-and-rto.md): the seller's own
 * courier (`self`: the seller types the courier and AWB, and posts the tracking events) or an
 * aggregator's API (`shiprocket`). The shipments workflow calls these; only an aggregator talks to
 * anything outside the machine.
 */

/** Where a parcel is collected from: the seller's pickup address. */
export interface PickupPlace {
  /** The provider's name for this pickup location (one per seller). */
  nickname: string;
  name: string;
  email: string;
  phone: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
}

/** What a booking sends: the parcel, who gets it, what is in it and what the courier collects. */
export interface BookingRequest {
  /** Our shipment id: the provider's order reference. */
  reference: string;
  orderDate: Date;
  pickup: PickupPlace;
  deliverTo: {
    name: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    state: string;
    postalCode: string;
  };
  items: { name: string; sku: string; units: number; unitPricePaise: number; hsn: string }[];
  /** Cash On Delivery: the courier collects `valuePaise` at the door. */
  cod: boolean;
  /** What the parcel is worth (prepaid) or what the courier collects (COD), in paise. */
  valuePaise: number;
  parcel: Parcel;
  /** A courier the seller chose from `rates`; else the provider's own choice. */
  courierId?: number;
}

export interface Booking {
  providerOrderId: string;
  providerShipmentId: string;
  awb: string;
  courier: string;
  trackingUrl: string | null;
}

/** A courier that serves a route, with its price and days in transit. */
export interface CourierQuote {
  courierId: number;
  name: string;
  ratePaise: number;
  etdDays: number | null;
  cod: boolean;
}

/** One tracking scan, as our event: `key` identifies it (a replay carries the same key). */
export interface TrackingScan {
  awb: string;
  status: ShipmentEvent;
  at: Date;
  note: string | null;
  key: string;
}

/** A shopper's answer to a failed attempt, passed on to the courier. */
export interface NdrInstruction {
  action: NdrAction;
  date?: string;
  phone?: string;
  landmark?: string;
}

/** An aggregator's API: what the shop asks a courier company for. */
export interface CourierApi {
  readonly name: Exclude<CourierProvider, 'self'>;
  /** Couriers serving `from` → `to` for this weight (COD or prepaid), cheapest first. */
  rates(query: { from: string; to: string; weightGrams: number; cod: boolean }): Promise<CourierQuote[]>;
  /** Creates the order, assigns the AWB: the parcel is booked. */
  book(request: BookingRequest): Promise<Booking>;
  /** The courier's label for a booked parcel, as PDF bytes. */
  label(booking: Pick<Booking, 'providerShipmentId'>): Promise<Buffer>;
  /** Asks the courier to collect the parcel; the day it is scheduled for, when known. */
  requestPickup(booking: Pick<Booking, 'providerShipmentId'>): Promise<{ scheduledFor: string | null }>;
  /** The parcel's scans so far (a fallback to the webhook). */
  track(awb: string): Promise<TrackingScan[]>;
  /** Passes the shopper's answer to a failed delivery on: re-attempt, or return to the seller. */
  ndr(awb: string, instruction: NdrInstruction): Promise<void>;
  /** Cancels a booking that will not ship (our side refused it after the provider booked). */
  cancel(booking: Pick<Booking, 'providerOrderId'>): Promise<void>;
}

/** A provider's answer that was not what the shop needs: the seller sees `message` (502). */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}
