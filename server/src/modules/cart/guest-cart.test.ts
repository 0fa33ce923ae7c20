import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertSizedProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { cartItems, sellers } from '../../db/schema.ts';

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
type Line = { productId: string; quantity: unknown; variantId?: unknown };
const merge = (who: FastAccount | undefined, lines: Line[] | unknown) =>
  call('POST', '/api/user/cart/merge', who, { lines });
const preview = (lines: Line[] | unknown) => call('POST', '/api/cart/preview', undefined, { lines });
const add = (who: FastAccount, productId: string, quantity: number) =>
  call('POST', '/api/user/add-to-cart', who, { productId, quantity });
/** The user's cart rows, product id → quantity. */
const rowsOf = async (userId: string) =>
  Object.fromEntries(
    (await ctx.db.select().from(cartItems).where(eq(cartItems.userId, userId))).map((r) => [
      r.productId,
      r.quantity,
    ]),
  );

describe('merging a guest cart at login (POST /api/user/cart/merge)', () => {
  it('adds new lines and answers the merged cart with its server-computed summary', async () => {
    const user = await quickUser(ctx.app);
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 33_333, stock: 9 });
    const b = await insertProduct(ctx.db, seller.id, { pricePaise: 5, stock: 9 });
    const res = await merge(user, [
      { productId: a.id, quantity: 3, variantId: a.variantId },
      { productId: b.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, capped: [], skipped: [] });
    expect(body.userCartProducts.map((l: { productId: string }) => l.productId).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    // The same figures as the cart: 3 × 333.33 + 0.05 = 1000.04, GST 180.01.
    expect(body.summary).toEqual({
      pieces: 4,
      subtotal: 1000.04,
      gst: 180.01,
      shipping: 0,
      total: 1180.05,
      taxIncluded: false,
      // The test seller has no registered state: IGST, shipped to Karnataka.
      taxLines: [{ label: 'IGST 18%', rate: 18, amount: 180.01 }],
      discount: 0,
    });
    expect(await rowsOf(user.id)).toEqual({ [a.id]: 3, [b.id]: 1 });
    const cart = (await call('GET', '/api/user/cart', user)).json();
    expect(cart.summary).toEqual(body.summary);
  });

  it('adds quantities to lines already in the account cart, capped by the stock', async () => {
    const user = await quickUser(ctx.app);
    const roomy = await insertProduct(ctx.db, seller.id, { stock: 10 });
    const scarce = await insertProduct(ctx.db, seller.id, { stock: 4 });
    expect((await add(user, roomy.id, 2)).statusCode).toBe(200);
    expect((await add(user, scarce.id, 3)).statusCode).toBe(200);
    const res = await merge(user, [
      { productId: roomy.id, quantity: 5 },
      { productId: scarce.id, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().capped).toEqual([
      { productId: scarce.id, variantId: scarce.variantId, requested: 6, quantity: 4 },
    ]);
    expect(await rowsOf(user.id)).toEqual({ [roomy.id]: 7, [scarce.id]: 4 });
    // Still one line per product.
    expect(res.json().userCartProducts).toHaveLength(2);
  });

  it('never lowers a line that already holds more than the stock now allows', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 5 });
    expect((await add(user, p.id, 5)).statusCode).toBe(200);
    const res = await merge(user, [{ productId: p.id, quantity: 2 }]);
    expect(res.json().capped).toEqual([
      { productId: p.id, variantId: p.variantId, requested: 7, quantity: 5 },
    ]);
    expect(await rowsOf(user.id)).toEqual({ [p.id]: 5 });
  });

  it('caps a line at the per-line maximum, counting what the line already holds', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: MAX_LINE_QUANTITY + 500 });
    expect((await add(user, p.id, MAX_LINE_QUANTITY - 10)).statusCode).toBe(200);
    const res = await merge(user, [{ productId: p.id, quantity: 50 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().capped).toEqual([
      {
        productId: p.id,
        variantId: p.variantId,
        requested: MAX_LINE_QUANTITY + 40,
        quantity: MAX_LINE_QUANTITY,
      },
    ]);
    expect(await rowsOf(user.id)).toEqual({ [p.id]: MAX_LINE_QUANTITY });
  });

  it('counts the same product sent twice as one line', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 5 });
    const res = await merge(user, [
      { productId: p.id, quantity: 2 },
      { productId: p.id.toUpperCase(), quantity: 4 },
    ]);
    expect(res.json().capped).toEqual([
      { productId: p.id, variantId: p.variantId, requested: 6, quantity: 5 },
    ]);
    expect(await rowsOf(user.id)).toEqual({ [p.id]: 5 });
  });

  it('skips and reports removed, unknown, suspended-seller and sold-out products, merging the rest', async () => {
    const user = await quickUser(ctx.app);
    const ok = await insertProduct(ctx.db, seller.id, { stock: 3 });
    const removed = await insertProduct(ctx.db, seller.id, { status: 'removed' });
    const soldOut = await insertProduct(ctx.db, seller.id, { stock: 0 });
    const suspended = await quickSeller(ctx.app);
    const hidden = await insertProduct(ctx.db, suspended.id, { stock: 3 });
    await ctx.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, suspended.id));
    const unknown = '8f1d3a52-5c1e-4a4e-9a59-2f7d2a0b9c11';
    const res = await merge(user, [
      { productId: removed.id, quantity: 1 },
      { productId: ok.id, quantity: 1 },
      { productId: soldOut.id, quantity: 1 },
      { productId: unknown, quantity: 1 },
      { productId: hidden.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().skipped).toEqual([
      { productId: removed.id, reason: 'unavailable' },
      { productId: soldOut.id, variantId: soldOut.variantId, reason: 'sold out' },
      { productId: unknown, reason: 'unavailable' },
      { productId: hidden.id, reason: 'unavailable' },
    ]);
    expect(await rowsOf(user.id)).toEqual({ [ok.id]: 1 });
  });

  it('touches only the caller’s cart', async () => {
    const owner = await quickUser(ctx.app);
    const other = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 9 });
    expect((await add(owner, p.id, 2)).statusCode).toBe(200);
    expect((await merge(other, [{ productId: p.id, quantity: 3 }])).statusCode).toBe(200);
    expect(await rowsOf(owner.id)).toEqual({ [p.id]: 2 });
    expect(await rowsOf(other.id)).toEqual({ [p.id]: 3 });
  });

  it('needs a customer token: 401 without one, 403 for a seller', async () => {
    const p = await insertProduct(ctx.db, seller.id);
    const anonymous = await merge(undefined, [{ productId: p.id, quantity: 1 }]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, errors: [{ msg: expect.any(String) }] });
    expect((await merge(seller, [{ productId: p.id, quantity: 1 }])).statusCode).toBe(403);
  });

  it('refuses bad input with every field named, and writes nothing', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 9 });
    const cases: Array<[unknown, string, RegExp]> = [
      ['x', 'lines', /lines must be a list/],
      [[{ productId: 'nope', quantity: 1 }], 'lines.0.productId', /not a valid id/],
      [[{ productId: p.id, quantity: 0 }], 'lines.0.quantity', /at least 1/],
      [[{ productId: p.id, quantity: MAX_LINE_QUANTITY + 1 }], 'lines.0.quantity', /at most/],
      [[{ productId: p.id, quantity: true }], 'lines.0.quantity', /must be a number/],
      [[{ productId: p.id, quantity: 1, variantId: 7 }], 'lines.0.variantId', /variantId must be text/],
      [[{ productId: `${p.id}\u0000`, quantity: 1 }], 'lines.0.productId', /not allowed/],
      [
        Array.from({ length: MAX_CART_LINES + 1 }, () => ({ productId: p.id, quantity: 1 })),
        'lines',
        /at most 100/,
      ],
    ];
    for (const [lines, path, msg] of cases) {
      const res = await merge(user, lines);
      expect(res.statusCode, JSON.stringify(lines).slice(0, 80)).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.error).toEqual(body.errors[0].msg);
      expect(body.errors[0]).toMatchObject({ path, msg: expect.stringMatching(msg) });
    }
    const both = await merge(user, [
      { productId: 'nope', quantity: 1 },
      { productId: p.id, quantity: -1 },
    ]);
    expect(both.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'lines.0.productId',
      'lines.1.quantity',
    ]);
    expect((await call('POST', '/api/user/cart/merge', user, {})).statusCode).toBe(400);
    expect(await rowsOf(user.id)).toEqual({});
  });

  it('merging an empty guest cart answers the account cart unchanged', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id, { stock: 9 });
    expect((await add(user, p.id, 2)).statusCode).toBe(200);
    const res = await merge(user, []);
    expect(res.statusCode).toBe(200);
    expect(res.json().userCartProducts).toHaveLength(1);
    expect(await rowsOf(user.id)).toEqual({ [p.id]: 2 });
  });
});

