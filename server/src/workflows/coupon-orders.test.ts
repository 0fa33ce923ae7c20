import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { insertCoupon, insertSale } from '../../test/offer-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { cartItems, couponRedemptions, coupons, orderItems, orders } from '../db/schema.ts';
import { expireReservations } from './reservations.ts';

/**
 * Coupons and sale prices at the order (issue 36): the cart answer, both checkouts, the usage
 * limits, and the totals to the paisa. Refunds, invoices and the ledger have their own tests.
 */

let ctx: TestContext;
let seller: FastAccount;
let otherSeller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app, { state: 'Karnataka' });
  otherSeller = await quickSeller(ctx.app, { state: 'Maharashtra' });
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const add = (who: FastAccount, productId: string, quantity = 1) =>
  call('POST', '/api/user/add-to-cart', who, { productId, quantity });
const apply = (who: FastAccount, code: string) => call('POST', '/api/user/cart/coupon', who, { code });
const placeCod = (who: FastAccount) => call('PUT', '/api/user/order-success', who);
const ordersOf = (userId: string) => ctx.db.select().from(orders).where(eq(orders.userId, userId));
const itemsOf = (orderId: string) => ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
const usedCount = async (id: string) =>
  (await ctx.db.select({ n: coupons.usedCount }).from(coupons).where(eq(coupons.id, id)))[0]!.n;

async function shopper() {
  const user = await quickUser(ctx.app);
  await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'COD' });
  await call('PUT', '/api/user/save-shipping-address', user, {
    address: '5 Beach Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
  });
  return user;
}

