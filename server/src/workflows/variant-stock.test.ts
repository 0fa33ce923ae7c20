import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertSizedProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser, stockOf } from '../../test/shop-fixtures.ts';
import type { App } from '../app.ts';
import { orderItems, products, productVariants } from '../db/schema.ts';
import { expireReservations } from './reservations.ts';

/**
 * Stock per size (DESIGN §4, per variant): concurrent buyers of one size never take more than that
 * size has, while another size of the same product sells at the same time, on both payment paths and
 * on two app instances with their own connection pools (PostgreSQL; PGlite runs them in turn).
 */

const STOCK = 10;
const BUYERS_OF_M = 40;
const BUYERS_OF_L = 15;

let ctx: TestContext;
let other: App;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  other = await ctx.spawnSeparateApp();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const people = (n: number) => Promise.all(Array.from({ length: n }, () => quickUser(ctx.app)));

async function variantStock(id: string) {
  const [row] = await ctx.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  return row!.stock;
}

/** Units of a size in placed or reserved orders (cancelled items excluded). */
async function unitsOf(variantId: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(sql`${orderItems.variantId} = ${variantId} and ${orderItems.status} <> 'cancelled'`);
  return row!.n;
}

async function addSize(user: FastAccount, productId: string, variantId: string, quantity = 1) {
  const res = await call('POST', '/api/user/add-to-cart', user, { productId, variantId, quantity });
  expect(res.statusCode).toBe(200);
}

/** Half the requests go to each app instance. */
const either = (i: number) => (i % 2 === 0 ? ctx.app : other);

describe(`per-size stock: ${BUYERS_OF_M} buyers of M (stock ${STOCK}) while L sells too`, () => {
  it('Cash On Delivery: exactly the stock of each size is sold; every other buyer gets a 409 naming the size', async () => {
    const { product, variant } = await insertSizedProduct(
      ctx.db,
      seller.id,
      [
        { size: 'M', stock: STOCK },
        { size: 'L', stock: STOCK },
        { size: 'XL', stock: 4 },
      ],
      { name: 'Handloom Kurta Race' },
    );
    const m = variant('M').id;
    const l = variant('L').id;
    const [buyersOfM, buyersOfL] = await Promise.all([people(BUYERS_OF_M), people(BUYERS_OF_L)]);
    for (const b of buyersOfM) await addSize(b, product.id, m);
    for (const b of buyersOfL) await addSize(b, product.id, l);

    const all = [...buyersOfM.map((b) => ({ b, size: 'M' })), ...buyersOfL.map((b) => ({ b, size: 'L' }))];
    const answers = await Promise.all(
      all.map(({ b }, i) => call('PUT', '/api/user/order-success', b, undefined, either(i))),
    );
    const placed = (size: string) =>
      answers.filter((r, i) => all[i]!.size === size && r.statusCode === 200).length;
    expect(placed('M')).toBe(STOCK);
    expect(placed('L')).toBe(STOCK);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toMatch(/Handloom Kurta Race \((M|L)\)/);
    }
    expect(await variantStock(m)).toBe(0);
    expect(await variantStock(l)).toBe(0);
    expect(await variantStock(variant('XL').id)).toBe(4);
    expect(await unitsOf(m)).toBe(STOCK);
    expect(await unitsOf(l)).toBe(STOCK);
    // The product's summary follows its sizes: only XL is left.
    const [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ stock: 4, sizesInStock: ['XL'] });
    const page = (await call('GET', `/api/product-page/${product.id}`)).json();
    expect(page.stockQuantity).toBe(4);
    expect(page.variants.map((v: { size: string; stock: number }) => [v.size, v.stock])).toEqual([
      ['M', 0],
      ['L', 0],
      ['XL', 4],
    ]);
  });

  it('card checkout: reservations hold exactly the stock of M while L sells by COD; expiry gives M back', async () => {
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'M', stock: STOCK, pricePaise: 149_900 },
      { size: 'L', stock: STOCK, pricePaise: 159_900 },
    ]);
    const m = variant('M').id;
    const l = variant('L').id;
    const [cardBuyers, codBuyers] = await Promise.all([people(BUYERS_OF_M), people(BUYERS_OF_L)]);
    for (const b of cardBuyers) await addSize(b, product.id, m);
    for (const b of codBuyers) await addSize(b, product.id, l);

    const [cards, cods] = await Promise.all([
      Promise.all(
        cardBuyers.map((b, i) => call('POST', '/api/user/checkout-session', b, undefined, either(i))),
      ),
      Promise.all(
        codBuyers.map((b, i) => call('PUT', '/api/user/order-success', b, undefined, either(i + 1))),
      ),
    ]);
    expect(cards.filter((r) => r.statusCode === 200)).toHaveLength(STOCK);
    for (const r of cards.filter((a) => a.statusCode !== 200)) expect(r.statusCode).toBe(409);
    expect(cods.filter((r) => r.statusCode === 200)).toHaveLength(STOCK);
    expect(await variantStock(m)).toBe(0);
    expect(await variantStock(l)).toBe(0);
    expect(await unitsOf(m)).toBe(STOCK);
    // Each reserved order is priced at M's own price.
    const [priced] = await ctx.db
      .select({ price: orderItems.unitPricePaise, size: orderItems.size })
      .from(orderItems)
      .where(eq(orderItems.variantId, m))
      .limit(1);
    expect(priced).toEqual({ price: 149_900, size: 'M' });

    // Unpaid reservations end: M's stock comes back, exactly once, to M only.
    const later = new Date(Date.now() + 31 * 60 * 1000);
    await Promise.all([expireReservations(ctx.db, later), expireReservations(other.deps.db, later)]);
    expect(await variantStock(m)).toBe(STOCK);
    expect(await variantStock(l)).toBe(0);
    expect(await stockOf(ctx.db, product.id)).toBe(STOCK);
  });
});

