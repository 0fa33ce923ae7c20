import type { BookingRequest, NdrInstruction, PickupPlace } from './provider.ts';
import type { Json } from './shiprocket-http.ts';

/** The bodies the shop sends Shiprocket: money in rupees, weight in kg, sizes in cm, phones ten digits. */

const rupees = (paise: number) => Math.round(paise) / 100;
export const kilograms = (grams: number) => Math.round(grams) / 1000;
/** Shiprocket wants a ten-digit Indian number: "+91 98765 43210" is sent as 9876543210. */
const tenDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^(?:91|0)(?=\d{10}$)/, '');
/** Shiprocket's order date: the Indian wall clock, 'YYYY-MM-DD HH:mm'. */
const istStamp = (at: Date) =>
  new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

/** The seller's pickup address as a Shiprocket pickup location, named by its nickname. */
export const pickupLocation = (pickup: PickupPlace) => ({
  pickup_location: pickup.nickname,
  name: pickup.name,
  email: pickup.email,
  phone: tenDigits(pickup.phone),
  address: pickup.line1,
  city: pickup.city,
  state: pickup.state,
  country: 'India',
  pin_code: pickup.postalCode,
});

/** The adhoc order: our shipment id is its reference; money in rupees, weight in kg, sizes in cm. */
export function adhocOrder(request: BookingRequest) {
  const to = request.deliverTo;
  return {
    order_id: request.reference,
    order_date: istStamp(request.orderDate),
    pickup_location: request.pickup.nickname,
    billing_customer_name: to.name,
    billing_last_name: '',
    billing_address: to.address,
    billing_city: to.city,
    billing_pincode: to.postalCode,
    billing_state: to.state,
    billing_country: 'India',
    billing_email: to.email,
    billing_phone: tenDigits(to.phone),
    shipping_is_billing: true,
    order_items: request.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: rupees(item.unitPricePaise),
      hsn: item.hsn,
    })),
    payment_method: request.cod ? 'COD' : 'Prepaid',
    sub_total: rupees(request.valuePaise),
    length: request.parcel.lengthCm,
    breadth: request.parcel.breadthCm,
    height: request.parcel.heightCm,
    weight: kilograms(request.parcel.weightGrams),
  };
}

/** The shopper's answer to a failed attempt: re-attempt (with their date, phone, landmark) or return. */
export function ndrAction(instruction: NdrInstruction): Json {
  const reattempt = instruction.action === 'reattempt';
  const details = [
    instruction.date && `deliver on ${instruction.date}`,
    instruction.phone && `call ${instruction.phone}`,
    instruction.landmark && `landmark: ${instruction.landmark}`,
  ].filter(Boolean);
  const comments = reattempt
    ? `Shopper asked for another attempt${details.length ? `: ${details.join('; ')}` : ''}`
    : 'Shopper cancelled the delivery: return to the seller';
  const body: Json = { action: reattempt ? 're-attempt' : 'return', comments };
  if (reattempt && instruction.date) body.deferred_date = instruction.date;
  if (reattempt && instruction.phone) body.phone = tenDigits(instruction.phone);
  if (reattempt && instruction.landmark) body.address2 = instruction.landmark;
  return body;
}
