import { type ApiOrder, codConfirmNeeded } from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmByLink, confirmTokenOf } from '../../test/cod-confirm-fixtures.ts';
import { insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { freshMobile, latestCode } from '../../test/phone-fixtures.ts';
import { placedOrder } from '../../test/shipment-fixtures.ts';
import {
  callerOf,
  type FastAccount,
  PICKUPS,
  quickSeller,
  quickUser,
  stockOf,
} from '../../test/shop-fixtures.ts';
import type { App } from '../app.ts';
import { orderCharges, orderItems, orders, outboxEmails } from '../db/schema.ts';
import { COD_NOT_CONFIRMED } from '../modules/orders/index.ts';
import {
  CONFIRM_CANCELLED,
  CONFIRM_TOO_LATE,
  expireUnconfirmedCodOrders,
  LINK_NOT_VALID,
} from './cod-confirm.ts';
import { codConfirmToken } from './cod-confirm-link.ts';

/**
 * COD confirmation (issue 39), with COD_CONFIRM_ABOVE at Rs. 1,000: a COD order above it, or from a
 * shopper with a returned COD parcel, waits for the shopper's confirmation (link or one-time code),
 * cannot be shipped until then, and is cancelled and restocked once past COD_CONFIRM_HOURS.
 */
let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ env: { COD_CONFIRM_ABOVE: '1000', COD_CONFIRM_HOURS: '24' } });
  seller = await quickSeller(ctx.app, { ...PICKUPS.bengaluru });
});
afterAll(() => ctx?.close());

/** A shopper with a mobile number of their own (codes are counted per number). */
const shopper = () => quickUser(ctx.app, { mobile: freshMobile() });
const product = (pricePaise: number, stock = 5) => insertProduct(ctx.db, seller.id, { pricePaise, stock });
/** A COD order of one piece of a product at Rs. 1,499 (over the threshold) or Rs. 499 (under). */
async function placed(buyer: FastAccount, pricePaise = 149_900, stock = 5) {
  const p = await product(pricePaise, stock);
  return { order: await placedOrder(call, ctx.app, buyer, [{ productId: p.id }]), productId: p.id };
}
const itemsOf = (orderId: string) =>
  ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const orderRow = async (orderId: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const statuses = async (orderId: string) => (await itemsOf(orderId)).map((i) => i.status);
const selfShip = (order: ApiOrder, provider: 'self' | 'shiprocket' = 'self') =>
  call('POST', `/api/seller/orders/${order._id}/shipments`, seller, {
    itemIds: order.items.map((i) => i._id),
    provider,
    ...(provider === 'self' ? { courier: 'Delhivery', awb: 'AWB98765' } : {}),
  });
/** The deadline passes: the order's `cod_confirm_by` moves into the past. */
const deadlinePasses = (orderId: string) =>
  ctx.db.update(orders).set({ codConfirmBy: sql`now() - interval '1 minute'` }).where(eq(orders.id, orderId));
const sweepOn = (app: App) => expireUnconfirmedCodOrders({ ...app.deps, log: app.log });

describe('placing a COD order', () => {
  it('over COD_CONFIRM_ABOVE: items awaiting confirmation, a deadline, stock taken, the link sent', async () => {
    const buyer = await shopper();
    const sent = vi.spyOn(ctx.app.deps.messenger, 'orderUpdate');
    const before = Date.now();
    const { order, productId } = await placed(buyer);
    expect(order.items.map((i) => i.status)).toEqual(['awaiting_confirmation']);
    const row = await orderRow(order._id);
    expect(row.codConfirmBy!.getTime()).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
    expect(row.codConfirmBy!.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1000);
    expect(row.codConfirmedAt).toBeNull();
    expect(order.codConfirmBy).toBe(row.codConfirmBy!.toISOString());
    expect(await stockOf(ctx.db, productId)).toBe(4);
    // The shopper's phone gets the link; opening it confirms the order.
    const message = sent.mock.calls.find(([u]) => u.orderId === order._id && u.kind === 'cod_confirm')?.[0];
    sent.mockRestore();
    expect(message).toMatchObject({
      kind: 'cod_confirm',
      userId: buyer.id,
      dedupeKey: `cod_confirm:${order._id}`,
    });
    const link = new URL(message!.link!);
    expect(link.pathname).toBe('/orders/confirm');
    const res = await confirmByLink(ctx.app, link.searchParams.get('token')!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, orderId: order._id });
    expect(await statuses(order._id)).toEqual(['pending']);
    expect((await orderRow(order._id)).codConfirmedAt).not.toBeNull();
    const after = (await call('GET', `/api/user/orders/${order._id}`, buyer)).json().order;
    expect(after.codConfirmBy).toBeUndefined();
  });

  it('at or under the threshold, from a shopper with no returned parcel: pending, no deadline', async () => {
    const buyer = await shopper();
    const sent = vi.spyOn(ctx.app.deps.messenger, 'orderUpdate');
    const { order } = await placed(buyer, 49_900);
    expect(order.items.map((i) => i.status)).toEqual(['pending']);
    expect(order.codConfirmBy).toBeUndefined();
    expect((await orderRow(order._id)).codConfirmBy).toBeNull();
    expect(sent.mock.calls.filter(([u]) => u.orderId === order._id && u.kind === 'cod_confirm')).toEqual([]);
    sent.mockRestore();
  });

  it('from a shopper one of whose COD parcels came back: awaiting confirmation even under the threshold', async () => {
    const buyer = await shopper();
    const { order: first } = await placed(buyer, 49_900);
    const booked = await selfShip(first);
    expect(booked.statusCode, booked.body).toBe(201);
    const back = await call('POST', `/api/seller/shipments/${booked.json().shipment._id}/events`, seller, {
      status: 'rto_initiated',
    });
    expect(back.statusCode, back.body).toBe(200);
    const { order } = await placed(buyer, 49_900);
    expect(order.items.map((i) => i.status)).toEqual(['awaiting_confirmation']);
    expect((await orderRow(order._id)).codConfirmBy).not.toBeNull();
  });
});

