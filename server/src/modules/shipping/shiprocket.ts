import type { Config } from '../../config.ts';
import {
  type Booking,
  type BookingRequest,
  type CourierApi,
  CourierError,
  type CourierQuote,
  type NdrInstruction,
  type PickupPlace,
  type TrackingScan,
} from './provider.ts';
import { isJson, type Json, ShiprocketHttp, ShiprocketRefusal } from './shiprocket-http.ts';
import { adhocOrder, kilograms, ndrAction, pickupLocation } from './shiprocket-requests.ts';
import { scanOfActivity } from './shiprocket-status.ts';

export { scanOfWebhook } from './shiprocket-status.ts';

/** Shiprocket's API client, when its API user is configured (SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD). */
export function createShiprocketApi(config: Config['shipping']): CourierApi | undefined {
  return config.shiprocket ? new ShiprocketApi(new ShiprocketHttp(config.shiprocket)) : undefined;
}

const data = (value: unknown): Json => (isJson(value) ? value : {});
const idOf = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : '';
/** Shiprocket numbers its orders and shipments; ids that look like numbers go back as numbers. */
const numeric = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);
const isAlready = (err: unknown) => err instanceof ShiprocketRefusal && /already/i.test(err.message);

/**
 * The shop's courier calls, made through Shiprocket (apiv2.shiprocket.in/v1/external): rates, booking
 * (pickup location, order, AWB), label, pickup, tracking, NDR answers and cancelling. The shapes read
 * are the documented ones; a field missing from an answer is a CourierError, never a crash.
 */
export class ShiprocketApi implements CourierApi {
  readonly name = 'shiprocket' as const;
  /** Pickup locations this process has made sure of (Shiprocket keeps them; adding is once per seller). */
  private readonly pickupsAdded = new Set<string>();

  constructor(private readonly http: ShiprocketHttp) {}

  async rates(query: {
    from: string;
    to: string;
    weightGrams: number;
    cod: boolean;
  }): Promise<CourierQuote[]> {
    let answer: Json;
    try {
      answer = await this.http.call({
        method: 'GET',
        path: '/courier/serviceability/',
        query: {
          pickup_postcode: query.from,
          delivery_postcode: query.to,
          weight: kilograms(query.weightGrams),
          cod: query.cod ? 1 : 0,
        },
      });
    } catch (err) {
      if (err instanceof ShiprocketRefusal && err.status === 404) return [];
      throw err;
    }
    // A route nobody serves is a 404 in the body of a 200, or no companies at all.
    if (answer.status === 404) return [];
    const companies = data(answer.data).available_courier_companies;
    if (!Array.isArray(companies)) return [];
    return companies
      .filter(isJson)
      .map((c) => {
        const days = Number(c.estimated_delivery_days ?? c.etd);
        return {
          courierId: Number(c.courier_company_id),
          name: String(c.courier_name ?? ''),
          ratePaise: Math.round(Number(c.rate) * 100),
          etdDays: Number.isFinite(days) && days > 0 ? Math.round(days) : null,
          cod: Number(c.cod) === 1,
        };
      })
      .filter((q) => Number.isInteger(q.courierId) && q.name !== '' && Number.isFinite(q.ratePaise))
      .sort((a, b) => a.ratePaise - b.ratePaise);
  }

  async book(request: BookingRequest): Promise<Booking> {
    await this.ensurePickup(request.pickup);
    const order = await this.http.call({
      method: 'POST',
      path: '/orders/create/adhoc',
      body: adhocOrder(request),
    });
    const providerOrderId = idOf(order.order_id);
    const providerShipmentId = idOf(order.shipment_id);
    if (!providerOrderId || !providerShipmentId)
      throw new CourierError('Shiprocket created no shipment for the order');
    try {
      const { awb, courier } = await this.assignAwb(providerShipmentId, request.courierId);
      return {
        providerOrderId,
        providerShipmentId,
        awb,
        courier,
        trackingUrl: `https://shiprocket.co/tracking/${awb}`,
      };
    } catch (err) {
      // An order without an AWB would sit in the seller's Shiprocket panel; a new booking starts clean.
      await this.cancel({ providerOrderId }).catch(() => undefined);
      throw err;
    }
  }

