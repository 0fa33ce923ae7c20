import type { ApiOrder, ShipmentAnswer } from '@vastra/contracts';
import { reattemptDays } from '@vastra/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { itemRow, variantStock } from '../../test/return-fixtures.ts';
import { placedOrder } from '../../test/shipment-fixtures.ts';
import { callerOf, type FastAccount, PICKUPS, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import {
  ledgerEntries,
  orderItems,
  orders,
  outboxEmails,
  refunds,
  shipmentEvents,
  shipments,
  taxDocuments,
} from '../db/schema.ts';

/**
 * Parcels a seller ships with their own courier (issue 38): booked with a courier and AWB, tracked
 * by the seller's own updates, a failed delivery answered by the shopper, and the return to origin
 * after the last attempt: the stock back once, a prepaid order refunded once, COD collecting nothing.
 */
let ctx: TestContext;
let seller: FastAccount;
let rival: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ env: { RTO_FEE: '45.50' } });
  seller = await quickSeller(ctx.app, { ...PICKUPS.bengaluru });
  rival = await quickSeller(ctx.app, { ...PICKUPS.jaipur });
});
afterAll(() => ctx?.close());

const place = (buyer: FastAccount, productIds: string[], pay: 'cod' | 'card'): Promise<ApiOrder> =>
  placedOrder(
    call,
    ctx.app,
    buyer,
    productIds.map((productId) => ({ productId })),
    pay,
  );

