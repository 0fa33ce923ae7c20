import { orderNumber } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { freshMobile, jobsSettled, messagesTo } from '../../test/message-fixtures.ts';
import { act, deliveredOrder, requested } from '../../test/return-fixtures.ts';
import { placedOrder } from '../../test/shipment-fixtures.ts';
import { callerOf, type FastAccount, PICKUPS, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { outboxEmails } from '../db/schema.ts';

/**
 * The order events that text the shopper (issue 39), through the real API on the development
 * provider: a COD order placed, its parcel shipped with the tracking link, out for delivery and
 * delivered; each once, in the shopper's language. And order e-mails stop when turned off.
 */
let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app, { ...PICKUPS.bengaluru });
});
afterAll(() => ctx?.close());

async function shopperAndOrder(locale: 'en' | 'hi') {
  const mobile = freshMobile();
  const buyer = await quickUser(ctx.app, { mobile, locale });
  const product = await insertProduct(ctx.db, seller.id, { pricePaise: 79_900 });
  const order = await placedOrder(call, ctx.app, buyer, [{ productId: product.id }], 'cod');
  await jobsSettled(ctx.app);
  return { buyer, mobile, order };
}

describe('order updates by SMS', () => {
  it('texts a Hindi-speaking shopper in Hindi as the COD order is placed, ships, goes out and arrives', async () => {
    const { mobile, order } = await shopperAndOrder('hi');
    const placed = await messagesTo(ctx.db, mobile);
    expect(placed).toMatchObject([
      { channel: 'sms', kind: 'order_placed', locale: 'hi', status: 'sent', orderId: order._id },
    ]);
    expect(placed[0]!.text).toContain(`आपका ऑर्डर ${orderNumber(order._id)} मिल गया है`);

    const booked = await call('POST', `/api/seller/orders/${order._id}/shipments`, seller, {
      itemIds: order.items.map((i) => i._id),
      provider: 'self',
      courier: 'Delhivery',
      awb: 'DLV99887766',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const shipmentId = booked.json().shipment._id ?? booked.json().shipment.id;
    for (const status of ['out_for_delivery', 'delivered']) {
      const res = await call('POST', `/api/seller/shipments/${shipmentId}/events`, seller, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    await jobsSettled(ctx.app);

    const rows = await messagesTo(ctx.db, mobile);
    expect(rows.map((r) => [r.kind, r.locale, r.status])).toEqual([
      ['order_placed', 'hi', 'sent'],
      ['shipped', 'hi', 'sent'],
      ['out_for_delivery', 'hi', 'sent'],
      ['delivered', 'hi', 'sent'],
    ]);
    const shipped = rows[1]!;
    expect(shipped.text).toContain('भेज दिया गया है');
    // The tracking link is the message's second variable, and is in its words.
    expect(shipped.params[1]).toMatch(/^https?:\/\//);
    expect(shipped.text).toContain(shipped.params[1]!);
    expect(rows[3]!.text).toContain('डिलीवर हो गया है');
  });

  it('texts an English-speaking shopper in English', async () => {
    const { mobile, order } = await shopperAndOrder('en');
    const [row] = await messagesTo(ctx.db, mobile);
    expect(row!.text).toBe(
      `Vastra: your order ${orderNumber(order._id)} is placed. We will tell you when it ships.`,
    );
  });

  it('sends no SMS to a shopper who turned order SMS off; no order e-mail to one who turned e-mail off', async () => {
    const mobile = freshMobile();
    const buyer = await quickUser(ctx.app, { mobile });
    const put = await call('PUT', '/api/user/notifications', buyer, {
      orders: { email: false, sms: false, whatsapp: false },
      offers: { email: false, sms: false, whatsapp: false },
    });
    expect(put.statusCode).toBe(200);
    const product = await insertProduct(ctx.db, seller.id);
    const order = await placedOrder(call, ctx.app, buyer, [{ productId: product.id }], 'cod');
    await jobsSettled(ctx.app);
    expect(await messagesTo(ctx.db, mobile)).toEqual([]);
    const toShopper = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, buyer.email));
    expect(toShopper).toEqual([]);
    // The seller is still told of the order.
    const toSeller = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'new_order'));
    expect(toSeller.some((m) => m.subject.includes(orderNumber(order._id)))).toBe(true);
  });

  it('texts a returned item received by the seller and its refund made, each once', async () => {
    const mobile = freshMobile();
    const buyer = await quickUser(ctx.app, { mobile });
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 99_900 });
    const order = await deliveredOrder(call, ctx.app, buyer, seller, [{ productId: product.id }], 'card');
    const ret = await requested(call, buyer, order.items[0]!._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'not_as_described',
    });
    await act(call, seller, 'seller', ret._id, 'approve');
    const done = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(done.statusCode, done.body).toBe(200);
    const refund = done.json().return.refund;
    expect(refund.status).toBe('succeeded');
    await jobsSettled(ctx.app);

    const rows = await messagesTo(ctx.db, mobile);
    const kinds = rows.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'return_picked_up')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'refund_made')).toHaveLength(1);
    const made = rows.find((r) => r.kind === 'refund_made')!;
    const rupees = `₹${refund.amount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    expect(made.params).toEqual([rupees, orderNumber(order._id)]);
    expect(made.text).toBe(`Vastra: your refund of ${rupees} for order ${orderNumber(order._id)} is made.`);
  });

  it('texts the refund of a paid item the shopper cancels', async () => {
    const mobile = freshMobile();
    const buyer = await quickUser(ctx.app, { mobile, locale: 'hi' });
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 49_900 });
    const order = await placedOrder(call, ctx.app, buyer, [{ productId: product.id }], 'card');
    const res = await call('POST', `/api/user/orders/${order.items[0]!._id}/cancel`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    await jobsSettled(ctx.app);
    const refunds = (await messagesTo(ctx.db, mobile)).filter((r) => r.kind === 'refund_made');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.text).toContain(`ऑर्डर ${orderNumber(order._id)} के लिए ₹`);
  });

  it('stops the out-for-delivery and delivered e-mails of a shopper who turned order e-mails off', async () => {
    const buyer = await quickUser(ctx.app, { mobile: freshMobile() });
    await call('PUT', '/api/user/notifications', buyer, {
      orders: { email: false, sms: true, whatsapp: false },
      offers: { email: false, sms: false, whatsapp: false },
    });
    const product = await insertProduct(ctx.db, seller.id);
    const order = await placedOrder(call, ctx.app, buyer, [{ productId: product.id }], 'cod');
    const booked = await call('POST', `/api/seller/orders/${order._id}/shipments`, seller, {
      itemIds: order.items.map((i) => i._id),
      provider: 'self',
      courier: 'Delhivery',
      awb: 'DLV11223344',
    });
    const shipmentId = booked.json().shipment._id ?? booked.json().shipment.id;
    for (const status of ['out_for_delivery', 'delivered'])
      await call('POST', `/api/seller/shipments/${shipmentId}/events`, seller, { status });
    await jobsSettled(ctx.app);
    const mails = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, buyer.email));
    expect(mails).toEqual([]);
  });
});
