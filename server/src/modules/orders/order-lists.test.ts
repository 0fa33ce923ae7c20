import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertOrderRow } from '../../../test/order-rows.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';

/**
 * The original client reverses `my-orders` and `seller-orders` to show the newest first and ignores
 * each item's status (SPEC §2, §4), so these SPEC §7 calls answer oldest first and leave cancelled
 * items out; the new app reads its own lists, newest first with every status.
 */
const LEGACY_LIST_LIMIT = 4;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LEGACY_LIST_LIMIT: String(LEGACY_LIST_LIMIT) } });
});
afterAll(() => ctx?.close());

interface Line {
  _id: string;
  productId: string;
  status: string;
}

const call = callerOf(() => ctx.app);
const list = async (url: string, who: FastAccount) => {
  const res = await call('GET', url, who);
  expect(res.statusCode).toBe(200);
  return { lines: res.json() as Line[], total: res.headers['x-total-count'] };
};
const products = (lines: Line[]) => lines.map((l) => l.productId);

/** Places one COD order of each product, in turn (oldest first). */
async function placeOrders(user: FastAccount, productIds: string[]): Promise<Line[]> {
  const items: Line[] = [];
  for (const productId of productIds) {
    expect((await call('POST', '/api/user/add-to-cart', user, { productId })).statusCode).toBe(200);
    const placed = await call('PUT', '/api/user/order-success', user);
    expect(placed.statusCode).toBe(200);
    items.push(...(placed.json().order.items as Line[]));
  }
  return items;
}

describe('my-orders', () => {
  it('answers oldest first without cancelled items; the new app sees newest first with every status', async () => {
    const seller = await quickSeller(ctx.app);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertProduct(ctx.db, seller.id)));
    const user = await quickUser(ctx.app);
    const [, itemB] = await placeOrders(user, [a!.id, b!.id, c!.id]);
    // The old client's Cancel button: DELETE add-to-cart with the order item id.
    const cancel = await call('DELETE', '/api/user/add-to-cart', user, { cartProductId: itemB!._id });
    expect(cancel.json()).toMatchObject({ success: true, message: 'One Order Cancelled' });
    // A card checkout never paid is no order, in either list.
    await insertOrderRow(ctx.db, user.id, c!, {
      itemStatus: 'awaiting_payment',
      order: { paymentMethod: 'stripe', paymentStatus: 'awaiting_payment' },
    });

    const legacy = await list('/api/user/my-orders', user);
    expect(products(legacy.lines)).toEqual([a!.id, c!.id]);
    expect(legacy.lines.map((l) => l.status)).toEqual(['pending', 'pending']);
    expect(legacy.total).toBe('2');
    const underOldBase = await list('/.netlify/functions/server/api/user/my-orders', user);
    expect(underOldBase.lines).toEqual(legacy.lines);

    // The new app reads whole orders (customer-orders.test.ts): newest first, the cancelled item too.
    const mine = (await call('GET', '/api/user/orders', user)).json() as { items: Line[] }[];
    expect(mine.map((o) => products(o.items))).toEqual([[c!.id], [b!.id], [a!.id]]);
    expect(mine.map((o) => o.items[0]!.status)).toEqual(['pending', 'cancelled', 'pending']);

    const stranger = await quickUser(ctx.app);
    expect((await list('/api/user/my-orders', stranger)).lines).toEqual([]);
    expect((await call('GET', '/api/user/my-orders', seller)).statusCode).toBe(403);
  });

  it('pages oldest first when asked, and without paging keeps the newest LEGACY_LIST_LIMIT', async () => {
    const seller = await quickSeller(ctx.app);
    const user = await quickUser(ctx.app);
    const oldestFirst: string[] = [];
    for (let i = 0; i < LEGACY_LIST_LIMIT + 2; i++) {
      const p = await insertProduct(ctx.db, seller.id);
      await insertOrderRow(ctx.db, user.id, p, { order: { createdAt: new Date(Date.UTC(2026, 3, 1, i)) } });
      oldestFirst.push(p.id);
    }
    const total = String(oldestFirst.length);

    const pages = [
      await list('/api/user/my-orders?limit=4', user),
      await list('/api/user/my-orders?page=2&limit=4', user),
    ];
    expect(pages.flatMap((p) => products(p.lines))).toEqual(oldestFirst);
    expect(pages.map((p) => p.total)).toEqual([total, total]);
    expect((await list('/api/user/my-orders?page=2', user)).lines).toEqual([]);

    // The old client cannot page: it gets the newest orders, never only the oldest.
    const whole = await list('/api/user/my-orders', user);
    expect(products(whole.lines)).toEqual(oldestFirst.slice(-LEGACY_LIST_LIMIT));
    expect(whole.total).toBe(total);

    expect((await call('GET', '/api/user/my-orders?limit=500', user)).statusCode).toBe(400);
  });
});

describe('seller-orders', () => {
  it('answers oldest first without cancelled items; the new app sees newest first with every status', async () => {
    const seller = await quickSeller(ctx.app);
    const rival = await quickSeller(ctx.app);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertProduct(ctx.db, seller.id)));
    const theirs = await insertProduct(ctx.db, rival.id);
    const first = await quickUser(ctx.app);
    const second = await quickUser(ctx.app);
    await placeOrders(first, [a!.id, theirs.id]);
    const [itemB] = await placeOrders(second, [b!.id]);
    await placeOrders(first, [c!.id]);
    // The seller cancels one item, the customer another of theirs: neither is an order to ship any more.
    expect((await call('POST', `/api/seller/orders/${itemB!._id}/cancel`, seller)).statusCode).toBe(200);

    const legacy = await list('/api/seller/seller-orders', seller);
    expect(products(legacy.lines)).toEqual([a!.id, c!.id]);
    expect(legacy.total).toBe('2');
    expect(
      (await list('/api/seller/seller-orders?limit=1&page=2', seller)).lines.map((l) => l.productId),
    ).toEqual([c!.id]);

    const mine = await list('/api/seller/orders', seller);
    expect(products(mine.lines)).toEqual([c!.id, b!.id, a!.id]);
    expect(mine.lines.map((l) => l.status)).toEqual(['pending', 'cancelled', 'pending']);
    expect(mine.total).toBe('3');
    expect(products((await list('/api/seller/orders', rival)).lines)).toEqual([theirs.id]);
    expect((await call('GET', '/api/seller/orders', first)).statusCode).toBe(403);
  });
});
