import { orderAnswerSchema, orderNumber, orderSummaryListSchema } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createAdmin, insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertOrderRow } from '../../../test/order-rows.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { outboxEmails } from '../../db/schema.ts';

/**
 * The web app's My Orders reads whole orders (one per checkout) with their number, total and
 * payment, and each item's status; the order page reads one of them, and only its owner may.
 */
let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'http://shop.test' } });
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const add = (who: FastAccount, productId: string, quantity = 1) =>
  call('POST', '/api/user/add-to-cart', who, { productId, quantity });
const placeCod = async (who: FastAccount) => {
  const res = await call('PUT', '/api/user/order-success', who);
  expect(res.statusCode).toBe(200);
  return res.json().order as { _id: string; number: string; items: { _id: string; productId: string }[] };
};
const mailsTo = (to: string) => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

/** The answer read back through its schema is the answer itself: every field declared, in order. */
function expectDescribedBy(schema: z.ZodType, body: string) {
  const parsed = schema.safeParse(JSON.parse(body));
  expect(parsed.error).toBeUndefined();
  expect(JSON.stringify(parsed.data)).toBe(body);
}

interface Summary {
  _id: string;
  number: string;
  createdAt: string;
  total: number;
  paymentMethod: string;
  paymentStatus: string;
  items: { _id: string; orderId: string; productId: string; status: string; amount: number }[];
}
const ordersOf = async (who: FastAccount, query = '') => {
  const res = await call('GET', `/api/user/orders${query}`, who);
  expect(res.statusCode).toBe(200);
  return { orders: res.json() as Summary[], total: res.headers['x-total-count'] };
};

describe('GET /api/user/orders (grouped)', () => {
  it('answers one entry per checkout, newest first, with number, total, payment and every item', async () => {
    const user = await quickUser(ctx.app);
    const [a, b, c] = await Promise.all(
      [100_000, 20_000, 5_000].map((pricePaise) => insertProduct(ctx.db, seller.id, { pricePaise })),
    );
    await add(user, a!.id);
    await add(user, b!.id, 2);
    const first = await placeCod(user);
    await add(user, c!.id);
    const second = await placeCod(user);
    const itemB = first.items.find((i) => i.productId === b!.id)!;
    expect((await call('POST', `/api/user/orders/${itemB._id}/cancel`, user)).statusCode).toBe(200);
    // An unpaid card checkout is no order.
    await insertOrderRow(ctx.db, user.id, c!, {
      itemStatus: 'awaiting_payment',
      order: { paymentMethod: 'stripe', paymentStatus: 'awaiting_payment' },
    });

    const { orders, total } = await ordersOf(user);
    expect(total).toBe('2');
    expectDescribedBy(orderSummaryListSchema, (await call('GET', '/api/user/orders', user)).body);
    expect(orders.map((o) => o._id)).toEqual([second._id, first._id]);
    expect(orders[1]).toEqual({
      _id: first._id,
      number: orderNumber(first._id),
      createdAt: expect.any(String),
      // (1,000 + 400) + 18% GST; the cancelled item stays listed and the total is what was placed.
      total: 1652,
      paymentMethod: 'COD',
      paymentStatus: 'cod_due',
      items: expect.any(Array),
    });
    expect(first.number).toMatch(/^VA-[0-9A-F]{8}$/);
    expect(first.number).toBe(orderNumber(first._id));
    const lines = orders[1]!.items;
    expect(lines.map((l) => l.productId).sort()).toEqual([a!.id, b!.id].sort());
    expect(lines.every((l) => l.orderId === first._id)).toBe(true);
    expect(lines.find((l) => l.productId === b!.id)).toMatchObject({ status: 'cancelled', amount: 400 });
    expect(lines.find((l) => l.productId === a!.id)).toMatchObject({ status: 'pending', amount: 1000 });
    expect(orders[0]!.items.map((l) => l.productId)).toEqual([c!.id]);
    expect(orders[0]!.total).toBe(59);
  });

  it('pages whole orders, newest first, and counts orders in X-Total-Count', async () => {
    const user = await quickUser(ctx.app);
    const oldestFirst: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await insertProduct(ctx.db, seller.id);
      const { order } = await insertOrderRow(ctx.db, user.id, p, {
        order: { createdAt: new Date(Date.UTC(2026, 10, 1 + i)) },
      });
      oldestFirst.push(order.id);
    }
    const newestFirst = [...oldestFirst].reverse();
    const pages = [
      await ordersOf(user, '?limit=2'),
      await ordersOf(user, '?limit=2&page=2'),
      await ordersOf(user, '?limit=2&page=3'),
    ];
    expect(pages.flatMap((p) => p.orders.map((o) => o._id))).toEqual(newestFirst);
    expect(pages.map((p) => p.total)).toEqual(['5', '5', '5']);
    expect((await ordersOf(user, '?page=4&limit=2')).orders).toEqual([]);
    expect((await call('GET', '/api/user/orders?limit=500', user)).statusCode).toBe(400);
    expect((await call('GET', '/api/user/orders?page=0', user)).statusCode).toBe(400);
  });

  it('shows a shopper only their own orders, and refuses sellers, admins and visitors', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await insertOrderRow(ctx.db, user.id, p);
    const stranger = await quickUser(ctx.app);
    expect(await ordersOf(stranger)).toEqual({ orders: [], total: '0' });
    expect((await call('GET', '/api/user/orders', seller)).statusCode).toBe(403);
    const admin = await createAdmin(ctx.app, ctx.db);
    expect(
      (await call('GET', '/api/user/orders', { headers: { 'auth-token': admin.token } })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/user/orders')).statusCode).toBe(401);
  });
});

