import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser, stockOf } from '../../../test/shop-fixtures.ts';
import {
  cartItems,
  checkouts,
  orderItems,
  orders,
  outboxEmails,
  products,
  productVariants,
} from '../../db/schema.ts';
import { computeTotals } from '../../lib/money.ts';

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const add = (who: FastAccount, productId: string, quantity = 1) =>
  call('POST', '/api/user/add-to-cart', who, { productId, quantity });
const placeCod = (who: FastAccount) => call('PUT', '/api/user/order-success', who);
const ordersOf = (userId: string) => ctx.db.select().from(orders).where(eq(orders.userId, userId));
const mailsTo = (to: string) => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

describe('Cash On Delivery', () => {
  it('turns the cart into one order: stock taken, items pending, totals in paise, cart emptied, mails sent', async () => {
    const user = await quickUser(ctx.app);
    const otherSeller = await quickSeller(ctx.app);
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 33_333, stock: 5 });
    const b = await insertProduct(ctx.db, otherSeller.id, { pricePaise: 5, stock: 1 });
    await add(user, a.id, 3);
    await add(user, b.id, 1);
    await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'COD' });
    await call('PUT', '/api/user/save-shipping-address', user, {
      address: '5 Beach Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      postalCode: '600001',
    });

    const res = await placeCod(user);
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(res.json().success).toBe(true);
    expect(order).toMatchObject({
      paymentMethod: 'COD',
      paymentStatus: 'cod_due',
      address: '5 Beach Road',
      city: 'Chennai',
      subtotal: 1000.04,
      gst: 180.01,
      shipping: 0,
      total: 1180.05,
    });
    expect(order.items).toHaveLength(2);
    expect(order.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);

    const [row] = await ordersOf(user.id);
    expect(row).toMatchObject({
      subtotalPaise: 100_004,
      gstPaise: 18_001,
      totalPaise: 118_005,
      paymentMethod: 'cod',
      paymentStatus: 'cod_due',
      customerName: 'Meera Iyer',
      customerEmail: user.email,
      postalCode: '600001',
    });
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id));
    expect(items.map((i) => [i.productName, i.quantity, i.amountPaise, i.unitPricePaise]).sort()).toEqual(
      [
        [a.name, 3, 99_999, 33_333],
        [b.name, 1, 5, 5],
      ].sort(),
    );
    expect(await stockOf(ctx.db, a.id)).toBe(2);
    expect(await stockOf(ctx.db, b.id)).toBe(0);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
    expect(await ctx.db.select().from(checkouts).where(eq(checkouts.userId, user.id))).toHaveLength(0);

    const customerMail = await mailsTo(user.email);
    expect(customerMail.map((m) => m.kind)).toEqual(['order_confirmation']);
    expect(customerMail[0]!.text).toContain('Rs. 1,180.05');
    expect((await mailsTo(seller.email)).map((m) => m.kind)).toEqual(['new_order']);
    const otherMail = await mailsTo(otherSeller.email);
    expect(otherMail[0]!.text).toContain(b.name);
    expect(otherMail[0]!.text).not.toContain(a.name);
  });

  it('computes GST in the order exactly as computeTotals does, halves rounded up, to the paisa', async () => {
    const user = await quickUser(ctx.app);
    // 25 × 18 / 100 = 4.5 → 5; 75 → 13.5 → 14; 33_335 → 6000.3 → 6000; 2_775 → 499.5 → 500
    for (const pricePaise of [25, 75, 33_335, 2_775]) {
      const p = await insertProduct(ctx.db, seller.id, { pricePaise, stock: 1 });
      await add(user, p.id, 1);
      const res = await placeCod(user);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, res.json().order._id));
      const expected = computeTotals(pricePaise);
      expect(row).toMatchObject({
        subtotalPaise: expected.subtotalPaise,
        gstPaise: expected.gstPaise,
        totalPaise: expected.totalPaise,
      });
      expect(res.json().order.total).toBe(expected.totalPaise / 100);
    }
  });

  it("orders only products still in the shop, to the profile's address when none was saved", async () => {
    const user = await quickUser(ctx.app);
    const kept = await insertProduct(ctx.db, seller.id, { pricePaise: 1_000, stock: 3 });
    const gone = await insertProduct(ctx.db, seller.id, { pricePaise: 2_000, stock: 3 });
    await add(user, kept.id, 1);
    await add(user, gone.id, 1);
    await ctx.db.update(products).set({ status: 'removed' }).where(eq(products.id, gone.id));

    const res = await placeCod(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ address: '22 MG Road', subtotal: 10 });
    expect(res.json().order.items.map((i: { productId: string }) => i.productId)).toEqual([kept.id]);
    expect(await stockOf(ctx.db, kept.id)).toBe(2);
    expect(await stockOf(ctx.db, gone.id)).toBe(3);
    // The removed product's line is not bought; it stays (hidden) rather than vanishing unexplained.
    const left = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(left.map((l) => l.productId)).toEqual([gone.id]);
  });

  it('refuses an order too large for the money columns with a clear 409 and changes nothing', async () => {
    const user = await quickUser(ctx.app);
    // Rs. 10,00,000 × 22 = Rs. 22 crore: past what a 32-bit paise amount holds.
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000_000, stock: 100 });
    expect((await add(user, p.id, 22)).statusCode).toBe(200);
    for (const attempt of [placeCod(user), call('POST', '/api/user/checkout-session', user)]) {
      const res = await attempt;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatch(/too large/);
    }
    await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'COD' });
    expect((await placeCod(user)).statusCode).toBe(409);
    expect(await stockOf(ctx.db, p.id)).toBe(100);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);
  });

  it('creates nothing on a second call or with an empty cart (409)', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 4 });
    const empty = await placeCod(user);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toBe('Your cart is empty');
    await add(user, p.id, 2);
    const [first, second] = await Promise.all([placeCod(user), placeCod(user)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await stockOf(ctx.db, p.id)).toBe(2);
  });

  it('all lines or none: a shortage names the product and leaves stock, cart and orders untouched', async () => {
    const user = await quickUser(ctx.app);
    const plenty = await insertProduct(ctx.db, seller.id, { stock: 10 });
    const scarce = await insertProduct(ctx.db, seller.id, { stock: 3, name: 'Scarce Kurta' });
    await add(user, plenty.id, 2);
    await add(user, scarce.id, 3);
    await ctx.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, scarce.id));
    const res = await placeCod(user);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Scarce Kurta/);
    expect(await stockOf(ctx.db, plenty.id)).toBe(10);
    expect(await stockOf(ctx.db, scarce.id)).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(2);
  });

  it('ignores prices and quantities sent with the order call', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 49_900, stock: 5 });
    await add(user, p.id, 1);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/order-success',
      headers: user.headers,
      payload: { total: 1, amount: 1, quantity: 5, price: 0.01 },
    });
    expect(res.json(), res.body).toHaveProperty('order');
    expect(res.json().order).toMatchObject({ subtotal: 499, gst: 89.82, total: 588.82 });
    expect(await stockOf(ctx.db, p.id)).toBe(4);
  });

  it('refuses COD when the checkout is set to card', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await add(user, p.id);
    await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'Stripe' });
    const res = await placeCod(user);
    expect(res.statusCode).toBe(409);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });
});

