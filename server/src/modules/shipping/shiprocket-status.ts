import type { ShipmentEvent } from '@vastra/contracts/constants';
import type { TrackingScan } from './provider.ts';
import { isJson, type Json } from './shiprocket-http.ts';

/**
 * Shiprocket's shipment statuses as our tracking events. Shiprocket names a status (`current_status`,
 * a scan's `sr-status-label`) and numbers it (`shipment_status_id`, a scan's `sr-status`); the name is
 * read first because the webhook's `current_status_id` does not always follow the documented table.
 * Statuses that are not news to the shop (pickup scheduled, manifested, cancelled, lost) map to
 * nothing: an order cancelled or a parcel lost is the seller's and support's to handle.
 */
const EVENT_OF_LABEL: Record<string, ShipmentEvent> = {
  'PICKED UP': 'picked_up',
  SHIPPED: 'in_transit',
  'IN TRANSIT': 'in_transit',
  'REACHED AT DESTINATION HUB': 'in_transit',
  DELAYED: 'in_transit',
  MISROUTED: 'in_transit',
  'IN FLIGHT': 'in_transit',
  'OUT FOR DELIVERY': 'out_for_delivery',
  DELIVERED: 'delivered',
  UNDELIVERED: 'delivery_failed',
  NDR: 'delivery_failed',
  'RTO INITIATED': 'rto_initiated',
  'RTO ACKNOWLEDGED': 'rto_initiated',
  // On the way back: a missed "RTO initiated" still turns the shipment round; a repeat is refused.
  'RTO IN TRANSIT': 'rto_initiated',
  'RTO IN INTRANSIT': 'rto_initiated',
  'RTO OFD': 'rto_initiated',
  'RTO NDR': 'rto_initiated',
  'RTO DELIVERED': 'rto_delivered',
};

const EVENT_OF_ID: Record<number, ShipmentEvent> = {
  42: 'picked_up',
  6: 'in_transit',
  18: 'in_transit',
  22: 'in_transit',
  38: 'in_transit',
  39: 'in_transit',
  50: 'in_transit',
  17: 'out_for_delivery',
  7: 'delivered',
  21: 'delivery_failed',
  9: 'rto_initiated',
  14: 'rto_initiated',
  40: 'rto_initiated',
  41: 'rto_initiated',
  46: 'rto_initiated',
  10: 'rto_delivered',
};

const labelOf = (value: unknown) =>
  typeof value === 'string'
    ? value
        .replace(/[_\s]+/g, ' ')
        .trim()
        .toUpperCase()
    : '';

function eventOfLabel(value: unknown): ShipmentEvent | undefined {
  const label = labelOf(value);
  if (!label) return undefined;
  const known = EVENT_OF_LABEL[label];
  if (known) return known;
  // Couriers' sub-statuses ("IN TRANSIT-AT DESTINATION HUB", "IN TRANSIT-EN-ROUTE").
  if (label.startsWith('IN TRANSIT')) return 'in_transit';
  return undefined;
}

function eventOfId(value: unknown): ShipmentEvent | undefined {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(id) ? EVENT_OF_ID[id] : undefined;
}

const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * A Shiprocket time as an instant: ISO with a zone as given; "23 05 2023 11:43:52" (the webhook's
 * `current_timestamp`) and "2023-05-19 11:59:16" (scans) are Indian time. Null when unreadable.
 */
export function shiprocketTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const dayFirst = text.match(/^(\d{1,2})[ /-](\d{1,2})[ /-](\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/);
  const yearFirst = text.match(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/);
  if (dayFirst || yearFirst) {
    const [d, mo, y] = dayFirst ? dayFirst.slice(1, 4) : yearFirst!.slice(1, 4).reverse();
    const [h, mi, s] = (dayFirst ?? yearFirst)!.slice(4, 7);
    const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)] as const;
    const utc = Date.UTC(...parts);
    const back = new Date(utc);
    // Date.UTC rolls 31 02 over into March: such a date is not one Shiprocket sent.
    if (back.getUTCMonth() !== parts[1] || back.getUTCDate() !== parts[2] || parts[3] > 23) return null;
    return new Date(utc - IST_OFFSET_MS);
  }
  if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

const flag = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The scan that happened last (the webhook lists them oldest first, the tracking API newest first). */
function latestScan(scans: unknown): Json | undefined {
  if (!Array.isArray(scans)) return undefined;
  const dated = scans
    .filter(isJson)
    .map((scan) => ({ scan, at: shiprocketTime(scan.date)?.getTime() ?? -1 }));
  return dated.reduce<{ scan: Json; at: number } | undefined>(
    (a, b) => (!a || b.at >= a.at ? b : a),
    undefined,
  )?.scan;
}

/** A tracking webhook's body as our scan; null when it is not one we act on (or not a webhook at all). */
export function scanOfWebhook(body: unknown): TrackingScan | null {
  if (!isJson(body)) return null;
  const awb = typeof body.awb === 'number' ? String(body.awb) : text(body.awb);
  if (!awb) return null;
  let status =
    eventOfLabel(body.current_status) ??
    eventOfLabel(body.shipment_status) ??
    eventOfId(body.shipment_status_id) ??
    eventOfId(body.current_status_id);
  if (!status) return null;
  if (status === 'delivered' && flag(body.is_return)) status = 'rto_delivered';
  const latest = latestScan(body.scans);
  const at = shiprocketTime(body.current_timestamp) ?? shiprocketTime(latest?.date);
  if (!at) return null;
  const note = status === 'delivery_failed' ? (text(latest?.activity) ?? text(body.current_status)) : null;
  const statusKey = body.current_status_id ?? labelOf(body.current_status);
  return { awb, status, at, note, key: `shiprocket:${awb}:${String(statusKey)}:${at.toISOString()}` };
}

/** One scan of the tracking API (`shipment_track_activities[]`) as our scan, when it is one we act on. */
export function scanOfActivity(awb: string, activity: unknown): TrackingScan | null {
  if (!isJson(activity)) return null;
  const status = eventOfLabel(activity['sr-status-label']) ?? eventOfId(activity['sr-status']);
  const at = shiprocketTime(activity.date);
  if (!status || !at) return null;
  const note = status === 'delivery_failed' ? text(activity.activity) : null;
  const statusKey =
    text(activity['sr-status']) ?? activity['sr-status'] ?? labelOf(activity['sr-status-label']);
  return { awb, status, at, note, key: `shiprocket:${awb}:${String(statusKey)}:${at.toISOString()}` };
}