describe('GET /api/user/orders/{orderId} (the order page)', () => {
  it('answers its owner with number, address, totals and each item; 404 for another shopper; 403 for staff', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000 });
    await add(user, p.id, 2);
    const placed = await placeCod(user);

    const own = await call('GET', `/api/user/orders/${placed._id}`, user);
    expect(own.statusCode).toBe(200);
    expectDescribedBy(orderAnswerSchema, own.body);
    expect(own.json().order).toMatchObject({
      _id: placed._id,
      number: orderNumber(placed._id),
      paymentMethod: 'COD',
      paymentStatus: 'cod_due',
      address: '22 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      subtotal: 1000,
      gst: 180,
      total: 1180,
      items: [expect.objectContaining({ productId: p.id, quantity: 2, status: 'pending', amount: 1000 })],
    });

    const other = await quickUser(ctx.app);
    const theirs = await call('GET', `/api/user/orders/${placed._id}`, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe('Order not found');
    expect((await call('GET', `/api/user/orders/${placed._id}`, seller)).statusCode).toBe(403);
    const admin = await createAdmin(ctx.app, ctx.db);
    const asAdmin = { headers: { 'auth-token': admin.token } };
    expect((await call('GET', `/api/user/orders/${placed._id}`, asAdmin)).statusCode).toBe(403);
    expect((await call('GET', '/api/user/orders/not-an-id', user)).statusCode).toBe(400);
  });
});

describe('cancellation e-mails', () => {
  it('tells the shopper and the seller when the shopper cancels a COD item', async () => {
    const shop = await quickSeller(ctx.app);
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, shop.id, { pricePaise: 79_900 });
    await add(user, p.id);
    const placed = await placeCod(user);
    expect((await call('POST', `/api/user/orders/${placed.items[0]!._id}/cancel`, user)).statusCode).toBe(
      200,
    );

    const [toShopper] = (await mailsTo(user.email)).filter((m) => m.kind === 'cancellation');
    expect(toShopper?.subject).toBe(
      `Cancelled: ${p.name} (Free Size, Blue) from your Vastra order ${placed.number}`,
    );
    expect(toShopper?.text).toContain(
      `${p.name} (Free Size, Blue) × 1 (Rs. 799.00) from your order ${placed.number} has been cancelled as you asked.`,
    );
    expect(toShopper?.text).toContain('Nothing is due for it');
    expect(toShopper?.text).not.toContain('refund');
    const [toSeller] = (await mailsTo(shop.email)).filter((m) => m.kind === 'cancellation_seller');
    expect(toSeller?.text).toContain(`The customer cancelled ${p.name} (Free Size, Blue) × 1`);
    expect(toSeller?.text).toContain('Please do not ship it');

    // A second cancel is refused and sends nothing more.
    expect((await call('POST', `/api/user/orders/${placed.items[0]!._id}/cancel`, user)).statusCode).toBe(
      409,
    );
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'cancellation')).toHaveLength(1);
  });

  it('names the card refund when the seller cancels a paid item', async () => {
    const shop = await quickSeller(ctx.app);
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, shop.id, { pricePaise: 100_000, stock: 5 });
    await add(user, p.id);
    const session = (await call('POST', '/api/user/checkout-session', user)).json();
    await ctx.app.inject({
      method: 'POST',
      url: `/pay/${session.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
    });
    const order = (await call('GET', `/api/user/orders/${session.orderId}`, user)).json().order;
    expect(order.paymentStatus).toBe('paid');
    const itemId = order.items[0]._id;
    expect((await call('POST', `/api/seller/orders/${itemId}/cancel`, shop)).statusCode).toBe(200);

    const [toShopper] = (await mailsTo(user.email)).filter((m) => m.kind === 'cancellation');
    expect(toShopper?.text).toContain('has been cancelled by the seller');
    // 1,000 + 18% GST: the whole order, as it was its only item.
    expect(toShopper?.text).toContain('A refund of Rs. 1,180.00 has been made to your card.');
    const [toSeller] = (await mailsTo(shop.email)).filter((m) => m.kind === 'cancellation_seller');
    expect(toSeller?.text).toContain(`You cancelled ${p.name} (Free Size, Blue) × 1`);
    expect(toSeller?.text).toContain("The customer's card was refunded Rs. 1,180.00.");
  });

  it('a failing mailer never fails the cancellation', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await add(user, p.id);
    const placed = await placeCod(user);
    const mailer = ctx.app.deps.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP is down');
    };
    try {
      const res = await call('POST', `/api/user/orders/${placed.items[0]!._id}/cancel`, user);
      expect(res.statusCode).toBe(200);
    } finally {
      mailer.send = send;
    }
    const [order] = (await ordersOf(user)).orders;
    expect(order?.items[0]?.status).toBe('cancelled');
  });
});