describe('my orders and cancelling', () => {
  it('lists orders newest first with each item: status, snapshot product and the address', async () => {
    const user = await quickUser(ctx.app);
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000 });
    const b = await insertProduct(ctx.db, seller.id, { pricePaise: 20_000 });
    await add(user, a.id);
    await placeCod(user);
    await add(user, b.id, 2);
    await placeCod(user);
    // The new app's list, grouped by order (the old client's `my-orders`, oldest first, is in
    // order-lists.test.ts; the grouping itself in customer-orders.test.ts).
    const res = await call('GET', '/api/user/orders', user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const lines = res.json().flatMap((o: { items: unknown[] }) => o.items);
    expect(lines.map((l: { productId: string }) => l.productId)).toEqual([b.id, a.id]);
    expect(lines[0]).toEqual({
      _id: expect.any(String),
      orderId: expect.any(String),
      productId: b.id,
      variantId: b.variantId,
      size: 'Free Size',
      // The one size has no colour of its own: the product's (the factory's Blue).
      color: 'Blue',
      tracking: null,
      quantity: 2,
      amount: 400,
      // The test seller has no registered state: inter-state, IGST 18% of Rs. 400.
      tax: {
        hsn: expect.stringMatching(/^\d{4,8}$/),
        rate: 18,
        taxableValue: 400,
        cgst: 0,
        sgst: 0,
        igst: 72,
      },
      invoiceId: null,
      creditNoteId: null,
      paymentMethod: 'COD',
      paymentStatus: 'cod_due',
      status: 'pending',
      deliveredAt: null,
      exchangeOfReturnId: null,
      address: '22 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      date: expect.any(String),
      product: [expect.objectContaining({ _id: b.id, productName: b.name, price: 200 })],
      discount: 0,
    });
    const other = await quickUser(ctx.app);
    expect((await call('GET', '/api/user/orders', other)).json()).toEqual([]);
    const order = await call('GET', `/api/user/orders/${lines[0].orderId}`, user);
    expect(order.json().order).toMatchObject({ _id: lines[0].orderId, total: 472 });
    expect((await call('GET', `/api/user/orders/${lines[0].orderId}`, other)).statusCode).toBe(404);
  });

  it('cancels a pending item once (DELETE add-to-cart or POST cancel), returning its stock once', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 5 });
    const q = await insertProduct(ctx.db, seller.id, { stock: 5 });
    await add(user, p.id, 2);
    await add(user, q.id, 1);
    const { order } = (await placeCod(user)).json();
    const itemP = order.items.find((i: { productId: string }) => i.productId === p.id)._id;
    const itemQ = order.items.find((i: { productId: string }) => i.productId === q.id)._id;
    expect(await stockOf(ctx.db, p.id)).toBe(3);

    const other = await quickUser(ctx.app);
    expect((await call('DELETE', '/api/user/add-to-cart', other, { cartProductId: itemP })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/user/orders/${itemP}/cancel`, other)).statusCode).toBe(404);
    expect(await stockOf(ctx.db, p.id)).toBe(3);

    const del = await call('DELETE', '/api/user/add-to-cart', user, { cartProductId: itemP });
    expect(del.json()).toMatchObject({ success: true });
    expect(await stockOf(ctx.db, p.id)).toBe(5);
    const again = await call('POST', `/api/user/orders/${itemP}/cancel`, user);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This item is already cancelled');
    expect(await stockOf(ctx.db, p.id)).toBe(5);

    const [r1, r2] = await Promise.all([
      call('POST', `/api/user/orders/${itemQ}/cancel`, user),
      call('POST', `/api/user/orders/${itemQ}/cancel`, user),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect(await stockOf(ctx.db, q.id)).toBe(5);
    const statuses = (await call('GET', '/api/user/orders', user))
      .json()
      .flatMap((o: { items: { status: string }[] }) => o.items.map((l) => l.status));
    expect(statuses).toEqual(['cancelled', 'cancelled']);
  });

  it('edits the address of an order until an item ships', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await add(user, p.id);
    const { order } = (await placeCod(user)).json();
    const address = { address: '1 New Street', city: 'Jaipur', state: 'Rajasthan', postalCode: '302001' };
    const other = await quickUser(ctx.app);
    expect((await call('PUT', `/api/user/orders/${order._id}/address`, other, address)).statusCode).toBe(404);
    const res = await call('PUT', `/api/user/orders/${order._id}/address`, user, address);
    expect(res.json().order).toMatchObject(address);
    await call('POST', `/api/seller/orders/${order.items[0]._id}/ship`, seller);
    const late = await call('PUT', `/api/user/orders/${order._id}/address`, user, {
      ...address,
      city: 'Ajmer',
    });
    expect(late.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.city).toBe('Jaipur');
  });
});

describe('seller orders and fulfilment', () => {
  it("lists only the seller's own items, newest first, with buyer address and payment method", async () => {
    const mine = await quickSeller(ctx.app);
    const theirs = await quickSeller(ctx.app);
    const user = await quickUser(ctx.app);
    const p1 = await insertProduct(ctx.db, mine.id, { pricePaise: 10_000 });
    const p2 = await insertProduct(ctx.db, theirs.id);
    await add(user, p1.id, 3);
    await add(user, p2.id);
    const { order } = (await placeCod(user)).json();
    const res = await call('GET', '/api/seller/seller-orders', mine);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toEqual([
      expect.objectContaining({
        orderId: order._id,
        productId: p1.id,
        quantity: 3,
        amount: 300,
        paymentMethod: 'COD',
        status: 'pending',
        address: '22 MG Road',
        postalCode: '560001',
        customerName: 'Meera Iyer',
        product: [expect.objectContaining({ productName: p1.name, image: p1.imageUrl, rating: 0 })],
      }),
    ]);
    expect((await call('GET', '/api/seller/seller-orders', user)).statusCode).toBe(403);
  });

  it('ships pending → shipped (mailing the customer), delivers shipped → delivered, refuses anything else', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await add(user, p.id);
    const { order } = (await placeCod(user)).json();
    const itemId = order.items[0]._id;
    const other = await quickSeller(ctx.app);
    expect((await call('POST', `/api/seller/orders/${itemId}/ship`, other)).statusCode).toBe(404);
    const early = await call('POST', `/api/seller/orders/${itemId}/deliver`, seller);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('This item is pending and cannot be marked delivered');

    const ship = await call('POST', `/api/seller/orders/${itemId}/ship`, seller);
    expect(ship.json()).toEqual({ success: true, _id: itemId, status: 'shipped' });
    expect((await mailsTo(user.email)).map((m) => m.kind).sort()).toEqual(['order_confirmation', 'shipment']);
    expect((await call('POST', `/api/seller/orders/${itemId}/ship`, seller)).statusCode).toBe(409);
    expect((await call('POST', `/api/user/orders/${itemId}/cancel`, user)).statusCode).toBe(409);
    const deliver = await call('POST', `/api/seller/orders/${itemId}/deliver`, seller);
    expect(deliver.json().status).toBe('delivered');
    const [row] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(row).toMatchObject({
      status: 'delivered',
      shippedAt: expect.any(Date),
      deliveredAt: expect.any(Date),
    });
    expect((await call('POST', `/api/seller/orders/${itemId}/ship`, user)).statusCode).toBe(403);
    expect((await call('POST', '/api/seller/orders/nope/ship', seller)).statusCode).toBe(400);
  });

  it('ships with the courier, AWB and tracking link, which the shopper sees on the order', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await add(user, p.id);
    const { order } = (await placeCod(user)).json();
    const itemId = order.items[0]._id;
    expect(order.items[0].tracking).toBeNull();
    const ship = (body: object) => call('POST', `/api/seller/orders/${itemId}/ship`, seller, body);
    const noAwb = await ship({ courier: 'Delhivery' });
    expect(noAwb.statusCode).toBe(400);
    expect(noAwb.json().errors).toEqual([{ msg: 'Enter the AWB number', path: 'awb' }]);
    const badLink = await ship({
      courier: 'Delhivery',
      awb: '1234567890',
      trackingUrl: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().errors[0].path).toBe('trackingUrl');
    expect((await ship({ courier: 'Delhivery', awb: '12 34' })).statusCode).toBe(400);
    // Nothing changed by the refusals.
    expect((await call('GET', `/api/user/orders/${order._id}`, user)).json().order.items[0].status).toBe(
      'pending',
    );

    const shipped = await ship({
      courier: ' Delhivery ',
      awb: 'DL1234567890',
      trackingUrl: 'https://www.delhivery.com/track/package/DL1234567890',
    });
    expect(shipped.json()).toEqual({ success: true, _id: itemId, status: 'shipped' });
    const seen = (await call('GET', `/api/user/orders/${order._id}`, user)).json().order.items[0];
    expect(seen).toMatchObject({
      status: 'shipped',
      tracking: {
        courier: 'Delhivery',
        awb: 'DL1234567890',
        url: 'https://www.delhivery.com/track/package/DL1234567890',
      },
    });
    const sellerView = (await call('GET', '/api/seller/orders', seller)).json();
    expect(sellerView.find((l: { _id: string }) => l._id === itemId).tracking.awb).toBe('DL1234567890');
  });
});

describe('order list paging and seller cancel', () => {
  it('pages my-orders with limit/page and X-Total-Count', async () => {
    const user = await quickUser(ctx.app);
    for (let i = 0; i < 3; i++) {
      const p = await insertProduct(ctx.db, seller.id);
      await add(user, p.id);
      await placeCod(user);
    }
    const first = await call('GET', '/api/user/my-orders?limit=2', user);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json()).toHaveLength(2);
    const second = await call('GET', '/api/user/my-orders?limit=2&page=2', user);
    expect(second.json()).toHaveLength(1);
    expect((await call('GET', '/api/user/my-orders?limit=500', user)).statusCode).toBe(400);
  });

  it('a seller can cancel a pending item of their own product (stock back), not of another seller', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 4 });
    await add(user, p.id, 2);
    const { order } = (await placeCod(user)).json();
    const itemId = order.items[0]._id;
    const other = await quickSeller(ctx.app);
    expect((await call('POST', `/api/seller/orders/${itemId}/cancel`, other)).statusCode).toBe(404);
    expect(await stockOf(ctx.db, p.id)).toBe(2);
    expect((await call('POST', `/api/seller/orders/${itemId}/cancel`, seller)).json()).toEqual({
      success: true,
    });
    expect(await stockOf(ctx.db, p.id)).toBe(4);
  });
});