describe('a coupon on the cart and the COD order', () => {
  it('shares a capped percent discount over the lines to the paisa and places exactly the cart’s totals', async () => {
    const user = await shopper();
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 33_333, stock: 5 });
    const b = await insertProduct(ctx.db, otherSeller.id, { pricePaise: 50_000, stock: 5 });
    await add(user, a.id, 3);
    await add(user, b.id, 1);
    const coupon = await insertCoupon(ctx.db, {
      code: 'FEST10',
      kind: 'percent',
      value: 10,
      maxDiscountPaise: 30_000,
      minCartPaise: 149_900,
    });

    // Lowercase works: codes are case-insensitive.
    const res = await apply(user, 'fest10');
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    // 10% of Rs. 1,499.99 is Rs. 149.999: rounded down to the paisa, under the Rs. 300 cap.
    expect(cart.coupon).toEqual({ code: 'FEST10', discount: 149.99, fundedBy: 'platform', message: null });
    expect(cart.summary).toMatchObject({ discount: 149.99, subtotal: 1350, gst: 243, total: 1593 });
    const shares = cart.userCartProducts.map((l: { productId: string; discount: number }) => [
      l.productId,
      l.discount,
    ]);
    // 14,999 paise over 99,999 and 50,000: 9,999.27 and 4,999.73 → the odd paisa to the larger remainder.
    expect(new Map(shares)).toEqual(
      new Map([
        [a.id, 99.99],
        [b.id, 50],
      ]),
    );

    const placed = await placeCod(user);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order).toMatchObject({
      subtotal: 1350,
      gst: 243,
      total: 1593,
      discount: 149.99,
      couponCode: 'FEST10',
    });
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      subtotalPaise: 135_000,
      gstPaise: 24_300,
      totalPaise: 159_300,
      discountPaise: 14_999,
      couponCode: 'FEST10',
      couponFundedBy: 'platform',
    });
    const items = await itemsOf(order!.id);
    const byProduct = new Map(items.map((i) => [i.productId, i]));
    expect(byProduct.get(a.id)).toMatchObject({
      amountPaise: 99_999,
      discountPaise: 9_999,
      taxablePaise: 90_000,
    });
    expect(byProduct.get(b.id)).toMatchObject({
      amountPaise: 50_000,
      discountPaise: 5_000,
      taxablePaise: 45_000,
    });
    expect(items.reduce((s, i) => s + i.taxablePaise + i.taxPaise, 0)).toBe(order!.totalPaise);
    const redemptions = await ctx.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order!.id));
    expect(redemptions).toMatchObject([
      { couponId: coupon.id, userId: user.id, useNumber: 1, discountPaise: 14_999 },
    ]);
    expect(await usedCount(coupon.id)).toBe(1);
    // The order took the coupon with the cart.
    expect((await call('GET', '/api/user/cart', user)).json().coupon).toBeNull();
  });

  it('says why a code does not apply, and changes nothing', async () => {
    const user = await shopper();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 5 });
    await add(user, p.id, 1);
    const min = await insertCoupon(ctx.db, { minCartPaise: 149_900 });
    const expired = await insertCoupon(ctx.db, { endsAt: new Date(Date.now() - 60_000) });
    const firstOnly = await insertCoupon(ctx.db, { firstOrderOnly: true });
    const kids = await insertCoupon(ctx.db, { categories: ['Kids'] });

    const short = await apply(user, min.code);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toBe(`Add Rs. 499 more to use ${min.code} (minimum Rs. 1,499)`);
    expect(short.json().errors[0].path).toBe('code');
    expect((await apply(user, expired.code)).json().error).toBe(`${expired.code} has expired`);
    expect((await apply(user, kids.code)).json().error).toBe(
      `${kids.code} is not for the products in your cart`,
    );
    const unknown = await apply(user, 'NOSUCH');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('There is no coupon "NOSUCH"');
    expect((await apply(user, '')).statusCode).toBe(400);

    const cart = (await call('GET', '/api/user/cart', user)).json();
    expect(cart.coupon).toBeNull();
    expect(cart.summary.discount).toBe(0);

    // First order only: fine now, refused once an order was placed.
    expect((await apply(user, firstOnly.code)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/user/cart/coupon', user)).json().coupon).toBeNull();
    expect((await placeCod(user)).statusCode).toBe(200);
    await add(user, p.id, 1);
    expect((await apply(user, firstOnly.code)).json().error).toBe(
      `${firstOnly.code} is for your first order only`,
    );
  });

  it('refuses the order when the coupon on the cart no longer applies, placing nothing', async () => {
    const user = await shopper();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 5 });
    await add(user, p.id, 2);
    const coupon = await insertCoupon(ctx.db, { minCartPaise: 150_000 });
    expect((await apply(user, coupon.code)).statusCode).toBe(200);
    // The shopper takes one unit out: the minimum is no longer met.
    const [line] = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    await call('PUT', '/api/user/add-to-cart', user, { cartProductId: line!.id, quantity: 1 });
    const cart = (await call('GET', '/api/user/cart', user)).json();
    expect(cart.coupon).toMatchObject({ code: coupon.code, discount: 0 });
    expect(cart.coupon.message).toMatch(/^Add Rs\. 500 more/);

    const res = await placeCod(user);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Remove the coupon from your cart to place the order$/);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await usedCount(coupon.id)).toBe(0);
  });

  it('lists the coupons a cart can use, best saving first', async () => {
    const user = await shopper();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 200_000, stock: 5 });
    await add(user, p.id, 1);
    const flat = await insertCoupon(ctx.db, { kind: 'flat', value: 25_000 });
    const pct = await insertCoupon(ctx.db, { kind: 'percent', value: 20, maxDiscountPaise: 30_000 });
    const tooHigh = await insertCoupon(ctx.db, { minCartPaise: 500_000 });
    const off = await insertCoupon(ctx.db, { active: false });
    const res = await call('GET', '/api/user/cart/offers', user);
    expect(res.statusCode).toBe(200);
    const codes = res.json().offers.map((o: { code: string }) => o.code);
    expect(codes.indexOf(pct.code)).toBeLessThan(codes.indexOf(flat.code));
    expect(codes).not.toContain(tooHigh.code);
    expect(codes).not.toContain(off.code);
    expect(res.json().offers.find((o: { code: string }) => o.code === pct.code)).toMatchObject({
      discount: 300,
      description: '20% off up to Rs. 300',
    });
  });

  it('a seller’s coupon applies to that seller’s lines only', async () => {
    const user = await shopper();
    const mine = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 5 });
    const theirs = await insertProduct(ctx.db, otherSeller.id, { pricePaise: 100_000, stock: 5 });
    await add(user, mine.id, 1);
    await add(user, theirs.id, 1);
    const coupon = await insertCoupon(ctx.db, {
      kind: 'flat',
      value: 20_000,
      sellerId: seller.id,
      fundedBy: 'seller',
    });
    const cart = (await apply(user, coupon.code)).json();
    const discountOf = new Map(
      cart.userCartProducts.map((l: { productId: string; discount: number }) => [l.productId, l.discount]),
    );
    expect(discountOf.get(mine.id)).toBe(200);
    expect(discountOf.get(theirs.id)).toBe(0);
    expect((await placeCod(user)).statusCode).toBe(200);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ discountPaise: 20_000, couponFundedBy: 'seller' });
  });
});

