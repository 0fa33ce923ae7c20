import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/factories.ts';
import {
  FAKE_COURIERS,
  FAKE_LABEL_PDF,
  FakeShiprocket,
  type WebhookStatus,
  webhookBody,
} from '../../test/fake-shiprocket.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { variantStock } from '../../test/return-fixtures.ts';
import {
  bookWithShiprocket,
  JAIPUR_PICKUP,
  minutesAgo,
  placedOrder,
  rows,
  sendTracking,
} from '../../test/shipment-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import type { App } from '../app.ts';

/**
 * Shipments through Shiprocket (issue 38) against a local fake of its API, through the HTTP API:
 * booking, label and pickup; the tracking webhook (authenticated, each event once); failed
 * deliveries answered by the shopper; the return to the seller (RTO) bringing stock and money back
 * once, even when two app processes receive the same webhook together.
 */
const fake = new FakeShiprocket();
let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);
const db = () => rows(ctx.db);

beforeAll(async () => {
  const env = await fake.start();
  ctx = await createTestContext({ env: { ...env, RTO_FEE: '40' } });
  seller = await quickSeller(ctx.app);
  expect((await call('PUT', '/api/seller/pickup-address', seller, JAIPUR_PICKUP)).statusCode).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await fake.close();
});

/** A buyer's order of `quantity` of a new product of the seller (stock 10), booked with Shiprocket. */
async function bookedOrder(pay: 'cod' | 'card' = 'cod', quantity = 1) {
  const buyer = await quickUser(ctx.app);
  const product = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 10 });
  const order = await placedOrder(call, ctx.app, buyer, [{ productId: product.id, quantity }], pay);
  const shipment = await bookWithShiprocket(call, seller, order);
  return { buyer, product, order, shipment, awb: shipment.awb! };
}