describe('the seller', () => {
  it('cannot ship an unconfirmed COD order by any route (409), and can once the shopper confirmed', async () => {
    const buyer = await shopper();
    const { order } = await placed(buyer);
    const itemId = order.items[0]!._id;
    const refusals = [
      await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {
        courier: 'Delhivery',
        awb: 'AWB100001',
      }),
      await call('POST', '/api/seller/orders/ship', seller, {
        itemIds: [itemId],
        courier: 'Delhivery',
        awb: 'AWB100002',
      }),
      await selfShip(order),
      await selfShip(order, 'shiprocket'),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe(COD_NOT_CONFIRMED);
    }
    expect(await statuses(order._id)).toEqual(['awaiting_confirmation']);
    expect((await confirmByLink(ctx.app, await confirmTokenOf(ctx.app, order._id))).statusCode).toBe(200);
    const shipped = await selfShip(order);
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(await statuses(order._id)).toEqual(['shipped']);
  });

  it('and the shopper can cancel an unconfirmed item like a pending one: its stock comes back', async () => {
    const buyer = await shopper();
    const { order, productId } = await placed(buyer);
    expect(await stockOf(ctx.db, productId)).toBe(4);
    const res = await call('POST', `/api/user/orders/${order.items[0]!._id}/cancel`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statuses(order._id)).toEqual(['cancelled']);
    expect(await stockOf(ctx.db, productId)).toBe(5);
    const late = await confirmByLink(ctx.app, await confirmTokenOf(ctx.app, order._id));
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(CONFIRM_CANCELLED);
  });
});

describe('confirming by the link', () => {
  it('refuses a forged, altered or malformed token (400) and changes nothing', async () => {
    const buyer = await shopper();
    const { order } = await placed(buyer);
    const token = await confirmTokenOf(ctx.app, order._id);
    const [id, expires, sig] = token.split('.');
    const { order: other } = await placed(await shopper());
    const forged = [
      codConfirmToken('another-secret', order._id, new Date(Date.now() + 3_600_000)),
      `${other._id}.${expires}.${sig}`,
      `${id}.${(Number.parseInt(expires!, 36) + 3600).toString(36)}.${sig}`,
      `${id}.${expires}.${sig!.slice(0, -2)}AA`,
      'not-a-token',
      `${token}.extra`,
    ];
    for (const bad of forged) {
      const res = await confirmByLink(ctx.app, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe(LINK_NOT_VALID);
    }
    expect((await confirmByLink(ctx.app, '')).statusCode).toBe(400);
    expect(await statuses(order._id)).toEqual(['awaiting_confirmation']);
    expect(await statuses(other._id)).toEqual(['awaiting_confirmation']);
  });

  it('confirming twice answers the same success', async () => {
    const { order } = await placed(await shopper());
    const token = await confirmTokenOf(ctx.app, order._id);
    const first = await confirmByLink(ctx.app, token);
    const second = await confirmByLink(ctx.app, token);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await statuses(order._id)).toEqual(['pending']);
  });

  it('past the deadline: 409 with the reason, nothing confirmed', async () => {
    const { order } = await placed(await shopper());
    const token = await confirmTokenOf(ctx.app, order._id);
    await deadlinePasses(order._id);
    const res = await confirmByLink(ctx.app, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CONFIRM_TOO_LATE);
    expect(await statuses(order._id)).toEqual(['awaiting_confirmation']);
  });
});