describe('usage limits', () => {
  it('gives exactly usageLimit discounted orders to shoppers racing for it; the rest get 409 and nothing placed', async () => {
    const coupon = await insertCoupon(ctx.db, { usageLimit: 3, kind: 'flat', value: 10_000 });
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000, stock: 100 });
    const users = await Promise.all(Array.from({ length: 10 }, () => shopper()));
    for (const u of users) {
      await add(u, p.id, 1);
      expect((await apply(u, coupon.code)).statusCode).toBe(200);
    }
    const answers = await Promise.all(users.map((u) => placeCod(u)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.json().error).toMatch(/has been used up|has just been used up/);
    const placed = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.couponCode, coupon.code));
    expect(placed[0]!.n).toBe(3);
    expect(await usedCount(coupon.id)).toBe(3);
    // The refused shoppers keep their carts.
    for (const [i, r] of answers.entries())
      if (r.statusCode === 409)
        expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, users[i]!.id))).toHaveLength(
          1,
        );
  });

  it('perUserLimit: a shopper cannot use it twice, even with two orders at once', async () => {
    const coupon = await insertCoupon(ctx.db, { perUserLimit: 1, kind: 'flat', value: 10_000 });
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000, stock: 100 });
    const user = await shopper();
    await add(user, p.id, 1);
    expect((await apply(user, coupon.code)).statusCode).toBe(200);
    const [first, second] = await Promise.all([placeCod(user), placeCod(user)]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    await add(user, p.id, 1);
    expect((await apply(user, coupon.code)).json().error).toBe(`You have already used ${coupon.code}`);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('a card payment that expires gives its use back', async () => {
    const coupon = await insertCoupon(ctx.db, { usageLimit: 1, kind: 'percent', value: 50 });
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 40_000, stock: 10 });
    const user = await shopper();
    await add(user, p.id, 1);
    expect((await apply(user, coupon.code)).statusCode).toBe(200);
    await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'Stripe' });
    const session = await call('POST', '/api/user/checkout-session', user);
    expect(session.statusCode).toBe(200);
    const [order] = await ordersOf(user.id);
    // flat18: Rs. 400 less 50% is Rs. 200 taxable, Rs. 36 GST.
    expect(order).toMatchObject({
      paymentStatus: 'awaiting_payment',
      discountPaise: 20_000,
      totalPaise: 23_600,
    });
    expect(await usedCount(coupon.id)).toBe(1);

    // Another shopper cannot have the last use meanwhile.
    const other = await shopper();
    await add(other, p.id, 1);
    expect((await apply(other, coupon.code)).json().error).toBe(`${coupon.code} has been used up`);

    await expireReservations(ctx.db, new Date(Date.now() + 31 * 60 * 1000));
    expect(await usedCount(coupon.id)).toBe(0);
    expect(
      await ctx.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id)),
    ).toHaveLength(0);
    expect((await apply(other, coupon.code)).statusCode).toBe(200);
  });
});