  async label(booking: Pick<Booking, 'providerShipmentId'>): Promise<Buffer> {
    const answer = await this.http.call({
      method: 'POST',
      path: '/courier/generate/label',
      body: { shipment_id: [numeric(booking.providerShipmentId)] },
    });
    const url = answer.label_url;
    if (Number(answer.label_created) !== 1 || typeof url !== 'string' || !/^https?:\/\//.test(url))
      throw new CourierError(messageIn(answer) ?? 'Shiprocket made no label for the shipment');
    const pdf = await this.http.download(url);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new CourierError("Shiprocket's label is not a PDF");
    return pdf;
  }

  async requestPickup(
    booking: Pick<Booking, 'providerShipmentId'>,
  ): Promise<{ scheduledFor: string | null }> {
    let answer: Json;
    try {
      answer = await this.http.call({
        method: 'POST',
        path: '/courier/generate/pickup',
        body: { shipment_id: [numeric(booking.providerShipmentId)] },
      });
    } catch (err) {
      // Asked twice (a retry): the courier is already coming.
      if (isAlready(err)) return { scheduledFor: null };
      throw err;
    }
    if (Number(answer.pickup_status) !== 1)
      throw new CourierError(messageIn(answer) ?? 'Shiprocket did not schedule the pickup');
    const date = data(answer.response).pickup_scheduled_date;
    const day = typeof date === 'string' ? date.match(/^\d{4}-\d{2}-\d{2}/)?.[0] : undefined;
    return { scheduledFor: day ?? null };
  }

  async track(awb: string): Promise<TrackingScan[]> {
    const answer = await this.http.call({
      method: 'GET',
      path: `/courier/track/awb/${encodeURIComponent(awb)}`,
    });
    const activities = data(answer.tracking_data).shipment_track_activities;
    if (!Array.isArray(activities)) return [];
    return activities
      .map((activity) => scanOfActivity(awb, activity))
      .filter((scan): scan is TrackingScan => scan !== null)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  async ndr(awb: string, instruction: NdrInstruction): Promise<void> {
    await this.http.call({
      method: 'POST',
      path: `/ndr/${encodeURIComponent(awb)}/action`,
      body: ndrAction(instruction),
    });
  }

  async cancel(booking: Pick<Booking, 'providerOrderId'>): Promise<void> {
    await this.http.call({
      method: 'POST',
      path: '/orders/cancel',
      body: { ids: [numeric(booking.providerOrderId)] },
    });
  }

  private async ensurePickup(pickup: PickupPlace) {
    if (this.pickupsAdded.has(pickup.nickname)) return;
    try {
      await this.http.call({
        method: 'POST',
        path: '/settings/company/addpickup',
        body: pickupLocation(pickup),
      });
    } catch (err) {
      if (!isAlready(err)) throw err;
    }
    this.pickupsAdded.add(pickup.nickname);
  }

  private async assignAwb(shipmentId: string, courierId: number | undefined) {
    const body: Json = { shipment_id: numeric(shipmentId) };
    if (courierId !== undefined) body.courier_id = courierId;
    const answer = await this.http.call({ method: 'POST', path: '/courier/assign/awb', body });
    const assigned = data(data(answer.response).data);
    const awb = idOf(assigned.awb_code);
    if (Number(answer.awb_assign_status) !== 1 || !awb) {
      const reason =
        typeof assigned.awb_assign_error === 'string' ? assigned.awb_assign_error : messageIn(answer);
      throw new CourierError(reason ?? 'Shiprocket assigned no AWB to the shipment');
    }
    return { awb, courier: String(assigned.courier_name ?? '') };
  }
}

const messageIn = (answer: Json) =>
  typeof answer.message === 'string' && answer.message ? answer.message : undefined;