describe('pricing a guest cart (POST /api/cart/preview)', () => {
  it('prices lines from the database without a token, with the cart’s summary, capped like a merge', async () => {
    const a = await insertProduct(ctx.db, seller.id, { pricePaise: 33_333, stock: 9 });
    const b = await insertProduct(ctx.db, seller.id, { pricePaise: 5, stock: 1 });
    const removed = await insertProduct(ctx.db, seller.id, { status: 'removed' });
    const res = await preview([
      { productId: a.id, quantity: 3, price: 1 } as Line,
      { productId: removed.id, quantity: 1 },
      { productId: b.id, quantity: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lines).toEqual([
      {
        productId: a.id,
        variantId: a.variantId,
        size: 'Free Size',
        color: 'Blue',
        quantity: 3,
        amount: 999.99,
        product: expect.objectContaining({ _id: a.id, price: 333.33, stockQuantity: 9 }),
      },
      {
        productId: b.id,
        variantId: b.variantId,
        size: 'Free Size',
        color: 'Blue',
        quantity: 1,
        amount: 0.05,
        product: expect.objectContaining({ _id: b.id }),
      },
    ]);
    expect(body.summary).toEqual({
      pieces: 4,
      subtotal: 1000.04,
      gst: 180.01,
      shipping: 0,
      total: 1180.05,
      taxIncluded: false,
      // No shipping state yet: GST, not split into CGST + SGST or IGST.
      taxLines: [{ label: 'GST 18%', rate: 18, amount: 180.01 }],
      discount: 0,
    });
    expect(body.capped).toEqual([{ productId: b.id, variantId: b.variantId, requested: 2, quantity: 1 }]);
    expect(body.skipped).toEqual([{ productId: removed.id, reason: 'unavailable' }]);
  });

  it('prices each size at its own price and stock; a multi-size line without a size is skipped', async () => {
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'M', stock: 2, pricePaise: 99_900 },
      { size: 'XL', stock: 5, pricePaise: 109_900 },
      { size: 'L', stock: 0 },
    ]);
    const res = await preview([
      { productId: product.id, variantId: variant('M').id, quantity: 3 },
      { productId: product.id, variantId: variant('XL').id, quantity: 1 },
      { productId: product.id, variantId: variant('L').id, quantity: 1 },
      { productId: product.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.lines.map((l: { size: string; quantity: number; amount: number }) => [
        l.size,
        l.quantity,
        l.amount,
      ]),
    ).toEqual([
      ['M', 2, 1998],
      ['XL', 1, 1099],
    ]);
    expect(body.capped).toEqual([
      { productId: product.id, variantId: variant('M').id, requested: 3, quantity: 2 },
    ]);
    expect(body.skipped).toEqual([
      { productId: product.id, variantId: variant('L').id, reason: 'sold out' },
      { productId: product.id, reason: 'choose a size' },
    ]);
  });

  it('refuses bad lines with the field named', async () => {
    const res = await preview([{ productId: 'x', quantity: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'lines.0.productId' });
  });
});

describe('the old client still needs a token (SPEC §4)', () => {
  it('POST /api/user/add-to-cart without a token is 401 "You Must Login First"', async () => {
    const p = await insertProduct(ctx.db, seller.id);
    const res = await call('POST', '/api/user/add-to-cart', undefined, { productId: p.id });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'You Must Login First' });
  });
});
