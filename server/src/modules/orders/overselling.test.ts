import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser, stockOf } from '../../../test/shop-fixtures.ts';
import { cartItems, orderItems, orders, products } from '../../db/schema.ts';

const BUYERS = 40;
const STOCK = 10;

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const buyers = () => Promise.all(Array.from({ length: BUYERS }, () => quickUser(ctx.app)));

async function unitsSold(productId: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  return row!.n;
}

describe(`overselling: ${BUYERS} concurrent buyers, stock ${STOCK}`, () => {
  it('COD: exactly the stock is sold, stock ends at 0, every other buyer gets a clean 409', async () => {
    const product = await insertProduct(ctx.db, seller.id, { stock: STOCK, name: 'Limited Silk Saree' });
    const people = await buyers();
    // Straight into the carts: adding is tested elsewhere, the race under test is placing the orders.
    await ctx.db.insert(cartItems).values(
      people.map((p) => ({
        userId: p.id,
        productId: product.id,
        variantId: product.variantId,
        quantity: 1,
      })),
    );
    const started = performance.now();
    const answers = await Promise.all(
      people.map((p) =>
        ctx.app.inject({ method: 'PUT', url: '/api/user/order-success', headers: p.headers }),
      ),
    );
    const ms = performance.now() - started;
    console.info(
      `[overselling] ${ctx.database.kind}: ${BUYERS} concurrent COD orders in ${ms.toFixed(0)} ms`,
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(STOCK);
    expect(refused).toHaveLength(BUYERS - STOCK);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({
        success: false,
        error: expect.stringContaining('Limited Silk Saree'),
      });
    }
    expect(await stockOf(ctx.db, product.id)).toBe(0);
    expect(await unitsSold(product.id)).toBe(STOCK);
    const placed = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentStatus, 'cod_due'));
    expect(placed).toHaveLength(STOCK);
  });

  it('COD: concurrent multi-line orders over the same products all go through (no deadlock), stock exact', async () => {
    const shelf = await Promise.all(
      [0, 1, 2, 3].map(() => insertProduct(ctx.db, seller.id, { stock: 1_000 })),
    );
    const people = await buyers();
    // Every buyer wants three of the four products, put in the cart in a different order, so
    // concurrent orders reach the same rows in opposite orders.
    const carts = people.map((p, i) => {
      const picks = [shelf[i % 4]!, shelf[(i + 1) % 4]!, shelf[(i + 2) % 4]!];
      return { p, picks: i % 2 ? picks.reverse() : picks };
    });
    for (const { p, picks } of carts) {
      for (const product of picks) {
        await ctx.db
          .insert(cartItems)
          .values({ userId: p.id, productId: product.id, variantId: product.variantId, quantity: 2 });
      }
    }
    const answers = await Promise.all(
      carts.map(({ p }) =>
        ctx.app.inject({ method: 'PUT', url: '/api/user/order-success', headers: p.headers }),
      ),
    );
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    for (const product of shelf) {
      const sold = await unitsSold(product.id);
      expect(sold).toBe(2 * carts.filter((c) => c.picks.includes(product)).length);
      expect(await stockOf(ctx.db, product.id)).toBe(1_000 - sold);
    }
  });

  // Needs two connections at once: on PGlite every statement runs one after another.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'COD: a product removed while the order waits for it is left out, and neither side deadlocks',
    async () => {
      const [buyer] = await Promise.all([quickUser(ctx.app)]);
      const removed = await insertProduct(ctx.db, seller.id, { stock: 5 });
      const kept = await insertProduct(ctx.db, seller.id, { stock: 5 });
      await ctx.db.insert(cartItems).values([
        { userId: buyer!.id, productId: removed.id, variantId: removed.variantId, quantity: 1 },
        { userId: buyer!.id, productId: kept.id, variantId: kept.variantId, quantity: 1 },
      ]);
      let order: Promise<{ statusCode: number; json: () => { order: { items: { productId: string }[] } } }>;
      // What removing a product does: the product row first, then its cart lines, in one transaction.
      await ctx.db.transaction(async (tx) => {
        // A short timeout makes this side the one PostgreSQL would pick if a lock cycle formed.
        await tx.execute(sql`set local deadlock_timeout = '20ms'`);
        await tx.update(products).set({ status: 'removed' }).where(eq(products.id, removed.id));
        order = ctx.app.inject({ method: 'PUT', url: '/api/user/order-success', headers: buyer!.headers });
        await new Promise((r) => setTimeout(r, 300));
        await tx.delete(cartItems).where(eq(cartItems.productId, removed.id));
      });
      const res = await order!;
      expect(res.statusCode).toBe(200);
      expect(res.json().order.items.map((i) => i.productId)).toEqual([kept.id]);
      expect(await stockOf(ctx.db, removed.id)).toBe(5);
      expect(await stockOf(ctx.db, kept.id)).toBe(4);
    },
  );

  it('card: exactly the stock is reserved by concurrent Buy Now checkouts', async () => {
    const product = await insertProduct(ctx.db, seller.id, { stock: STOCK });
    const people = await buyers();
    const answers = await Promise.all(
      people.map((p) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/user/checkout-session-buyNow',
          headers: p.headers,
          payload: { product: product.id, quantity: 1 },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(STOCK);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(BUYERS - STOCK);
    expect(await stockOf(ctx.db, product.id)).toBe(0);
    expect(await unitsSold(product.id)).toBe(STOCK);
  });
});
