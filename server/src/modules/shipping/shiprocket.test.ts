import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_LABEL_PDF, FakeShiprocket, SR_PASSWORD, webhookBody } from '../../../test/fake-shiprocket.ts';
import { type BookingRequest, CourierError } from './provider.ts';
import { createShiprocketApi, ShiprocketApi, scanOfWebhook } from './shiprocket.ts';
import { ShiprocketHttp } from './shiprocket-http.ts';

const fake = new FakeShiprocket();
let credentials: { email: string; password: string; apiUrl: string };

beforeAll(async () => {
  const env = await fake.start();
  credentials = {
    email: env.SHIPROCKET_EMAIL,
    password: env.SHIPROCKET_PASSWORD,
    apiUrl: env.SHIPROCKET_API_URL,
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const shipping = (shiprocket = credentials) => ({
  shiprocket,
  webhookToken: undefined,
  ndrMaxAttempts: 3,
  rtoFeePaise: 9_000,
  codRtoLimit: 3,
});
/** A client of its own (its own token and pickup memory), on a clock the test moves. */
function client(clock = { now: Date.now() }) {
  return new ShiprocketApi(new ShiprocketHttp(credentials, () => clock.now));
}

let nextRef = 1;
const booking = (over: Partial<BookingRequest> = {}): BookingRequest => ({
  reference: `shp_${nextRef++}`,
  orderDate: new Date('2026-06-08T06:45:00Z'),
  pickup: {
    nickname: 'seller-7f3a',
    name: 'Meera Textiles',
    email: 'meera@vastra.test',
    phone: '+91 98765 43210',
    line1: '14 Johari Bazaar',
    city: 'Jaipur',
    state: 'Rajasthan',
    postalCode: '302003',
  },
  deliverTo: {
    name: 'Asha Rao',
    email: 'asha@vastra.test',
    phone: '9123456780',
    address: '22 MG Road, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
  },
  items: [{ name: 'Silk saree', sku: 'SAR-1', units: 2, unitPricePaise: 249_950, hsn: '5007' }],
  cod: true,
  valuePaise: 499_900,
  parcel: { weightGrams: 800, lengthCm: 35, breadthCm: 28, heightCm: 8 },
  ...over,
});

describe('Shiprocket login', () => {
  it('is not configured without an API user', () => {
    expect(createShiprocketApi({ ...shipping(), shiprocket: undefined })).toBeUndefined();
    expect(createShiprocketApi(shipping())?.name).toBe('shiprocket');
  });

  it('logs in once and reuses the token, even for concurrent calls', async () => {
    const api = client();
    const before = fake.logins;
    const query = { from: '302003', to: '560038', weightGrams: 500, cod: false };
    await Promise.all([api.rates(query), api.rates(query), api.track('unknown-awb').catch(() => [])]);
    await api.rates(query);
    expect(fake.logins - before).toBe(1);
    expect(fake.requestsTo('/auth/login')[0]!.body).toEqual({
      email: credentials.email,
      password: SR_PASSWORD,
    });
  });

  it('logs in again after a 401 and retries that call exactly once', async () => {
    const api = client();
    const query = { from: '302003', to: '560038', weightGrams: 500, cod: false };
    await api.rates(query);
    fake.expireTokens();
    const before = fake.logins;
    fake.requests.length = 0;
    expect(await api.rates(query)).toHaveLength(2);
    expect(fake.logins - before).toBe(1);
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/courier/serviceability/',
      '/auth/login',
      '/courier/serviceability/',
    ]);
  });

  it('renews the token after nine days without waiting for a 401', async () => {
    const clock = { now: Date.now() };
    const api = client(clock);
    const query = { from: '302003', to: '560038', weightGrams: 500, cod: false };
    await api.rates(query);
    const before = fake.logins;
    clock.now += 9 * 24 * 60 * 60 * 1000 + 1;
    await api.rates(query);
    expect(fake.logins - before).toBe(1);
  });

  it('a refused login is a CourierError that does not carry the password', async () => {
    const api = new ShiprocketApi(new ShiprocketHttp({ ...credentials, password: 'wrong-secret' }));
    const err = await api
      .rates({ from: '302003', to: '560038', weightGrams: 500, cod: false })
      .catch((e) => e);
    expect(err).toBeInstanceOf(CourierError);
    expect(err.message).toMatch(/Invalid email and password/);
    expect(err.message).not.toContain('wrong-secret');
  });
});

describe('Shiprocket rates', () => {
  it('lists the couriers cheapest first, in paise, with the days in transit', async () => {
    const quotes = await client().rates({ from: '302003', to: '560038', weightGrams: 750, cod: false });
    expect(quotes).toEqual([
      { courierId: 24, name: 'Xpressbees Surface', ratePaise: 11_850, etdDays: 5, cod: true },
      { courierId: 1, name: 'Blue Dart Air', ratePaise: 21_240, etdDays: 2, cod: false },
    ]);
    expect(fake.requestsTo('/courier/serviceability/')[0]!.query).toEqual({
      pickup_postcode: '302003',
      delivery_postcode: '560038',
      weight: '0.75',
      cod: '0',
    });
  });

  it('asks for COD couriers only when the parcel is COD', async () => {
    const quotes = await client().rates({ from: '302003', to: '560038', weightGrams: 750, cod: true });
    expect(quotes.map((q) => q.courierId)).toEqual([24]);
  });

  it('a pincode nobody serves has no quotes', async () => {
    fake.unserviceable.add('799001');
    expect(await client().rates({ from: '302003', to: '799001', weightGrams: 500, cod: false })).toEqual([]);
  });
});

describe('Shiprocket booking', () => {
  it('adds the pickup location once, then creates the order in rupees and kg and assigns the AWB', async () => {
    const api = client();
    const first = await api.book(booking({ courierId: 1 }));
    await api.book(booking());
    expect(fake.requestsTo('/settings/company/addpickup')).toHaveLength(1);
    expect(fake.pickups.get('seller-7f3a')).toMatchObject({
      pickup_location: 'seller-7f3a',
      phone: '9876543210',
      address: '14 Johari Bazaar',
      country: 'India',
      pin_code: '302003',
    });

    const order = fake.orders.get(Number(first.providerOrderId))!;
    expect(order.body).toMatchObject({
      order_date: '2026-06-08 12:15',
      pickup_location: 'seller-7f3a',
      billing_customer_name: 'Asha Rao',
      billing_pincode: '560038',
      billing_phone: '9123456780',
      shipping_is_billing: true,
      order_items: [{ name: 'Silk saree', sku: 'SAR-1', units: 2, selling_price: 2499.5, hsn: '5007' }],
      payment_method: 'COD',
      sub_total: 4999,
      length: 35,
      breadth: 28,
      height: 8,
      weight: 0.8,
    });
    const shipment = fake.shipments.get(Number(first.providerShipmentId))!;
    expect(first).toEqual({
      providerOrderId: String(order.orderId),
      providerShipmentId: String(shipment.shipmentId),
      awb: shipment.awb,
      courier: 'Blue Dart Air',
      trackingUrl: `https://shiprocket.co/tracking/${shipment.awb}`,
    });
    expect(fake.requestsTo('/courier/assign/awb')[0]!.body).toEqual({
      shipment_id: shipment.shipmentId,
      courier_id: 1,
    });
  });

  it('a pickup location Shiprocket already has is used as it is', async () => {
    await client().book(booking({ pickup: { ...booking().pickup, nickname: 'seller-known' } }));
    const fresh = client();
    const made = await fresh.book(
      booking({ pickup: { ...booking().pickup, nickname: 'seller-known' }, cod: false }),
    );
    expect(fake.requestsTo('/settings/company/addpickup')).toHaveLength(2);
    expect(fake.orders.get(Number(made.providerOrderId))!.body.payment_method).toBe('Prepaid');
  });

  it('an AWB Shiprocket will not assign is a CourierError with its reason, and the order is cancelled', async () => {
    fake.refuseNextAwb = true;
    const err = await client()
      .book(booking())
      .catch((e) => e);
    expect(err).toBeInstanceOf(CourierError);
    expect(err.message).toBe('Courier not serviceable for this shipment');
    const [cancel] = fake.requestsTo('/orders/cancel');
    expect(fake.orders.get((cancel!.body.ids as number[])[0]!)!.status).toBe('CANCELED');
  });

  it("an error answer is a CourierError with Shiprocket's message and status", async () => {
    fake.failNext('/orders/create/adhoc', 422, 'Order Id already exists for this channel');
    const err = await client()
      .book(booking())
      .catch((e) => e);
    expect(err).toBeInstanceOf(CourierError);
    expect(err).toMatchObject({ message: 'Order Id already exists for this channel', status: 422 });
  });
});

describe('Shiprocket after booking', () => {
  it('downloads the label as PDF bytes, requests the pickup, cancels the order', async () => {
    const api = client();
    const made = await api.book(booking());
    const pdf = await api.label(made);
    expect(pdf.equals(FAKE_LABEL_PDF)).toBe(true);
    expect(fake.requestsTo('/courier/generate/label')[0]!.body).toEqual({
      shipment_id: [Number(made.providerShipmentId)],
    });

    expect(await api.requestPickup(made)).toEqual({ scheduledFor: '2026-06-10' });
    expect(await api.requestPickup(made)).toEqual({ scheduledFor: null });
    await api.cancel(made);
    expect(fake.orders.get(Number(made.providerOrderId))!.status).toBe('CANCELED');
  });

  it('a label that is not made is a CourierError', async () => {
    const err = await client()
      .label({ providerShipmentId: '1' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(CourierError);
  });

  it('tracks the scans we act on, oldest first, with the reason of a failed attempt', async () => {
    const awb = 'TRK1001';
    fake.addScan(awb, 'PICKED UP', { at: new Date('2026-06-09T05:00:00Z') });
    fake.scans.get(awb)!.unshift({
      date: '2026-06-09 12:00:00',
      activity: 'Manifested',
      'sr-status': '5',
      'sr-status-label': 'MANIFEST GENERATED',
    });
    fake.addScan(awb, 'IN TRANSIT', { at: new Date('2026-06-09T10:00:00Z') });
    fake.addScan(awb, 'UNDELIVERED', { at: new Date('2026-06-11T09:30:00Z'), reason: 'Door locked' });
    const scans = await client().track(awb);
    expect(scans.map((s) => [s.status, s.at.toISOString(), s.note])).toEqual([
      ['picked_up', '2026-06-09T05:00:00.000Z', null],
      ['in_transit', '2026-06-09T10:00:00.000Z', null],
      ['delivery_failed', '2026-06-11T09:30:00.000Z', 'Door locked'],
    ]);
    expect(new Set(scans.map((s) => s.key)).size).toBe(3);
  });

  it("passes the shopper's NDR answer on: a re-attempt with its details, or a return", async () => {
    const api = client();
    await api.ndr('AWB-9', {
      action: 'reattempt',
      date: '2026-06-12',
      phone: '+91 99887 76655',
      landmark: 'Opposite the temple',
    });
    await api.ndr('AWB-9', { action: 'cancel' });
    const [reattempt, cancel] = fake.ndrActions.filter((a) => a.awb === 'AWB-9');
    expect(reattempt!.body).toMatchObject({
      action: 're-attempt',
      deferred_date: '2026-06-12',
      phone: '9988776655',
      address2: 'Opposite the temple',
    });
    expect(reattempt!.body.comments).toMatch(/2026-06-12.*\+91 99887 76655.*Opposite the temple/);
    expect(cancel!.body).toEqual({ action: 'return', comments: expect.any(String) });
  });
});

describe('Shiprocket tracking webhook', () => {
  const at = new Date('2026-06-10T08:13:52Z');
  it.each([
    ['PICKED UP', 'picked_up'],
    ['IN TRANSIT', 'in_transit'],
    ['OUT FOR DELIVERY', 'out_for_delivery'],
    ['DELIVERED', 'delivered'],
    ['UNDELIVERED', 'delivery_failed'],
    ['RTO INITIATED', 'rto_initiated'],
    ['RTO DELIVERED', 'rto_delivered'],
  ] as const)('%s is %s', (status, event) => {
    const scan = scanOfWebhook(webhookBody('AWB1', status, { at }));
    expect(scan).toMatchObject({ awb: 'AWB1', status: event, at });
  });

  it('reads Indian time when no zone is given, and ISO as given', () => {
    const body = { ...webhookBody('AWB1', 'IN TRANSIT'), current_timestamp: '23 05 2023 11:43:52' };
    expect(scanOfWebhook(body)!.at.toISOString()).toBe('2023-05-23T06:13:52.000Z');
    const iso = { ...body, current_timestamp: '2023-05-23T11:43:52+05:30' };
    expect(scanOfWebhook(iso)!.at.toISOString()).toBe('2023-05-23T06:13:52.000Z');
  });

  it('maps by status id, and by sub-statuses in transit', () => {
    const body = webhookBody('AWB1', 'IN TRANSIT', { at });
    expect(scanOfWebhook({ ...body, current_status: 'in transit-at destination hub' })!.status).toBe(
      'in_transit',
    );
    expect(
      scanOfWebhook({
        ...body,
        current_status: undefined,
        shipment_status: undefined,
        shipment_status_id: 17,
      })!.status,
    ).toBe('out_for_delivery');
    expect(
      scanOfWebhook({ ...body, current_status: 'REACHED AT DESTINATION HUB', current_status_id: 38 })!.status,
    ).toBe('in_transit');
  });

  it('a failed attempt carries its reason', () => {
    const scan = scanOfWebhook(webhookBody('AWB1', 'UNDELIVERED', { at, reason: 'Customer refused' }));
    expect(scan).toMatchObject({ status: 'delivery_failed', note: 'Customer refused' });
  });

  it('a delivered return shipment is back at the seller', () => {
    expect(scanOfWebhook(webhookBody('AWB1', 'DELIVERED', { at, isReturn: true }))!.status).toBe(
      'rto_delivered',
    );
  });

  it('statuses that are not news, and junk, are nothing', () => {
    const body = webhookBody('AWB1', 'IN TRANSIT', { at });
    for (const status of ['PICKUP SCHEDULED', 'CANCELED', 'LOST'])
      expect(
        scanOfWebhook({
          ...body,
          current_status: status,
          shipment_status: status,
          shipment_status_id: 3,
          current_status_id: 3,
        }),
      ).toBeNull();
    for (const junk of [
      null,
      'x',
      [],
      {},
      { awb: '' },
      { ...body, awb: undefined },
      { ...body, current_timestamp: 'soon', scans: [] },
    ])
      expect(scanOfWebhook(junk)).toBeNull();
  });

  it('the same payload twice has the same key; another scan another', () => {
    const body = JSON.stringify(webhookBody('AWB1', 'IN TRANSIT', { at }));
    const key = scanOfWebhook(JSON.parse(body))!.key;
    expect(scanOfWebhook(JSON.parse(body))!.key).toBe(key);
    expect(key).toBe(`shiprocket:AWB1:18:${at.toISOString()}`);
    const later = webhookBody('AWB1', 'IN TRANSIT', { at: new Date(at.getTime() + 60_000) });
    expect(scanOfWebhook(later)!.key).not.toBe(key);
  });
});
