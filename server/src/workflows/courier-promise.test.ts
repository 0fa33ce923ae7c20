import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promiseDates, zoneOf } from '@vastra/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/factories.ts';
import { FAKE_COURIERS, FakeShiprocket } from '../../test/fake-shiprocket.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { callerOf, PICKUPS, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import type { App } from '../app.ts';
import { findPlace } from '../modules/delivery/index.ts';
import { createShiprocketApi } from '../modules/shipping/index.ts';
import { CourierServiceability } from './courier-serviceability.ts';

/**
 * The delivery promise with Shiprocket configured (issue 38): its serviceability for the seller's
 * route decides whether a pincode is served, the days in transit (the fastest courier's) and COD;
 * answers are kept six hours; a failing or slow Shiprocket falls back to the zone table; orders
 * never ask it.
 */
const fake = new FakeShiprocket();
let ctx: TestContext;
let product: Awaited<ReturnType<typeof insertProduct>>;
let bare: Awaited<ReturnType<typeof insertProduct>>;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ env: await fake.start() });
  const seller = await quickSeller(ctx.app, { ...PICKUPS.jaipur, dispatchDays: 1 });
  product = await insertProduct(ctx.db, seller.id, { stock: 20 });
  bare = await insertProduct(ctx.db, (await quickSeller(ctx.app)).id);
});
afterAll(async () => {
  await ctx?.close();
  await fake.close();
});

const ask = (pincode: string, app: App = ctx.app, productId = product.id) =>
  app.inject({ method: 'GET', url: `/api/delivery/promise?productId=${productId}&pincode=${pincode}` });
const asked = () => fake.requestsTo('/courier/serviceability/').map((r) => r.query.delivery_postcode);
/** The dates for a Jaipur seller dispatching in a day with `transit` days on the road, ordered now. */
const dates = (transit: number) =>
  promiseDates(new Date(), 1, transit, { holidays: ctx.config.delivery.holidays, cutoffHour: 14 });
const zoneDays = (to: string) =>
  ctx.config.delivery.transitDays[zoneOf(findPlace('302001')!, findPlace(to)!)];

describe('the promise with Shiprocket', () => {
  it('promises the fastest courier’s days and COD when a courier collects cash; asks once per route', async () => {
    const body = (await ask('560001')).json();
    const fastest = Math.min(...FAKE_COURIERS.map((c) => Number(c.estimated_delivery_days)));
    expect(fastest).not.toBe(zoneDays('560001'));
    expect(body).toMatchObject({
      serviceable: true,
      cod: true,
      days: 1 + fastest,
      deliverBy: dates(fastest).deliverBy,
    });
    expect(fake.requestsTo('/courier/serviceability/').at(-1)!.query).toMatchObject({
      pickup_postcode: '302001',
      delivery_postcode: '560001',
      cod: '0',
    });
    expect((await ask('560001')).json()).toEqual(body);
    expect(asked().filter((p) => p === '560001')).toHaveLength(1);
  });

  it('a route no courier serves is not deliverable, as a pincode the shop does not serve', async () => {
    fake.unserviceable.add('400001');
    const res = await ask('400001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      serviceable: false,
      reason: 'We do not deliver to 400001 yet',
      cod: false,
      days: null,
      deliverBy: null,
    });
  });

  it('no COD where no serving courier collects cash', async () => {
    const saved = FAKE_COURIERS.map((c) => c.cod);
    for (const c of FAKE_COURIERS) c.cod = 0;
    try {
      expect((await ask('110001')).json()).toMatchObject({ serviceable: true, cod: false, days: 3 });
    } finally {
      FAKE_COURIERS.forEach((c, i) => {
        c.cod = saved[i]!;
      });
    }
  });

  it('falls back to the zone table when Shiprocket fails', async () => {
    fake.failNext('/courier/serviceability/', 500);
    const res = await ask('700001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      serviceable: true,
      cod: true,
      days: 1 + zoneDays('700001'),
      deliverBy: dates(zoneDays('700001')).deliverBy,
    });
  });

  it('asks nothing for a seller without a pickup address', async () => {
    const before = asked().length;
    expect((await ask('600001', ctx.app, bare.id)).json()).toMatchObject({ serviceable: true, days: null });
    expect(asked()).toHaveLength(before);
  });

  it('orders keep the rule tables: placing one asks Shiprocket nothing', async () => {
    const buyer = await quickUser(ctx.app, { postalCode: '500001', city: 'Hyderabad', state: 'Telangana' });
    const before = asked().length;
    await call('POST', '/api/user/add-to-cart', buyer, { productId: product.id, quantity: 1 });
    expect((await call('GET', '/api/user/cart', buyer)).statusCode).toBeLessThan(500);
    const placed = await call('PUT', '/api/user/order-success', buyer);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(asked()).toHaveLength(before);
    const order = (await call('GET', `/api/user/orders/${placed.json().order._id}`, buyer)).json().order;
    expect(order.items[0].deliverBy).toBe(dates(zoneDays('500001')).deliverBy);
  });
});

describe('a slow Shiprocket', () => {
  it('answers from the zone table after two seconds; the late answer serves the next shopper', async () => {
    const slow = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/auth/login')) return res.end(JSON.stringify({ token: 'slow-token' }));
      const companies = [
        { courier_company_id: 1, courier_name: 'Slow Air', rate: 99, estimated_delivery_days: 2, cod: 1 },
      ];
      setTimeout(
        () => res.end(JSON.stringify({ status: 200, data: { available_courier_companies: companies } })),
        2_600,
      );
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const other = await createTestContext({ env: { ...fake.env(), SHIPROCKET_API_URL: url } });
    try {
      const seller = await quickSeller(other.app, { ...PICKUPS.jaipur, dispatchDays: 1 });
      const piece = await insertProduct(other.db, seller.id);
      const started = Date.now();
      const first = await ask('682001', other.app, piece.id);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(first.json()).toMatchObject({ serviceable: true, days: 1 + zoneDays('682001') });
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await ask('682001', other.app, piece.id)).json()).toMatchObject({ days: 3 });
    } finally {
      await other.close();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe('the serviceability cache', () => {
  it('keeps answers six hours, per (from, to, cod), at most maxEntries routes', async () => {
    const api = createShiprocketApi(ctx.config.shipping)!;
    let now = Date.now();
    const cache = new CourierServiceability(api, { maxEntries: 2, now: () => now });
    const calls = () => fake.requestsTo('/courier/serviceability/').length;
    const before = calls();
    await cache.answer({ from: '302001', to: '751001', cod: false });
    await cache.answer({ from: '302001', to: '751001', cod: false });
    expect(calls()).toBe(before + 1);
    expect(await cache.answer({ from: '302001', to: '751001', cod: true })).toEqual({
      serviceable: true,
      transitDays: 5,
      cod: true,
    });
    expect(calls()).toBe(before + 2);
    // A third route pushes the oldest out.
    await cache.answer({ from: '302001', to: '226001', cod: false });
    await cache.answer({ from: '302001', to: '751001', cod: false });
    expect(calls()).toBe(before + 4);
    now += 6 * 60 * 60_000 + 1;
    await cache.answer({ from: '302001', to: '751001', cod: false });
    expect(calls()).toBe(before + 5);
  });
});