describe('sale prices at the order', () => {
  it('charges the sale price while the event runs, with a coupon on top of it', async () => {
    const user = await shopper();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, mrpPaise: 150_000, stock: 5 });
    await insertSale(ctx.db, [
      { variantId: p.variantId, productId: p.id, sellerId: seller.id, salePaise: 80_000 },
    ]);
    await add(user, p.id, 2);
    const coupon = await insertCoupon(ctx.db, { kind: 'percent', value: 10 });
    const cart = (await apply(user, coupon.code)).json();
    expect(cart.userCartProducts[0]).toMatchObject({ amount: 1600, discount: 160 });
    expect(cart.userCartProducts[0].product[0]).toMatchObject({
      price: 800,
      markPrice: 1500,
      regularPrice: 1000,
    });
    expect((await placeCod(user)).statusCode).toBe(200);
    const [order] = await ordersOf(user.id);
    const [item] = await itemsOf(order!.id);
    expect(item).toMatchObject({
      unitPricePaise: 80_000,
      amountPaise: 160_000,
      discountPaise: 16_000,
      taxablePaise: 144_000,
    });
  });

  it('never charges a sale price outside its window', async () => {
    const user = await shopper();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 5 });
    const price = { variantId: p.variantId, productId: p.id, sellerId: seller.id, salePaise: 70_000 };
    await insertSale(ctx.db, [price], { from: -3, to: -1 }); // ended an hour ago
    await insertSale(ctx.db, [price], { from: 1, to: 3, earlyHours: 0 }); // starts in an hour
    await add(user, p.id, 1);
    expect((await call('GET', '/api/user/cart', user)).json().userCartProducts[0].amount).toBe(1000);
    expect((await placeCod(user)).statusCode).toBe(200);
    const [order] = await ordersOf(user.id);
    expect((await itemsOf(order!.id))[0]).toMatchObject({ unitPricePaise: 100_000 });
  });

  it('signed-in shoppers get the sale price during early access', async () => {
    const user = await shopper();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 5 });
    await insertSale(
      ctx.db,
      [{ variantId: p.variantId, productId: p.id, sellerId: seller.id, salePaise: 75_000 }],
      {
        from: 2,
        to: 5,
        earlyHours: 3,
      },
    );
    await add(user, p.id, 1);
    const line = (await call('GET', '/api/user/cart', user)).json().userCartProducts[0];
    expect(line.amount).toBe(750);
    expect(line.product[0].sale).toMatchObject({ earlyAccess: true });
    expect((await placeCod(user)).statusCode).toBe(200);
    const [order] = await ordersOf(user.id);
    expect((await itemsOf(order!.id))[0]).toMatchObject({ unitPricePaise: 75_000 });
  });
});