describe('confirming on the order page with a one-time code', () => {
  const request = (who: FastAccount, orderId: string) =>
    call('POST', `/api/user/orders/${orderId}/cod-confirm/request`, who);
  const confirm = (who: FastAccount, orderId: string, otp: string) =>
    call('POST', `/api/user/orders/${orderId}/cod-confirm`, who, { otp });

  it("sends a code to the order's mobile; the right code confirms, a wrong one does not", async () => {
    const mobile = freshMobile();
    const buyer = await quickUser(ctx.app, { mobile });
    const { order } = await placed(buyer);
    const asked = await request(buyer, order._id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ success: true, sentTo: `******${mobile.slice(-4)}` });
    const code = await latestCode(ctx.db, mobile);
    const wrong = await confirm(buyer, order._id, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(await statuses(order._id)).toEqual(['awaiting_confirmation']);
    const right = await confirm(buyer, order._id, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ success: true, orderId: order._id });
    expect(await statuses(order._id)).toEqual(['pending']);
    // Again (a second tap): the same success.
    const again = await confirm(buyer, order._id, code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(right.json());
    const page = (await call('GET', `/api/user/orders/${order._id}`, buyer)).json().order;
    expect(page.items.map((i: { status: string }) => i.status)).toEqual(['pending']);
  });

  it("someone else's order is 404 for the code and the confirmation; a bad code is 400", async () => {
    const { order } = await placed(await shopper());
    const stranger = await shopper();
    expect((await request(stranger, order._id)).statusCode).toBe(404);
    expect((await confirm(stranger, order._id, '123456')).statusCode).toBe(404);
    expect((await confirm(stranger, order._id, 'abc')).statusCode).toBe(400);
    expect((await call('POST', `/api/user/orders/${order._id}/cod-confirm/request`)).statusCode).toBe(401);
    expect(await statuses(order._id)).toEqual(['awaiting_confirmation']);
  });

  it('an order that needs no confirmation, or past its deadline: 409', async () => {
    const buyer = await shopper();
    const { order: small } = await placed(buyer, 49_900);
    expect((await request(buyer, small._id)).statusCode).toBe(409);
    const { order } = await placed(buyer);
    await deadlinePasses(order._id);
    const late = await request(buyer, order._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(CONFIRM_TOO_LATE);
  });
});

describe('unconfirmed past COD_CONFIRM_HOURS', () => {
  it('is cancelled and restocked once when two processes sweep at the same time; a confirmed order stays', async () => {
    const buyer = await shopper();
    const { order, productId } = await placed(buyer, 149_900, 3);
    const { order: confirmed, productId: keptId } = await placed(buyer, 149_900, 3);
    expect((await confirmByLink(ctx.app, await confirmTokenOf(ctx.app, confirmed._id))).statusCode).toBe(200);
    await deadlinePasses(order._id);
    await deadlinePasses(confirmed._id);
    expect(await stockOf(ctx.db, productId)).toBe(2);

    const other = await ctx.spawnSeparateApp();
    const [a, b] = await Promise.all([sweepOn(ctx.app), sweepOn(other)]);
    const mine = [...a, ...b].filter((i) => i.orderId === order._id);
    expect(mine).toHaveLength(1);
    expect(await stockOf(ctx.db, productId)).toBe(3);
    const [item] = await itemsOf(order._id);
    expect(item!.status).toBe('cancelled');
    expect(item!.cancelledAt).not.toBeNull();
    // Its fees are released (nothing left for the courier to collect); the payment stays COD due.
    const fees = await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, order._id));
    expect(fees.every((f) => f.refundedAt !== null)).toBe(true);
    expect((await orderRow(order._id)).paymentStatus).toBe('cod_due');
    // The shopper is told.
    const mails = await ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, buyer.email), eq(outboxEmails.kind, 'cancellation')));
    expect(mails.length).toBeGreaterThanOrEqual(1);

    // Sweeping again changes nothing; the confirmed order is untouched.
    expect((await sweepOn(ctx.app)).filter((i) => i.orderId === order._id)).toEqual([]);
    expect(await stockOf(ctx.db, productId)).toBe(3);
    expect(await statuses(confirmed._id)).toEqual(['pending']);
    expect(await stockOf(ctx.db, keptId)).toBe(2);
    // The link is now too late.
    const late = await confirmByLink(ctx.app, await confirmTokenOf(ctx.app, order._id));
    expect(late.statusCode).toBe(409);
  });
});

describe('the rule (codConfirmNeeded)', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const rule = (over: Partial<Parameters<typeof codConfirmNeeded>[0]>) =>
    codConfirmNeeded({ totalPaise: 50_000, abovePaise: 100_000, rtoAt: [], now, ...over });

  it('asks above the threshold only, and never when it is 0', () => {
    expect(rule({ totalPaise: 100_000 })).toBe(false);
    expect(rule({ totalPaise: 100_001 })).toBe(true);
    expect(rule({ totalPaise: 10_000_000, abovePaise: 0 })).toBe(false);
  });

  it('asks a shopper with a returned COD parcel in 90 days, unless an admin lifted it since', () => {
    expect(rule({ abovePaise: 0, rtoAt: [daysAgo(10)] })).toBe(true);
    expect(rule({ abovePaise: 0, rtoAt: [daysAgo(91)] })).toBe(false);
    expect(rule({ abovePaise: 0, rtoAt: [daysAgo(10)], liftedAt: daysAgo(5) })).toBe(false);
    expect(rule({ abovePaise: 0, rtoAt: [daysAgo(10), daysAgo(2)], liftedAt: daysAgo(5) })).toBe(true);
  });
});
