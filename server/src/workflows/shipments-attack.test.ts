import type { ApiOrder, ShipmentAnswer } from '@vastra/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct } from '../../test/factories.ts';
import { FakeShiprocket } from '../../test/fake-shiprocket.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { JAIPUR_PICKUP, placedOrder, rows } from '../../test/shipment-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { shipmentEvents, shipments } from '../db/schema.ts';

/**
 * Issue 38 from an attacker's side, through the HTTP API: bad input on every shipment route, other
 * sellers' and shoppers' parcels, events the parcel's state does not take, a double booking, the
 * money of two parcels of one card order coming back one after the other, and the SPEC's ship and
 * deliver calls. Each refusal is checked against the database: nothing changed.
 */
const fake = new FakeShiprocket();
let ctx: TestContext;
let seller: FastAccount;
let rival: FastAccount;
let admin: { headers: { 'auth-token': string } };
const call = callerOf(() => ctx.app);
const db = () => rows(ctx.db);

beforeAll(async () => {
  const env = await fake.start();
  ctx = await createTestContext({ env: { ...env, RTO_FEE: '40' } });
  admin = { headers: auth((await createAdmin(ctx.app, ctx.db)).token) };
  seller = await quickSeller(ctx.app);
  rival = await quickSeller(ctx.app);
  for (const s of [seller, rival])
    expect((await call('PUT', '/api/seller/pickup-address', s, JAIPUR_PICKUP)).statusCode).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await fake.close();
});

async function order(pay: 'cod' | 'card' = 'cod', n = 1, prices = [100_000, 60_000, 30_000]) {
  const buyer = await quickUser(ctx.app);
  const lines = [];
  for (let i = 0; i < n; i++) {
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: prices[i]!, stock: 10 });
    lines.push({ productId: p.id });
  }
  const placed = await placedOrder(call, ctx.app, buyer, lines, pay);
  return { buyer, order: placed };
}

const SELF = { provider: 'self', courier: 'Delhivery', awb: 'DLV1234567' };