async function book(order: ApiOrder, body: object = {}): Promise<ShipmentAnswer> {
  const res = await call('POST', `/api/seller/orders/${order._id}/shipments`, seller, {
    itemIds: order.items.map((i) => i._id),
    provider: 'self',
    courier: 'Delhivery',
    awb: 'DLV1234567',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shipment;
}

const post = (id: string, status: string, extra: object = {}, who: FastAccount = seller) =>
  call('POST', `/api/seller/shipments/${id}/events`, who, { status, ...extra });
const mailsTo = async (to: string) =>
  (await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).map((m) => m.kind);
const shipmentRow = async (id: string) =>
  (await ctx.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;

describe('a self-shipped parcel', () => {
  it('is booked with the courier and AWB: the items ship in it, invoiced, with the parcel of their kind', async () => {
    const buyer = await quickUser(ctx.app);
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 59_900, subCategory: 'gentsShirt' });
    const b = await insertProduct(ctx.db, seller.id, { pricePaise: 89_900, subCategory: 'gentsShirt' });
    const order = await place(buyer, [a.id, b.id], 'cod');
    const shipment = await book(order);
    expect(shipment).toMatchObject({
      orderId: order._id,
      provider: 'self',
      courier: 'Delhivery',
      awb: 'DLV1234567',
      status: 'booked',
      cod: true,
      failedAttempts: 0,
      ndr: null,
      events: [],
    });
    expect(shipment.itemIds.sort()).toEqual(order.items.map((i) => i._id).sort());
    // Two shirts: 400 g each, stacked.
    expect(shipment.weightGrams).toBe(800);
    expect(shipment.dims).toEqual({ length: 30, breadth: 24, height: 10 });
    for (const item of order.items) {
      const row = await itemRow(ctx.db, item._id);
      expect(row).toMatchObject({ status: 'shipped', shipmentId: shipment._id, courier: 'Delhivery' });
      expect(row.invoiceId).not.toBeNull();
    }
    // The shopper sees the parcel on their order; another shopper does not.
    const mine = await call('GET', `/api/user/orders/${order._id}/shipments`, buyer);
    expect(mine.json().shipments.map((s: ShipmentAnswer) => s._id)).toEqual([shipment._id]);
    // Its label is the shop's own 4x6 label of the order; another seller's parcel is 404.
    const label = await call('GET', `/api/seller/shipments/${shipment._id}/label.pdf`, seller);
    expect(label.statusCode).toBe(302);
    expect(label.headers.location).toBe(`/api/seller/orders/${order._id}/label.pdf?size=4x6`);
    const pdf = await call('GET', label.headers.location as string, seller);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `/api/seller/shipments/${shipment._id}/label.pdf`, rival)).statusCode).toBe(
      404,
    );
    const stranger = await quickUser(ctx.app);
    expect((await call('GET', `/api/user/orders/${order._id}/shipments`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/shipments/${shipment._id}`, stranger)).statusCode).toBe(404);
  });

  it('refuses what cannot ship, and ships nothing then', async () => {
    const buyer = await quickUser(ctx.app);
    const mine = await insertProduct(ctx.db, seller.id, { pricePaise: 49_900 });
    const theirs = await insertProduct(ctx.db, rival.id, { pricePaise: 49_900 });
    const order = await place(buyer, [mine.id, theirs.id], 'cod');
    const myItem = order.items.find((i) => i.product[0]!._id === mine.id)!;
    const theirItem = order.items.find((i) => i.product[0]!._id === theirs.id)!;
    const url = `/api/seller/orders/${order._id}/shipments`;
    const base = { provider: 'self', courier: 'Delhivery', awb: 'DLV7654321' };
    // Another seller's item: 404, as if it did not exist.
    expect(
      (await call('POST', url, seller, { ...base, itemIds: [myItem._id, theirItem._id] })).statusCode,
    ).toBe(404);
    // No AWB for a courier; a provider that does not exist; Shiprocket not set up here.
    const noAwb = await call('POST', url, seller, {
      itemIds: [myItem._id],
      provider: 'self',
      courier: 'Delhivery',
    });
    expect(noAwb.statusCode).toBe(400);
    expect(noAwb.json().errors[0]).toMatchObject({ path: 'awb' });
    expect(
      (await call('POST', url, seller, { ...base, itemIds: [myItem._id], provider: 'dhl' })).statusCode,
    ).toBe(400);
    const sr = await call('POST', url, seller, { itemIds: [myItem._id], provider: 'shiprocket' });
    expect(sr.statusCode).toBe(409);
    expect(sr.json().error).toMatch(/Shiprocket is not set up/);
    expect(
      (await call('POST', url, seller, { ...base, itemIds: [myItem._id], weightGrams: -5 })).statusCode,
    ).toBe(400);
    expect((await itemRow(ctx.db, myItem._id)).status).toBe('pending');
    expect(await ctx.db.select().from(shipments).where(eq(shipments.orderId, order._id))).toEqual([]);
    // Shipped once; twice is 409 and makes no second parcel.
    await book({ ...order, items: [myItem] });
    expect((await call('POST', url, seller, { ...base, itemIds: [myItem._id] })).statusCode).toBe(409);
    expect(await ctx.db.select().from(shipments).where(eq(shipments.orderId, order._id))).toHaveLength(1);
  });

  it('is tracked by its seller to delivered: the items delivered, the sale in the ledger, the COD cash collected', async () => {
    const buyer = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 79_900 });
    const order = await place(buyer, [p.id], 'cod');
    const shipment = await book(order);
    // Only the parcel's seller may post to it.
    expect((await post(shipment._id, 'picked_up', {}, rival)).statusCode).toBe(404);
    expect((await post(shipment._id, 'lost_in_space')).statusCode).toBe(400);
    expect((await post(shipment._id, 'in_transit', { at: '2099-01-01T00:00:00Z' })).statusCode).toBe(400);
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
      const res = await post(shipment._id, status, { note: `${status} scan` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().shipment.status).toBe(status);
    }
    expect((await itemRow(ctx.db, order.items[0]!._id)).status).toBe('shipped');
    const delivered = await post(shipment._id, 'delivered');
    expect(delivered.json().shipment.status).toBe('delivered');
    const item = await itemRow(ctx.db, order.items[0]!._id);
    expect(item.status).toBe('delivered');
    expect(item.codCollectedAt).not.toBeNull();
    const [placed] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(placed!.paymentStatus).toBe('cod_collected');
    const kinds = (
      await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderItemId, item.id))
    ).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['cod_collected', 'commission', 'tcs']));
    // Delivered is final: nothing more is taken, and the sale is not recorded twice.
    expect((await post(shipment._id, 'in_transit')).statusCode).toBe(409);
    expect((await post(shipment._id, 'delivered')).statusCode).toBe(409);
    const timeline = (await call('GET', `/api/user/shipments/${shipment._id}`, buyer)).json().shipment.events;
    expect(timeline.map((e: { status: string }) => e.status)).toEqual([
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect(await mailsTo(buyer.email)).toEqual(
      expect.arrayContaining(['shipment', 'tracking_out_for_delivery', 'tracking_delivered']),
    );
  });

  it('the SPEC ship and deliver buttons make and close a parcel as before', async () => {
    const buyer = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 39_900 });
    const order = await place(buyer, [p.id], 'cod');
    const itemId = order.items[0]!._id;
    const shipped = await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {
      courier: 'Blue Dart',
      awb: 'BD99887766',
    });
    expect(shipped.json()).toEqual({ success: true, _id: itemId, status: 'shipped' });
    // Twice: 409 in the words Confirm Shipment has always used, and no second parcel.
    const again = await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This item is already shipped');
    const row = await itemRow(ctx.db, itemId);
    const parcel = await shipmentRow(row.shipmentId!);
    expect(parcel).toMatchObject({
      provider: 'self',
      courier: 'Blue Dart',
      awb: 'BD99887766',
      status: 'booked',
    });
    expect(parcel.trackingUrl).toContain('BD99887766');
    const delivered = await call('POST', `/api/seller/orders/${itemId}/deliver`, seller);
    expect(delivered.json()).toEqual({ success: true, _id: itemId, status: 'delivered' });
    expect((await shipmentRow(parcel.id)).status).toBe('delivered');
  });
});

describe('a failed delivery (NDR)', () => {
  it('asks the shopper: a re-attempt on one of the next three days, with a corrected phone and landmark', async () => {
    const buyer = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 69_900 });
    const order = await place(buyer, [p.id], 'cod');
    const shipment = await book(order);
    await post(shipment._id, 'out_for_delivery');
    const failed = await post(shipment._id, 'delivery_failed', { note: 'Customer not reachable' });
    expect(failed.json().shipment).toMatchObject({
      status: 'delivery_failed',
      failedAttempts: 1,
      ndr: { state: 'open', reason: 'Customer not reachable', dates: reattemptDays() },
    });
    expect(await mailsTo(buyer.email)).toContain('tracking_delivery_failed');
    const url = `/api/user/shipments/${shipment._id}/ndr`;
    // Someone else's parcel: 404. A date outside the window, a bad phone: 400, nothing changes.
    const stranger = await quickUser(ctx.app);
    expect(
      (await call('POST', url, stranger, { action: 'reattempt', date: reattemptDays()[0] })).statusCode,
    ).toBe(404);
    const farOff = await call('POST', url, buyer, { action: 'reattempt', date: '2099-01-01' });
    expect(farOff.statusCode).toBe(400);
    expect(farOff.json().errors[0]).toMatchObject({ path: 'date' });
    expect(
      (await call('POST', url, buyer, { action: 'reattempt', date: reattemptDays()[0], phone: '12345' }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', url, buyer, { action: 'reattempt' })).statusCode).toBe(400);
    expect((await shipmentRow(shipment._id)).ndrState).toBe('open');
    const date = reattemptDays()[1]!;
    const answered = await call('POST', url, buyer, {
      action: 'reattempt',
      date,
      phone: '+91 98450 11111',
      landmark: 'Opposite the temple gate',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().shipment.ndr).toMatchObject({
      state: 'reattempt',
      date,
      phone: '9845011111',
      landmark: 'Opposite the temple gate',
    });
    // Answered once per failed attempt.
    expect((await call('POST', url, buyer, { action: 'cancel' })).statusCode).toBe(409);
    // The seller's queue shows the answer and whom to call.
    const queue = (await call('GET', '/api/seller/ndr', seller)).json().shipments;
    expect(queue.find((s: ShipmentAnswer) => s._id === shipment._id)).toMatchObject({
      ndr: { state: 'reattempt', date },
      customerMobile: '9876501234',
    });
    expect((await call('GET', '/api/seller/ndr', rival)).json().shipments).toEqual([]);
    // The re-attempt succeeds.
    await post(shipment._id, 'out_for_delivery');
    expect((await post(shipment._id, 'delivered')).json().shipment).toMatchObject({
      status: 'delivered',
      ndr: null,
    });
  });

  it('a cancel sends the parcel back: the items are returned to the seller, COD collects nothing', async () => {
    const buyer = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 69_900, stock: 5 });
    const order = await place(buyer, [p.id], 'cod');
    const shipment = await book(order);
    await post(shipment._id, 'delivery_failed', { note: 'Refused at the door' });
    const res = await call('POST', `/api/user/shipments/${shipment._id}/ndr`, buyer, { action: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipment).toMatchObject({ status: 'rto_initiated', ndr: { state: 'cancel' } });
    const item = await itemRow(ctx.db, order.items[0]!._id);
    expect(item).toMatchObject({ status: 'rto', codCollectedAt: null });
    // Stock comes back only when the parcel does.
    expect(await variantStock(ctx.db, item.variantId!)).toBe(4);
    expect(await mailsTo(buyer.email)).toContain('tracking_rto_initiated');
    // The shopper cannot cancel or ship it, nor the seller deliver it.
    expect((await call('POST', `/api/user/orders/${item.id}/cancel`, buyer)).statusCode).toBe(409);
    expect((await call('POST', `/api/seller/orders/${item.id}/deliver`, seller)).statusCode).toBe(409);
    expect((await post(shipment._id, 'delivered')).statusCode).toBe(409);
    const back = await call('POST', `/api/seller/shipments/${shipment._id}/received-back`, seller);
    expect(back.statusCode, back.body).toBe(200);
    expect(await variantStock(ctx.db, item.variantId!)).toBe(5);
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(o!.paymentStatus).toBe('cod_due');
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order._id))).toEqual([]);
    // No sale was ever recorded; the seller is charged the RTO fee, once.
    const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderItemId, item.id));
    expect(entries.map((e) => [e.kind, e.amountPaise])).toEqual([['rto_fee', -4550]]);
    expect(
      (await call('POST', `/api/seller/shipments/${shipment._id}/received-back`, seller)).statusCode,
    ).toBe(409);
    expect(await variantStock(ctx.db, item.variantId!)).toBe(5);
  });

  it('after the last attempt the parcel goes back; a prepaid one is refunded in full once, its invoice credited', async () => {
    const buyer = await quickUser(ctx.app);
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 59_900, stock: 3 });
    const b = await insertProduct(ctx.db, seller.id, { pricePaise: 29_900, stock: 3 });
    const order = await place(buyer, [a.id, b.id], 'card');
    expect(order.paymentStatus).toBe('paid');
    const shipment = await book(order);
    for (const reason of ['Door locked', 'Customer not reachable']) {
      const res = await post(shipment._id, 'delivery_failed', { note: reason });
      expect(res.json().shipment.status).toBe('delivery_failed');
    }
    const third = await post(shipment._id, 'delivery_failed', { note: 'Address not found' });
    expect(third.json().shipment).toMatchObject({ status: 'rto_initiated', failedAttempts: 3, ndr: null });
    expect(third.json().shipment.events.map((e: { status: string }) => e.status)).toEqual([
      'delivery_failed',
      'delivery_failed',
      'delivery_failed',
      'rto_initiated',
    ]);
    // On its way back only its arrival counts; the shopper has nothing to answer.
    expect((await post(shipment._id, 'out_for_delivery')).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/user/shipments/${shipment._id}/ndr`, buyer, { action: 'cancel' })).statusCode,
    ).toBe(409);
    const ids = order.items.map((i) => i._id);
    const variants = (await ctx.db.select().from(orderItems).where(inArray(orderItems.id, ids))).map(
      (i) => i.variantId!,
    );
    const before = await Promise.all(variants.map((v) => variantStock(ctx.db, v)));
    // The return arrives, reported twice at once: everything happens once.
    const [one, two] = await Promise.all([
      post(shipment._id, 'rto_delivered'),
      post(shipment._id, 'rto_delivered'),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const after = await Promise.all(variants.map((v) => variantStock(ctx.db, v)));
    expect(after).toEqual(before.map((s) => s + 1));
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(o!.paymentStatus).toBe('refunded');
    const made = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      reason: 'rto',
      amountPaise: o!.totalPaise,
      idempotencyKey: `rto-${shipment._id}`,
    });
    expect(made[0]!.status).toBe('succeeded');
    const items = await ctx.db.select().from(orderItems).where(inArray(orderItems.id, ids));
    expect(items.reduce((s, i) => s + (i.refundedPaise ?? 0), 0)).toBe(o!.totalPaise);
    for (const i of items) {
      expect(i.status).toBe('rto');
      expect(i.creditNoteId).not.toBeNull();
    }
    const notes = await ctx.db
      .select()
      .from(taxDocuments)
      .where(
        inArray(
          taxDocuments.id,
          items.map((i) => i.creditNoteId!),
        ),
      );
    expect(notes.map((n) => n.kind)).toEqual(['credit_note', 'credit_note']);
    const entries = await ctx.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderItemId, ids));
    expect(entries.map((e) => e.kind)).toEqual(['rto_fee']);
    const events = await ctx.db
      .select()
      .from(shipmentEvents)
      .where(and(eq(shipmentEvents.shipmentId, shipment._id), eq(shipmentEvents.status, 'rto_delivered')));
    expect(events).toHaveLength(1);
  });
});
