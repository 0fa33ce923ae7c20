import type { ShipmentEvent, ShipmentStatus } from '@vastra/contracts/constants';

/**
 * A parcel's states as the shopper and the seller read them (issue 38), with their pills' colours.
 * The English is contracts' SHIPMENT_STATUS_LABELS, marked here so the catalogue translates it.
 */
export const SHIPMENT_STATUS: Record<ShipmentStatus, { label: string; tone: string }> = {
  booked: { label: /*i18n*/ 'Shipment booked', tone: 'pill-warn' },
  picked_up: { label: /*i18n*/ 'Picked up by the courier', tone: '' },
  in_transit: { label: /*i18n*/ 'In transit', tone: '' },
  out_for_delivery: { label: /*i18n*/ 'Out for delivery', tone: '' },
  delivered: { label: /*i18n*/ 'Delivered', tone: 'pill-ok' },
  delivery_failed: { label: /*i18n*/ 'Delivery attempt failed', tone: 'pill-bad' },
  rto_initiated: { label: /*i18n*/ 'Returning to the seller', tone: 'pill-bad' },
  rto_delivered: { label: /*i18n*/ 'Returned to the seller', tone: 'pill-bad' },
};

/** The updates a self-shipping seller posts, in the order a parcel usually meets them. */
export const SELLER_EVENTS: readonly ShipmentEvent[] = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'rto_initiated',
];

const momentOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'short',
};
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment of a parcel's journey in India's time, wherever the browser is: '28 Nov, 3:20 pm IST'
 * (in Hindi '28 नव॰, 3:20 pm IST'). '' for no date.
 */
export function formatMoment(at: string | null | undefined, locale = 'en'): string {
  const d = new Date(at ?? '');
  if (Number.isNaN(d.getTime())) return '';
  const tag = locale === 'hi' ? 'hi-IN' : 'en-IN';
  let f = formats.get(tag);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, momentOptions);
    formats.set(tag, f);
  }
  return f.format(d).replace('GMT+5:30', 'IST');
}