async function bookSelf(o: ApiOrder, itemIds = o.items.map((i) => i._id)): Promise<ShipmentAnswer> {
  const res = await call('POST', `/api/seller/orders/${o._id}/shipments`, seller, { ...SELF, itemIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shipment;
}

/** What a refused call must leave as it was: the order's items, its parcels, timelines and refunds. */
async function stateOf(orderId: string) {
  const items = (await db().items(orderId)).map((i) => ({
    id: i.id,
    status: i.status,
    shipmentId: i.shipmentId,
    invoiceId: i.invoiceId,
    refunded: i.refundedPaise,
    deliveredAt: i.deliveredAt?.toISOString() ?? null,
  }));
  const parcels = await ctx.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  const events = [];
  for (const p of parcels) events.push(...(await db().events(p.id)).map((e) => e.status));
  return {
    items,
    parcels: parcels.map((p) => ({
      id: p.id,
      status: p.status,
      ndr: p.ndrState,
      pickup: p.pickupRequestedAt,
    })),
    events,
    refunds: (await db().refunds(orderId)).length,
    order: await db().order(orderId),
  };
}

const expect4xx = (
  res: { statusCode: number; body: string; json: () => { success?: unknown; error?: unknown } },
  code: number,
) => {
  expect(res.statusCode, res.body).toBe(code);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  expect(String(body.error).length).toBeGreaterThan(0);
};

describe('bad input on the shipment routes', () => {
  it('POST /api/seller/orders/{orderId}/shipments refuses each bad body with 400 and ships nothing', async () => {
    const { order: o } = await order('cod', 2);
    const id = o.items[0]!._id;
    const before = await stateOf(o._id);
    const url = `/api/seller/orders/${o._id}/shipments`;
    const bodies: object[] = [
      { ...SELF, itemIds: [] },
      { ...SELF, itemIds: id },
      { ...SELF, itemIds: [42] },
      { ...SELF, itemIds: ['not-a-uuid'] },
      { ...SELF, itemIds: [`${id}\u0000`] },
      { ...SELF, itemIds: Array.from({ length: 101 }, () => id) },
      { ...SELF, itemIds: [id], courier: 'x'.repeat(100_000) },
      { ...SELF, itemIds: [id], courier: 'Delhi\u0000very' },
      { ...SELF, itemIds: [id], awb: 'DLV\u00001234567' },
      { ...SELF, itemIds: [id], awb: 'A'.repeat(31) },
      { ...SELF, itemIds: [id], awb: 12345678 },
      { ...SELF, itemIds: [id], weightGrams: 0 },
      { ...SELF, itemIds: [id], weightGrams: -5 },
      { ...SELF, itemIds: [id], weightGrams: '500' },
      { ...SELF, itemIds: [id], weightGrams: 1.5 },
      { ...SELF, itemIds: [id], weightGrams: 1e12 },
      { ...SELF, itemIds: [id], dims: { length: '30', breadth: '20', height: '5' } },
      { ...SELF, itemIds: [id], dims: { length: 0, breadth: 20, height: 5 } },
      { ...SELF, itemIds: [id], dims: { length: 30, breadth: 20 } },
      { ...SELF, itemIds: [id], dims: '30x20x5' },
      { ...SELF, itemIds: [id], provider: 'dhl' },
      { ...SELF, itemIds: [id], courierId: -1 },
      { ...SELF, itemIds: [id], courierId: 'fast' },
      { itemIds: [id], provider: 'self' },
      { itemIds: [id], provider: 'self', courier: 'Delhivery' },
    ];
    for (const body of bodies) {
      const res = await call('POST', url, seller, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 120)} → ${res.body}`).toBe(400);
    }
    // Not JSON at all.
    const raw = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...seller.headers, 'content-type': 'application/json' },
      payload: '{"itemIds": [',
    });
    expect(raw.statusCode).toBe(400);
    // Malformed order ids in the path.
    for (const bad of ['nope', '1', `${o._id}x`, '%00']) {
      const res = await call('POST', `/api/seller/orders/${bad}/shipments`, seller, {
        ...SELF,
        itemIds: [id],
      });
      expect([400, 404], res.body).toContain(res.statusCode);
    }
    // The items' order is not the one in the path.
    const { order: other } = await order('cod', 1);
    const wrongOrder = await call('POST', url, seller, { ...SELF, itemIds: [other.items[0]!._id] });
    expect4xx(wrongOrder, 400);
    expect(await stateOf(o._id)).toEqual(before);
    expect((await stateOf(other._id)).parcels).toEqual([]);
  });

  it('a duplicated item id ships that item once, in one parcel', async () => {
    const { order: o } = await order('cod', 1);
    const id = o.items[0]!._id;
    const s = await bookSelf(o, [id, id, id.toUpperCase()]);
    expect(s.itemIds).toEqual([id]);
    const st = await stateOf(o._id);
    expect(st.parcels).toHaveLength(1);
    expect(st.items[0]).toMatchObject({ status: 'shipped', shipmentId: s._id });
  });

  it('POST /api/seller/shipments/{id}/events refuses bad status, at and note with 400; nothing changes', async () => {
    const { order: o } = await order('cod', 1);
    const s = await bookSelf(o);
    const before = await stateOf(o._id);
    const url = `/api/seller/shipments/${s._id}/events`;
    const bodies: object[] = [
      {},
      { status: 'lost' },
      { status: 'booked' },
      { status: 'DELIVERED' },
      { status: 42 },
      { status: 'in_transit', at: 'yesterday' },
      { status: 'in_transit', at: '2026-13-45T99:99:99Z' },
      { status: 'in_transit', at: '2026-01-01' },
      { status: 'in_transit', at: 1_700_000_000_000 },
      { status: 'in_transit', at: '2026-01-01T10:00:00' },
      { status: 'in_transit', note: 'x'.repeat(201) },
      { status: 'in_transit', note: 'hub\u0000scan' },
      { status: 'in_transit', note: 42 },
      { status: 'in_transit', at: new Date(Date.now() + 86_400_000).toISOString() },
    ];
    for (const body of bodies) {
      const res = await call('POST', url, seller, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 120)} → ${res.body}`).toBe(400);
    }
    for (const bad of ['nope', '123', `${s._id}0`]) {
      const res = await call('POST', `/api/seller/shipments/${bad}/events`, seller, { status: 'in_transit' });
      expect(res.statusCode, res.body).toBe(400);
    }
    const unknown = await call('POST', `/api/seller/shipments/${crypto.randomUUID()}/events`, seller, {
      status: 'in_transit',
    });
    expect4xx(unknown, 404);
    expect(await stateOf(o._id)).toEqual(before);
  });

  it('the other routes refuse malformed ids and bodies with 400, never 500', async () => {
    const { buyer, order: o } = await order('cod', 1);
    const s = await bookSelf(o);
    const before = await stateOf(o._id);
    const sellerGets = [
      '/api/seller/shipments/nope',
      '/api/seller/shipments/nope/label.pdf',
      '/api/seller/orders/nope/couriers',
      '/api/seller/shipments?orderId=nope',
      `/api/seller/shipments?status=${'x'.repeat(41)}`,
    ];
    for (const url of sellerGets) expect((await call('GET', url, seller)).statusCode, url).toBe(400);
    for (const url of ['/api/seller/shipments/nope/pickup', '/api/seller/shipments/nope/received-back'])
      expect((await call('POST', url, seller, {})).statusCode, url).toBe(400);
    for (const url of ['/api/user/shipments/nope', '/api/user/orders/nope/shipments'])
      expect((await call('GET', url, buyer)).statusCode, url).toBe(400);
    const ndr = `/api/user/shipments/${s._id}/ndr`;
    const ndrBodies: object[] = [
      {},
      { action: 'refund' },
      { action: 'reattempt' },
      { action: 'reattempt', date: 'tomorrow' },
      { action: 'reattempt', date: '2026-02-30' },
      { action: 'reattempt', date: '2020-01-01' },
      { action: 'reattempt', date: '2099-01-01' },
      { action: 'reattempt', date: reattemptSoon(), phone: '123' },
      { action: 'reattempt', date: reattemptSoon(), landmark: 'ab' },
      { action: 'reattempt', date: reattemptSoon(), landmark: 'near\u0000temple' },
      { action: 'reattempt', date: reattemptSoon(), landmark: 'x'.repeat(121) },
    ];
    for (const body of ndrBodies) {
      const res = await call('POST', ndr, buyer, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400);
    }
    expect((await call('POST', '/api/user/shipments/nope/ndr', buyer, { action: 'cancel' })).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/admin/rto-rates?by=city', admin)).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/users/nope/cod-hold/lift', admin, {})).statusCode).toBe(400);
    expect(
      (await call('POST', `/api/admin/users/${crypto.randomUUID()}/cod-hold/lift`, admin, {})).statusCode,
    ).toBe(404);
    expect(await stateOf(o._id)).toEqual(before);
  });
});