/** Shiprocket reports `status` for the AWB `minutes` ago; the webhook must answer 200. */
async function track(awb: string, status: WebhookStatus, ago: number | Date, opts = {}, app: App = ctx.app) {
  const at = typeof ago === 'number' ? minutesAgo(ago) : ago;
  const res = await sendTracking(app, webhookBody(awb, status, { at, ...opts }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; applied: boolean };
}

const shopperShipment = async (buyer: FastAccount, id: string) =>
  (await call('GET', `/api/user/shipments/${id}`, buyer)).json().shipment;

describe('booking a parcel with Shiprocket', () => {
  it('books the order, assigns the AWB, ships the items with an invoice; label and pickup come from Shiprocket', async () => {
    const { order, shipment, awb } = await bookedOrder('cod', 2);
    const adhoc = fake.requestsTo('/orders/create/adhoc').at(-1)!.body;
    const item = (await db().items(order._id))[0]!;
    // 2 × 1,000.00 + 5% GST on clothing under 2,500 a piece, collected at the door, 2 × 400 g of shirt.
    expect(adhoc).toMatchObject({
      order_id: shipment._id,
      payment_method: 'COD',
      sub_total: (item.taxablePaise + item.taxPaise) / 100,
      weight: 0.8,
      pickup_location: `vastra-${seller.id.slice(0, 8)}`,
      billing_pincode: '560001',
    });
    expect(fake.pickups.get(`vastra-${seller.id.slice(0, 8)}`)).toMatchObject({ pin_code: '302001' });
    expect(awb).toMatch(/^1904\d{10}$/);
    expect(shipment).toMatchObject({
      provider: 'shiprocket',
      courier: 'Xpressbees Surface',
      status: 'booked',
    });
    expect(item).toMatchObject({
      status: 'shipped',
      courier: 'Xpressbees Surface',
      awb,
      shipmentId: shipment._id,
    });
    expect(item.invoiceId).not.toBeNull();
    expect((await db().documents(order._id)).map((d) => d.kind)).toEqual(['invoice']);

    const label = await call('GET', `/api/seller/shipments/${shipment._id}/label.pdf`, seller);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toContain('application/pdf');
    expect(label.rawPayload.equals(FAKE_LABEL_PDF)).toBe(true);

    const pickupsBefore = fake.requestsTo('/courier/generate/pickup').length;
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/seller/shipments/${shipment._id}/pickup`, seller);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().shipment.pickupRequestedAt).not.toBeNull();
    }
    expect(fake.requestsTo('/courier/generate/pickup').length).toBe(pickupsBefore + 1);
  });

  it('adds the seller’s pickup location once for all its parcels', async () => {
    await bookedOrder();
    await bookedOrder('card');
    const mine = fake
      .requestsTo('/settings/company/addpickup')
      .filter((r) => r.body.pickup_location === `vastra-${seller.id.slice(0, 8)}`);
    expect(mine).toHaveLength(1);
  });

  it('refuses a seller without a pickup address (409): nothing is booked or shipped', async () => {
    const bare = await quickSeller(ctx.app);
    const product = await insertProduct(ctx.db, bare.id, { stock: 5 });
    const order = await placedOrder(call, ctx.app, await quickUser(ctx.app), [{ productId: product.id }]);
    const ordersBefore = fake.orders.size;
    const res = await call('POST', `/api/seller/orders/${order._id}/shipments`, bare, {
      itemIds: [order.items[0]!._id],
      provider: 'shiprocket',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/pickup address/);
    expect(fake.orders.size).toBe(ordersBefore);
    expect((await db().items(order._id)).map((i) => [i.status, i.shipmentId, i.invoiceId])).toEqual([
      ['pending', null, null],
    ]);
    expect(await db().documents(order._id)).toEqual([]);
  });

  it('lists the couriers Shiprocket quotes for the order (COD: only those that collect cash)', async () => {
    const product = await insertProduct(ctx.db, seller.id, { stock: 5 });
    const buyer = await quickUser(ctx.app);
    const prepaid = await placedOrder(call, ctx.app, buyer, [{ productId: product.id }], 'card');
    const res = await call('GET', `/api/seller/orders/${prepaid._id}/couriers`, seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      available: true,
      couriers: FAKE_COURIERS.map((c) => ({
        courierId: c.courier_company_id,
        name: c.courier_name,
        rate: c.rate,
        etdDays: Number(c.estimated_delivery_days),
        cod: c.cod === 1,
      })),
    });
    expect(fake.requestsTo('/courier/serviceability/').at(-1)!.query).toMatchObject({
      pickup_postcode: '302001',
      delivery_postcode: '560001',
      cod: '0',
    });
    const cod = await placedOrder(call, ctx.app, buyer, [{ productId: product.id }]);
    const codRates = (await call('GET', `/api/seller/orders/${cod._id}/couriers`, seller)).json();
    expect(codRates.couriers.map((c: { name: string }) => c.name)).toEqual(['Xpressbees Surface']);
  });

  it('books with the courier the seller picked from the rates', async () => {
    const product = await insertProduct(ctx.db, seller.id, { stock: 5 });
    const buyer = await quickUser(ctx.app);
    const order = await placedOrder(call, ctx.app, buyer, [{ productId: product.id }], 'card');
    const picked = FAKE_COURIERS[1]!;
    const res = await call('POST', `/api/seller/orders/${order._id}/shipments`, seller, {
      itemIds: [order.items[0]!._id],
      provider: 'shiprocket',
      courierId: picked.courier_company_id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().shipment.courier).toBe(picked.courier_name);
    expect(fake.requestsTo('/courier/assign/awb').at(-1)!.body).toMatchObject({
      courier_id: picked.courier_company_id,
    });
    const bad = await call('POST', `/api/seller/orders/${order._id}/shipments`, seller, {
      itemIds: [order.items[0]!._id],
      provider: 'shiprocket',
      courierId: 'fastest',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the tracking webhook', () => {
  it('records each scan; delivery delivers the items as the seller’s button does, collects the cash and mails the shopper', async () => {
    const { buyer, order, shipment, awb } = await bookedOrder('cod');
    for (const [i, status] of (['PICKED UP', 'IN TRANSIT', 'OUT FOR DELIVERY'] as const).entries()) {
      expect(await track(awb, status, 40 - i * 10)).toEqual({ success: true, applied: true });
    }
    expect((await db().shipment(shipment._id)).status).toBe('out_for_delivery');
    expect((await db().items(order._id))[0]!.status).toBe('shipped');
    expect(await db().mailKinds(buyer.email)).toEqual(['tracking_out_for_delivery']);

    const deliveredAt = minutesAgo(5);
    expect(await track(awb, 'DELIVERED', deliveredAt)).toEqual({ success: true, applied: true });
    const events = await db().events(shipment._id);
    expect(events.map((e) => [e.status, e.source])).toEqual([
      ['picked_up', 'shiprocket'],
      ['in_transit', 'shiprocket'],
      ['out_for_delivery', 'shiprocket'],
      ['delivered', 'shiprocket'],
    ]);
    expect(events.at(-1)!.at).toEqual(deliveredAt);
    const [item] = await db().items(order._id);
    expect(item).toMatchObject({ status: 'delivered', deliveredAt });
    expect(item!.codCollectedAt).not.toBeNull();
    expect((await db().order(order._id)).paymentStatus).toBe('cod_collected');
    expect(await db().shipment(shipment._id)).toMatchObject({
      status: 'delivered',
      deliveredAt,
    });
    expect(await db().mailKinds(buyer.email)).toEqual(['tracking_delivered', 'tracking_out_for_delivery']);

    // The same order delivered by the seller's "Mark delivered": the same ledger entries.
    const twin = await placedOrder(call, ctx.app, buyer, [{ productId: order.items[0]!.productId }]);
    const twinItem = twin.items[0]!._id;
    const ship = { courier: 'Delhivery', awb: 'DLV123456' };
    expect((await call('POST', `/api/seller/orders/${twinItem}/ship`, seller, ship)).statusCode).toBe(200);
    expect((await call('POST', `/api/seller/orders/${twinItem}/deliver`, seller)).statusCode).toBe(200);
    const byHand = await db().ledger(twinItem);
    expect(byHand.map((e) => e.kind)).toEqual(expect.arrayContaining(['cod_collected', 'commission']));
    expect(await db().ledger(item!.id)).toEqual(byHand);
  });

  it('refuses a forged call (no key, a wrong key) with 401 and changes nothing', async () => {
    const { shipment, awb } = await bookedOrder();
    for (const token of [null, 'not-the-token', `${'x'.repeat(29)}`]) {
      const res = await sendTracking(ctx.app, webhookBody(awb, 'DELIVERED'), token);
      expect(res.statusCode).toBe(401);
    }
    expect(await db().events(shipment._id)).toEqual([]);
    expect((await db().shipment(shipment._id)).status).toBe('booked');
  });

  it('refuses every call when no webhook token is configured', async () => {
    const { SHIPROCKET_WEBHOOK_TOKEN: _, ...noToken } = fake.env();
    const bare = await createTestContext({ env: noToken });
    try {
      const res = await sendTracking(bare.app, webhookBody('19040000000001', 'DELIVERED'));
      expect(res.statusCode).toBe(401);
      expect((await sendTracking(bare.app, webhookBody('19040000000001', 'DELIVERED'), '')).statusCode).toBe(
        401,
      );
    } finally {
      await bare.close();
    }
  });

  it('acts on a replayed event once: one timeline line, one sale', async () => {
    const { order, shipment, awb } = await bookedOrder('card');
    const body = webhookBody(awb, 'DELIVERED', { at: minutesAgo(3) });
    expect((await sendTracking(ctx.app, body)).json()).toEqual({ success: true, applied: true });
    expect((await sendTracking(ctx.app, body)).json()).toEqual({ success: true, applied: false });
    expect(await db().events(shipment._id)).toHaveLength(1);
    const ledger = await db().ledger(order.items[0]!._id);
    expect(ledger.filter((e) => e.kind === 'sale')).toHaveLength(1);
  });

  it('answers 200 to an AWB it never booked and to bodies it cannot read, and changes nothing', async () => {
    const { shipment, awb } = await bookedOrder();
    expect(await track('99999999999999', 'DELIVERED', 1)).toEqual({ success: true, applied: false });
    const junk = [
      {},
      [],
      { awb },
      { awb, current_status: 'DELIVERED' },
      { awb, current_status: 'DANCING', current_timestamp: '01 01 2026 10:00:00' },
      { awb, current_status: 'DELIVERED', current_timestamp: '31 02 2026 10:00:00' },
      { awb: { $ne: null }, current_status: 'DELIVERED', current_timestamp: '01 01 2026 10:00:00' },
      'null',
      '"DELIVERED"',
    ];
    for (const body of junk) {
      const res = await sendTracking(ctx.app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().applied).toBe(false);
    }
    const broken = await sendTracking(ctx.app, '{"awb": ');
    expect(broken.statusCode).toBe(400);
    expect(await db().events(shipment._id)).toEqual([]);
    expect((await db().shipment(shipment._id)).status).toBe('booked');
  });
});

describe('a failed delivery (NDR)', () => {
  async function failedOnce(pay: 'cod' | 'card' = 'cod') {
    const booked = await bookedOrder(pay);
    await track(booked.awb, 'OUT FOR DELIVERY', 60);
    await track(booked.awb, 'UNDELIVERED', 50, { reason: 'Consignee not available' });
    return booked;
  }

  it('asks the shopper; a re-attempt on a date offered goes to Shiprocket with the phone and landmark', async () => {
    const { buyer, shipment, awb } = await failedOnce();
    expect(await db().shipment(shipment._id)).toMatchObject({
      status: 'delivery_failed',
      failedAttempts: 1,
      ndrState: 'open',
      ndrReason: 'Consignee not available',
    });
    expect(await db().mailKinds(buyer.email)).toEqual([
      'tracking_delivery_failed',
      'tracking_out_for_delivery',
    ]);
    const seen = await shopperShipment(buyer, shipment._id);
    expect(seen.ndr).toMatchObject({ state: 'open', reason: 'Consignee not available' });
    const date = seen.ndr.dates[1] as string;

    const stranger = await quickUser(ctx.app);
    const answer = { action: 'reattempt', date, phone: '9812345678', landmark: 'Opposite the temple' };
    expect((await call('POST', `/api/user/shipments/${shipment._id}/ndr`, stranger, answer)).statusCode).toBe(
      404,
    );
    const res = await call('POST', `/api/user/shipments/${shipment._id}/ndr`, buyer, answer);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.ndrActions.filter((a) => a.awb === awb).map((a) => a.body)).toEqual([
      expect.objectContaining({
        action: 're-attempt',
        deferred_date: date,
        phone: '9812345678',
        address2: 'Opposite the temple',
      }),
    ]);
    expect(await db().shipment(shipment._id)).toMatchObject({
      ndrState: 'reattempt',
      ndrDate: date,
      ndrPhone: '9812345678',
      ndrLandmark: 'Opposite the temple',
    });
    const again = await call('POST', `/api/user/shipments/${shipment._id}/ndr`, buyer, answer);
    expect(again.statusCode).toBe(409);
    expect(fake.ndrActions.filter((a) => a.awb === awb)).toHaveLength(1);
  });

  it('refuses a date outside the next three days (400) and keeps the question open', async () => {
    const { buyer, shipment, awb } = await failedOnce();
    const { dates } = (await shopperShipment(buyer, shipment._id)).ndr as { dates: string[] };
    const tooLate = new Date(Date.parse(`${dates[2]}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const date of [tooLate, '2020-01-01', '2026-13-45']) {
      const res = await call('POST', `/api/user/shipments/${shipment._id}/ndr`, buyer, {
        action: 'reattempt',
        date,
      });
      expect(res.statusCode, date).toBe(400);
    }
    expect((await db().shipment(shipment._id)).ndrState).toBe('open');
    expect(fake.ndrActions.filter((a) => a.awb === awb)).toEqual([]);
  });

  it('answers 502 when Shiprocket does not take the answer, and the shopper may answer again', async () => {
    const { buyer, shipment, awb } = await failedOnce();
    const date = (await shopperShipment(buyer, shipment._id)).ndr.dates[0];
    fake.failNext(`/ndr/${awb}/action`, 500);
    const res = await call('POST', `/api/user/shipments/${shipment._id}/ndr`, buyer, {
      action: 'reattempt',
      date,
    });
    expect(res.statusCode).toBe(502);
    expect(await db().shipment(shipment._id)).toMatchObject({ ndrState: 'open', ndrDate: null });
    const retry = await call('POST', `/api/user/shipments/${shipment._id}/ndr`, buyer, {
      action: 'reattempt',
      date,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await db().shipment(shipment._id)).ndrState).toBe('reattempt');
  });

  it('a cancel sends the parcel back: Shiprocket is told to return it, the items are `rto`', async () => {
    const { buyer, order, shipment, awb } = await failedOnce();
    const res = await call('POST', `/api/user/shipments/${shipment._id}/ndr`, buyer, { action: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.ndrActions.filter((a) => a.awb === awb).map((a) => a.body.action)).toEqual(['return']);
    expect((await db().items(order._id)).map((i) => i.status)).toEqual(['rto']);
    expect(await db().shipment(shipment._id)).toMatchObject({ status: 'rto_initiated', ndrState: 'cancel' });
    expect(await db().mailKinds(buyer.email)).toContain('tracking_rto_initiated');
  });
});

/** Three failed attempts: the parcel turns back by itself. */
async function threeFailures(awb: string) {
  for (const minutes of [50, 40, 30]) await track(awb, 'UNDELIVERED', minutes);
}

describe('return to origin (RTO)', () => {
  it('after the third failed attempt, turns back by itself and tells Shiprocket to return it', async () => {
    const { order, shipment, awb } = await bookedOrder('cod');
    await threeFailures(awb);
    expect(await db().shipment(shipment._id)).toMatchObject({
      status: 'rto_initiated',
      failedAttempts: 3,
      ndrState: null,
    });
    expect((await db().shipment(shipment._id)).rtoAt).not.toBeNull();
    expect((await db().items(order._id)).map((i) => i.status)).toEqual(['rto']);
    expect(fake.ndrActions.filter((a) => a.awb === awb).map((a) => a.body.action)).toEqual(['return']);
    // A delivery reported after the parcel turned back changes nothing.
    expect(await track(awb, 'DELIVERED', 20)).toEqual({ success: true, applied: false });
  });

  it('prepaid: back at the seller, the stock returns once, the order is refunded in full once, a credit note, the RTO fee', async () => {
    const { product, order, shipment, awb } = await bookedOrder('card', 2);
    expect(await variantStock(ctx.db, product.variantId)).toBe(8);
    await threeFailures(awb);
    let providerCalls = 0;
    const payments = ctx.app.deps.payments;
    const refund = payments.refund.bind(payments);
    payments.refund = async (input) => {
      providerCalls++;
      return refund(input);
    };
    try {
      const back = minutesAgo(10);
      expect(await track(awb, 'RTO DELIVERED', back)).toEqual({ success: true, applied: true });
      expect(await track(awb, 'RTO DELIVERED', back)).toEqual({ success: true, applied: false });
      expect(await track(awb, 'RTO DELIVERED', 5)).toEqual({ success: true, applied: false });
    } finally {
      payments.refund = refund;
    }
    expect(providerCalls).toBe(1);
    expect(await variantStock(ctx.db, product.variantId)).toBe(10);
    const placed = await db().order(order._id);
    const owed = await db().refunds(order._id);
    expect(owed.map((r) => [r.idempotencyKey, r.reason, r.amountPaise, r.status])).toEqual([
      [`rto-${shipment._id}`, 'rto', placed.totalPaise, 'succeeded'],
    ]);
    expect((await db().items(order._id)).map((i) => [i.status, i.refundedPaise])).toEqual([
      ['rto', placed.totalPaise],
    ]);
    const docs = await db().documents(order._id);
    expect(docs.map((d) => d.kind)).toEqual(['credit_note', 'invoice']);
    expect(docs[0]!.totalPaise).toBe(docs[1]!.totalPaise);
    const ledger = await db().ledger(order.items[0]!._id);
    expect(ledger).toEqual([{ kind: 'rto_fee', amountPaise: -4000 }]);
    expect(await db().shipment(shipment._id)).toMatchObject({ status: 'rto_delivered' });
  });

  it('COD: back at the seller, nothing is collected or refunded; the stock returns once', async () => {
    const { product, order, shipment, awb } = await bookedOrder('cod');
    await threeFailures(awb);
    const back = minutesAgo(10);
    await track(awb, 'RTO DELIVERED', back);
    await track(awb, 'RTO DELIVERED', back);
    expect(await variantStock(ctx.db, product.variantId)).toBe(10);
    const [item] = await db().items(order._id);
    expect(item).toMatchObject({ status: 'rto', codCollectedAt: null, refundedPaise: null });
    expect((await db().order(order._id)).paymentStatus).toBe('cod_due');
    expect(await db().refunds(order._id)).toEqual([]);
    expect((await db().documents(order._id)).map((d) => d.kind)).toEqual(['credit_note', 'invoice']);
    expect(await db().ledger(item!.id)).toEqual([{ kind: 'rto_fee', amountPaise: -4000 }]);
    expect((await db().events(shipment._id)).filter((e) => e.status === 'rto_delivered')).toHaveLength(1);
  });

  it('RTO DELIVERED on two app processes at once: stock back once, one refund', async () => {
    const other = await ctx.spawnSeparateApp();
    for (let round = 0; round < 3; round++) {
      const { product, order, shipment, awb } = await bookedOrder('card');
      await threeFailures(awb);
      let providerCalls = 0;
      const restore: Array<() => void> = [];
      for (const app of [ctx.app, other]) {
        const payments = app.deps.payments;
        const refund = payments.refund.bind(payments);
        payments.refund = async (input) => {
          providerCalls++;
          return refund(input);
        };
        restore.push(() => {
          payments.refund = refund;
        });
      }
      let answers: { applied: boolean }[];
      try {
        // The same scan twice and two scans a second apart: each reaches the database together.
        const back = minutesAgo(10);
        const later = new Date(back.getTime() + 1000);
        const bodies = [back, back, later, later].map((at) => webhookBody(awb, 'RTO DELIVERED', { at }));
        const res = await Promise.all(bodies.map((b, i) => sendTracking(i % 2 === 0 ? ctx.app : other, b)));
        expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
        answers = res.map((r) => r.json());
      } finally {
        for (const r of restore) r();
      }
      expect(answers.filter((a) => a.applied)).toHaveLength(1);
      expect(providerCalls).toBe(1);
      expect(await variantStock(ctx.db, product.variantId)).toBe(10);
      const owed = await db().refunds(order._id);
      expect(owed.map((r) => [r.idempotencyKey, r.status])).toEqual([[`rto-${shipment._id}`, 'succeeded']]);
      expect((await db().documents(order._id)).filter((d) => d.kind === 'credit_note')).toHaveLength(1);
      expect(await db().ledger(order.items[0]!._id)).toEqual([{ kind: 'rto_fee', amountPaise: -4000 }]);
    }
  });
});