describe('GST on the discount, india mode', () => {
  let india: TestContext;
  beforeAll(async () => {
    india = await createTestContext({ env: { GST_MODE: 'india' } });
  });
  afterAll(() => india?.close());

  it('decides the slab on the piece’s price after discount', async () => {
    const s = await quickSeller(india.app, { state: 'Karnataka' });
    const user = await quickUser(india.app);
    const icall = callerOf(() => india.app);
    await icall('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'COD' });
    await icall('PUT', '/api/user/save-shipping-address', user, {
      address: '5 Beach Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
    });
    // Rs. 2,700 a piece is above Rs. 2,625 (18%); Rs. 200 off makes it Rs. 2,500 (5%).
    const p = await insertProduct(india.db, s.id, { pricePaise: 270_000, stock: 5 });
    await icall('POST', '/api/user/add-to-cart', user, { productId: p.id, quantity: 1 });
    const coupon = await insertCoupon(india.db, { kind: 'flat', value: 20_000 });
    const cart = (await icall('POST', '/api/user/cart/coupon', user, { code: coupon.code })).json();
    expect(cart.summary).toMatchObject({ discount: 200, total: 2500, taxIncluded: true });
    expect((await icall('PUT', '/api/user/order-success', user)).statusCode).toBe(200);
    const [order] = await india.db.select().from(orders).where(eq(orders.userId, user.id));
    const [item] = await india.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    // 2,50,000 × 100 / 105 = 2,38,095.24 → 2,38,095 taxable, 11,905 tax.
    expect(item).toMatchObject({
      gstRateBp: 500,
      discountPaise: 20_000,
      taxablePaise: 238_095,
      taxPaise: 11_905,
    });
    expect(order).toMatchObject({ totalPaise: 250_000, discountPaise: 20_000 });
  });
});

describe('a price that changed between the cart and the order', () => {
  it('with the total the shopper saw, a changed total is a 409 saying the new one, and nothing is placed', async () => {
    const user = await shopper();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 5 });
    await add(user, p.id, 1);
    const seen = (await call('GET', '/api/user/cart', user)).json().summary.total;
    expect(seen).toBe(1180);
    // The sale starts before the shopper places the order.
    await insertSale(ctx.db, [
      { variantId: p.variantId, productId: p.id, sellerId: seller.id, salePaise: 80_000 },
    ]);
    const res = await call('PUT', '/api/user/order-success', user, { expectedTotal: seen });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Prices in your cart have changed: the total is now Rs. 944.00. Check your cart and place the order again',
    );
    expect(await ordersOf(user.id)).toHaveLength(0);
    // Placed at the total shown now; the original client, sending no total, gets the price of the moment.
    expect((await call('PUT', '/api/user/order-success', user, { expectedTotal: 944 })).statusCode).toBe(200);
    expect((await call('PUT', '/api/user/order-success', user, { expectedTotal: 'x' })).statusCode).toBe(400);
  });
});

describe('the best offer on a product page', () => {
  it('names the coupon that saves most on one piece and what the piece then costs; none for first orders only', async () => {
    // Only this test's coupons are open.
    await ctx.db.update(coupons).set({ active: false });
    const p = await insertProduct(ctx.db, otherSeller.id, {
      pricePaise: 99_900,
      stock: 5,
      subCategory: 'KidsWear',
    });
    await insertCoupon(ctx.db, { kind: 'flat', value: 5_000, categories: ['Kids'] });
    const best = await insertCoupon(ctx.db, {
      kind: 'percent',
      value: 15,
      maxDiscountPaise: 20_000,
      categories: ['KidsWear'],
    });
    await insertCoupon(ctx.db, { kind: 'percent', value: 50, firstOrderOnly: true, categories: ['Kids'] });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/offers/best?productId=${p.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().offer).toMatchObject({ code: best.code, discount: 149.85, price: 849.15 });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/offers/best?productId=nope' });
    expect(bad.statusCode).toBe(400);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/best?productId=7d0c1c2e-8a53-4c1b-9f0e-2b8a1f9a0c11',
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('a refusal in the shopper’s language', () => {
  it('answers in Hindi with the lang cookie, in English without it', async () => {
    const user = await shopper();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 5 });
    await add(user, p.id, 1);
    const min = await insertCoupon(ctx.db, { minCartPaise: 150_000 });
    const hindi = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart/coupon',
      headers: { ...user.headers, cookie: 'lang=hi' },
      payload: { code: min.code },
    });
    expect(hindi.statusCode).toBe(409);
    expect(hindi.json().error).toBe(`${min.code} इस्तेमाल करने के लिए Rs. 500 और जोड़ें (न्यूनतम Rs. 1,500)`);
    expect((await apply(user, min.code)).json().error).toBe(
      `Add Rs. 500 more to use ${min.code} (minimum Rs. 1,500)`,
    );
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart/coupon',
      headers: { ...user.headers, cookie: 'lang=hi' },
      payload: { code: 'nosuch' },
    });
    expect(unknown.json().error).toBe('"NOSUCH" नाम का कोई कूपन नहीं है');
  });
});