/** Tomorrow in India: a date the re-attempt would take. */
function reattemptSoon() {
  return new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

describe('ownership and roles', () => {
  it("another seller can neither see nor move a seller's parcel; nothing changes", async () => {
    const { buyer, order: o } = await order('cod', 1);
    const self = await bookSelf(o);
    const { order: o2 } = await order('cod', 1);
    const sr = await call('POST', `/api/seller/orders/${o2._id}/shipments`, seller, {
      itemIds: [o2.items[0]!._id],
      provider: 'shiprocket',
    });
    expect(sr.statusCode, sr.body).toBe(201);
    const booked: ShipmentAnswer = sr.json().shipment;
    const before = [await stateOf(o._id), await stateOf(o2._id)];
    const pickups = fake.requestsTo('/courier/generate/pickup').length;

    for (const s of [self, booked]) {
      expect4xx(await call('GET', `/api/seller/shipments/${s._id}`, rival), 404);
      expect4xx(await call('POST', `/api/seller/shipments/${s._id}/pickup`, rival, {}), 404);
      expect4xx(
        await call('POST', `/api/seller/shipments/${s._id}/events`, rival, { status: 'delivered' }),
        404,
      );
      expect4xx(await call('POST', `/api/seller/shipments/${s._id}/received-back`, rival, {}), 404);
      expect((await call('GET', `/api/seller/shipments/${s._id}/label.pdf`, rival)).statusCode).toBe(404);
      // The shopper's token on seller routes, the seller's on the shopper's.
      expect([401, 403]).toContain(
        (await call('POST', `/api/seller/shipments/${s._id}/events`, buyer, { status: 'delivered' }))
          .statusCode,
      );
      expect([401, 403]).toContain(
        (await call('POST', `/api/seller/shipments/${s._id}/received-back`, buyer, {})).statusCode,
      );
      expect([401, 403]).toContain((await call('GET', `/api/user/shipments/${s._id}`, seller)).statusCode);
      expect([401, 403]).toContain(
        (await call('POST', `/api/user/shipments/${s._id}/ndr`, seller, { action: 'cancel' })).statusCode,
      );
      expect((await call('GET', `/api/user/shipments/${s._id}`)).statusCode).toBe(401);
    }
    expect4xx(await call('GET', `/api/seller/orders/${o._id}/couriers`, rival), 404);
    const list = await call('GET', `/api/seller/shipments?orderId=${o._id}`, rival);
    expect(list.statusCode).toBe(200);
    expect(list.json().shipments).toEqual([]);
    // Booking another seller's item on its own order: 404, nothing shipped.
    expect4xx(
      await call('POST', `/api/seller/orders/${o._id}/shipments`, rival, {
        ...SELF,
        itemIds: [o.items[0]!._id],
      }),
      404,
    );
    expect4xx(await call('POST', `/api/seller/orders/${o._id}/ship`, rival, {}), 404);
    expect4xx(await call('POST', `/api/seller/orders/${o.items[0]!._id}/deliver`, rival, {}), 404);
    // Another shopper.
    const stranger = await quickUser(ctx.app);
    expect4xx(await call('GET', `/api/user/shipments/${self._id}`, stranger), 404);
    expect4xx(await call('POST', `/api/user/shipments/${self._id}/ndr`, stranger, { action: 'cancel' }), 404);
    expect4xx(await call('GET', `/api/user/orders/${o._id}/shipments`, stranger), 404);
    // Admin routes: neither a seller nor a shopper.
    for (const who of [seller, buyer, undefined]) {
      expect([401, 403]).toContain((await call('GET', '/api/admin/rto-rates', who)).statusCode);
      expect([401, 403]).toContain(
        (await call('POST', `/api/admin/users/${buyer.id}/cod-hold/lift`, who, {})).statusCode,
      );
    }
    expect([await stateOf(o._id), await stateOf(o2._id)]).toEqual(before);
    expect(fake.requestsTo('/courier/generate/pickup').length).toBe(pickups);
  });
});

describe('the state machine', () => {
  it('a delivered parcel takes no event, no received-back, no NDR answer', async () => {
    const { buyer, order: o } = await order('cod', 1);
    const s = await bookSelf(o);
    const post = (status: string) =>
      call('POST', `/api/seller/shipments/${s._id}/events`, seller, { status });
    expect4xx(await call('POST', `/api/seller/shipments/${s._id}/received-back`, seller, {}), 409);
    expect4xx(await call('POST', `/api/user/shipments/${s._id}/ndr`, buyer, { action: 'cancel' }), 409);
    expect((await post('delivered')).statusCode).toBe(200);
    const before = await stateOf(o._id);
    for (const status of ['delivered', 'in_transit', 'delivery_failed', 'rto_initiated', 'rto_delivered'])
      expect4xx(await post(status), 409);
    expect4xx(await call('POST', `/api/seller/shipments/${s._id}/received-back`, seller, {}), 409);
    expect4xx(await call('POST', `/api/user/shipments/${s._id}/ndr`, buyer, { action: 'cancel' }), 409);
    expect(await stateOf(o._id)).toEqual(before);
  });

  it('a parcel back at the seller takes nothing more: stock and money come back once', async () => {
    const { buyer, order: o } = await order('card', 1);
    const s = await bookSelf(o);
    const post = (status: string) =>
      call('POST', `/api/seller/shipments/${s._id}/events`, seller, { status });
    expect((await post('rto_initiated')).statusCode).toBe(200);
    expect4xx(await post('delivered'), 409);
    expect4xx(await post('in_transit'), 409);
    expect4xx(await call('POST', `/api/user/shipments/${s._id}/ndr`, buyer, { action: 'cancel' }), 409);
    expect((await call('POST', `/api/seller/shipments/${s._id}/received-back`, seller, {})).statusCode).toBe(
      200,
    );
    const before = await stateOf(o._id);
    expect(before.refunds).toBe(1);
    expect4xx(await call('POST', `/api/seller/shipments/${s._id}/received-back`, seller, {}), 409);
    expect4xx(await post('rto_delivered'), 409);
    expect(await stateOf(o._id)).toEqual(before);
  });

  it('two bookings of the same item at once: one parcel, the item shipped once, one invoice', async () => {
    const { order: o } = await order('cod', 1);
    const url = `/api/seller/orders/${o._id}/shipments`;
    const body = { ...SELF, itemIds: [o.items[0]!._id] };
    const [a, b] = await Promise.all([call('POST', url, seller, body), call('POST', url, seller, body)]);
    // One wins (201); the other waits on the items' rows and finds them shipped (409), on either database.
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes, a.body + b.body).toEqual([201, 409]);
    const st = await stateOf(o._id);
    expect(st.parcels).toHaveLength(1);
    expect(st.items[0]).toMatchObject({ status: 'shipped', shipmentId: st.parcels[0]!.id });
    expect((await db().documents(o._id)).filter((d) => d.kind === 'invoice')).toHaveLength(1);
  });

  it('two Shiprocket bookings of the same item at once: one parcel, the item shipped once', async () => {
    const { order: o } = await order('cod', 1);
    const url = `/api/seller/orders/${o._id}/shipments`;
    const body = { provider: 'shiprocket', itemIds: [o.items[0]!._id] };
    const [a, b] = await Promise.all([call('POST', url, seller, body), call('POST', url, seller, body)]);
    // One wins (201); the other waits on the items' rows and finds them shipped (409), on either database.
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes, a.body + b.body).toEqual([201, 409]);
    const st = await stateOf(o._id);
    expect(st.parcels).toHaveLength(1);
    expect((await db().documents(o._id)).filter((d) => d.kind === 'invoice')).toHaveLength(1);
    const [counted] = await ctx.db
      .select({ n: count() })
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, st.parcels[0]!.id));
    expect(counted?.n).toBe(0);
  });
});