describe('choosing a size', () => {
  it('add-to-cart without a size answers 400 "Please choose a size" for a product with several, and adds nothing', async () => {
    const user = await quickUser(ctx.app);
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'S', stock: 3 },
      { size: 'M', stock: 0 },
    ]);
    const res = await call('POST', '/api/user/add-to-cart', user, { productId: product.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'Please choose a size',
      errors: [{ msg: 'Please choose a size', path: 'variantId' }],
    });
    expect((await call('GET', '/api/user/cart', user)).json().userCartProducts).toEqual([]);
    // A sold-out size: 409; another product's size: 404; a malformed id: 400.
    const soldOut = { productId: product.id, variantId: variant('M').id };
    expect((await call('POST', '/api/user/add-to-cart', user, soldOut)).statusCode).toBe(409);
    const elsewhere = await insertProduct(ctx.db, seller.id);
    const wrong = { productId: product.id, variantId: elsewhere.variantId };
    expect((await call('POST', '/api/user/add-to-cart', user, wrong)).statusCode).toBe(404);
    const bad = await call('POST', '/api/user/add-to-cart', user, { productId: product.id, variantId: 'M' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('variantId');
    // With the size: one line of that size, at most its stock.
    const ok = await call('POST', '/api/user/add-to-cart', user, {
      productId: product.id,
      variantId: variant('S').id,
      quantity: 3,
    });
    expect(ok.statusCode).toBe(200);
    const over = { productId: product.id, variantId: variant('S').id };
    expect((await call('POST', '/api/user/add-to-cart', user, over)).statusCode).toBe(409);
    const cart = (await call('GET', '/api/user/cart', user)).json();
    expect(cart.userCartProducts).toEqual([
      expect.objectContaining({ productId: product.id, variantId: variant('S').id, size: 'S', quantity: 3 }),
    ]);
  });

  it('Buy Now needs a size too, and reserves that size only', async () => {
    const user = await quickUser(ctx.app);
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: '30', stock: 2, pricePaise: 120_000 },
      { size: '32', stock: 2, pricePaise: 125_000 },
    ]);
    const none = await call('POST', '/api/user/checkout-session-buyNow', user, {
      product: { _id: product.id },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Please choose a size');
    const res = await call('POST', '/api/user/checkout-session-buyNow', user, {
      product: { _id: product.id },
      variantId: variant('32').id,
      quantity: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(await variantStock(variant('32').id)).toBe(0);
    expect(await variantStock(variant('30').id)).toBe(2);
    // The lowest price in stock is now the 30's.
    const page = (await call('GET', `/api/product-page/${product.id}`)).json();
    expect(page).toMatchObject({ price: 1200, stockQuantity: 2 });
  });

  it("the original client's payloads still work on a one-size product: no variantId anywhere", async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 4, pricePaise: 50_000 });
    const added = await call('POST', '/api/user/add-to-cart', user, { productId: p.id, quantity: 2 });
    expect(added.statusCode).toBe(200);
    const placed = await call('PUT', '/api/user/order-success', user);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order.items).toEqual([
      expect.objectContaining({
        productId: p.id,
        variantId: p.variantId,
        size: 'Free Size',
        quantity: 2,
        amount: 1000,
      }),
    ]);
    expect(await stockOf(ctx.db, p.id)).toBe(2);
    const buyNow = await call('POST', '/api/user/checkout-session-buyNow', user, { product: { _id: p.id } });
    expect(buyNow.statusCode).toBe(200);
    expect(await stockOf(ctx.db, p.id)).toBe(1);
  });

  it('cancelling an item puts the stock back on its own size, once', async () => {
    const user = await quickUser(ctx.app);
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'S', stock: 5 },
      { size: 'M', stock: 5 },
    ]);
    await addSize(user, product.id, variant('S').id, 2);
    await addSize(user, product.id, variant('M').id, 1);
    const { order } = (await call('PUT', '/api/user/order-success', user)).json();
    expect(order.items.map((i: { size: string }) => i.size).sort()).toEqual(['M', 'S']);
    // The answer's product shows every size's stock as this order left it.
    for (const item of order.items) {
      const sizes = item.product[0].variants.map((v: { size: string; stock: number }) => [v.size, v.stock]);
      expect(sizes).toEqual([
        ['S', 3],
        ['M', 4],
      ]);
      expect(item.product[0].stockQuantity).toBe(7);
    }
    expect(await variantStock(variant('S').id)).toBe(3);
    const itemS = order.items.find((i: { size: string }) => i.size === 'S')._id;
    const [a, b] = await Promise.all([
      call('POST', `/api/user/orders/${itemS}/cancel`, user),
      call('POST', `/api/user/orders/${itemS}/cancel`, user, undefined, other),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await variantStock(variant('S').id)).toBe(5);
    expect(await variantStock(variant('M').id)).toBe(4);
    expect(await stockOf(ctx.db, product.id)).toBe(9);
  });
});