describe('money of a card order shipped as two parcels, both returned', () => {
  it('refunds each parcel as paid, the shipping fee with the last, the order total exactly', async () => {
    const settings = await call('PUT', '/api/admin/settings/shipping', admin, {
      freeAbove: 5000,
      fee: 49,
      codFee: 25,
      feesTo: 'seller',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const { order: o } = await order('card', 2, [99_900, 45_050]);
    const placed = await db().order(o._id);
    expect(placed.paymentStatus).toBe('paid');
    const items = await db().items(o._id);
    const paid = (i: (typeof items)[number]) => i.taxablePaise + i.taxPaise;
    expect(placed.totalPaise).toBeGreaterThan(paid(items[0]!) + paid(items[1]!));
    const first = await bookSelf(o, [items[0]!.id]);
    const second = await bookSelf(o, [items[1]!.id]);
    const back = async (s: ShipmentAnswer) => {
      const go = await call('POST', `/api/seller/shipments/${s._id}/events`, seller, {
        status: 'rto_initiated',
      });
      expect(go.statusCode, go.body).toBe(200);
      const rb = await call('POST', `/api/seller/shipments/${s._id}/received-back`, seller, {});
      expect(rb.statusCode, rb.body).toBe(200);
    };
    await back(first);
    let refunds = await db().refunds(o._id);
    expect(refunds.map((r) => r.amountPaise)).toEqual([paid(items[0]!)]);
    expect((await db().order(o._id)).paymentStatus).toBe('paid');
    await back(second);
    refunds = await db().refunds(o._id);
    expect(refunds).toHaveLength(2);
    const total = refunds.reduce((s, r) => s + r.amountPaise, 0);
    expect(total).toBe(placed.totalPaise);
    const last = refunds.find((r) => r.amountPaise !== paid(items[0]!))!;
    expect(last.amountPaise).toBe(placed.totalPaise - paid(items[0]!));
    expect((await db().order(o._id)).paymentStatus).toBe('refunded');
    const after = await db().items(o._id);
    expect(after.reduce((s, i) => s + (i.refundedPaise ?? 0), 0)).toBe(placed.totalPaise);
    expect(after.map((i) => i.status)).toEqual(['rto', 'rto']);
  });
});

describe("the SPEC's ship and deliver calls", () => {
  it('ship one item with {} and with {courier, awb}, bulk ship, deliver: the same answers, a parcel each', async () => {
    const { order: o } = await order('cod', 3);
    const [i1, i2, i3] = o.items.map((i) => i._id);
    const plain = await call('POST', `/api/seller/orders/${i1}/ship`, seller, {});
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual({ success: true, _id: i1, status: 'shipped' });
    const tracked = await call('POST', `/api/seller/orders/${i2}/ship`, seller, {
      courier: 'Delhivery',
      awb: 'DLV5550001',
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json()).toEqual({ success: true, _id: i2, status: 'shipped' });
    expect4xx(await call('POST', `/api/seller/orders/${i2}/ship`, seller, {}), 409);
    const { order: o2 } = await order('cod', 1);
    const bulk = await call('POST', '/api/seller/orders/ship', seller, {
      itemIds: [i3, o2.items[0]!._id],
      courier: 'Blue Dart',
      awb: 'BD99887766',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().success).toBe(true);
    expect(
      bulk
        .json()
        .items.map((i: { _id: string }) => i._id)
        .sort(),
    ).toEqual([i3, o2.items[0]!._id].sort());
    expect(bulk.json().items.every((i: { status: string }) => i.status === 'shipped')).toBe(true);
    expect(Object.keys(bulk.json()).sort()).toEqual(['items', 'success']);
    const st = await stateOf(o._id);
    expect(st.parcels).toHaveLength(3);
    expect(new Set(st.items.map((i) => i.shipmentId)).size).toBe(3);
    expect((await stateOf(o2._id)).parcels).toHaveLength(1);
    const one = (
      await ctx.db
        .select()
        .from(shipments)
        .where(eq(shipments.id, st.items.find((i) => i.id === i2)!.shipmentId!))
    )[0]!;
    expect(one).toMatchObject({
      provider: 'self',
      courier: 'Delhivery',
      awb: 'DLV5550001',
      status: 'booked',
    });
    // A second bulk with an item already shipped ships nothing.
    const { order: o3 } = await order('cod', 1);
    const again = await call('POST', '/api/seller/orders/ship', seller, {
      itemIds: [o3.items[0]!._id, i3],
      courier: 'Blue Dart',
      awb: 'BD99887767',
    });
    expect4xx(again, 409);
    expect((await stateOf(o3._id)).parcels).toEqual([]);
    const delivered = await call('POST', `/api/seller/orders/${i1}/deliver`, seller, {});
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ success: true, _id: i1, status: 'delivered' });
    const parcel = (await stateOf(o._id)).parcels.find(
      (p) => p.id === st.items.find((i) => i.id === i1)!.shipmentId,
    )!;
    expect(parcel.status).toBe('delivered');
    expect4xx(await call('POST', `/api/seller/orders/${i1}/deliver`, seller, {}), 409);
  });
});

describe('found in review, fixed', () => {
  it('an item delivered by hand, then its parcel returned: not refunded, no stock back', async () => {
    const { order: o } = await order('card', 2);
    const s = await bookSelf(o);
    const items = await db().items(o._id);
    const d = await call('POST', `/api/seller/orders/${items[0]!.id}/deliver`, seller, {});
    expect(d.statusCode, d.body).toBe(200);
    const go = await call('POST', `/api/seller/shipments/${s._id}/events`, seller, {
      status: 'rto_initiated',
    });
    expect(go.statusCode, go.body).toBe(200);
    const rb = await call('POST', `/api/seller/shipments/${s._id}/received-back`, seller, {});
    expect(rb.statusCode, rb.body).toBe(200);
    const after = await db().items(o._id);
    expect(after[0]!.status).toBe('delivered');
    expect(after[0]!.refundedPaise ?? 0).toBe(0);
    const refunded = (await db().refunds(o._id)).reduce((t, r) => t + r.amountPaise, 0);
    expect(refunded).toBe(after[1]!.taxablePaise + after[1]!.taxPaise);
  });

  it('a seller cannot back-date delivery to before the parcel was booked', async () => {
    const { order: o } = await order('cod', 1);
    const s = await bookSelf(o);
    const res = await call('POST', `/api/seller/shipments/${s._id}/events`, seller, {
      status: 'delivered',
      at: '2020-01-01T10:00:00+05:30',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((await db().items(o._id))[0]!.deliveredAt).toBeNull();
  });
});
