import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { act, requested, UPI } from '../../test/return-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { seededRandom } from '../db/seed/catalogue-data.ts';

/**
 * A product's stockQuantity and price are a summary of its sizes kept by the database (ADR 009):
 * after any order, cancellation, return or edit, the product page and the listings answer the sum of
 * the sizes' stock and the lowest price of a size in stock.
 */

let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

interface ApiVariant {
  _id: string;
  size: string;
  color: string;
  stock: number;
  price: number;
}

/** The product as its page answers it. */
async function productPage(productId: string) {
  const res = await call('GET', `/api/product-page/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { stockQuantity: number; price: number; variants: ApiVariant[] };
}

type Listed = { _id: string; stockQuantity: number; price: number };

/**
 * The products as the listings answer them: the SPEC §7 whole list and a page of the app's own
 * (both must agree); by id.
 */
async function listed(productIds: string[]) {
  const whole = await call('GET', '/api/get-all-Products');
  const paged = await call('GET', '/api/get-mens-all-Products?page=1&limit=200');
  expect([whole.statusCode, paged.statusCode], whole.body).toEqual([200, 200]);
  const byId = new Map<string, Listed>();
  for (const id of productIds) {
    const [a, b] = [whole, paged].map((r) => (r.json() as Listed[]).find((p) => p._id === id));
    expect(a, id).toMatchObject({ stockQuantity: b?.stockQuantity, price: b?.price });
    byId.set(id, a!);
  }
  return byId;
}

async function addSizedProduct(cells: Array<{ size: string; color: string; stock: number; price: number }>) {
  const res = await call('POST', '/api/seller/add-product', seller, {
    productName: 'Block-print Kurta',
    category: 'Mens',
    subCategory: 'gentsShirt',
    imageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/kurta.jpg',
    variants: cells,
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = res.json().product as { _id: string; variants: ApiVariant[] };
  const variant = (key: string) => product.variants.find((v) => `${v.size}/${v.color}` === key)!;
  return { id: product._id, variant };
}

async function placeCod(buyer: FastAccount, productId: string, lines: Array<[ApiVariant, number]>) {
  for (const [v, quantity] of lines) {
    const res = await call('POST', '/api/user/add-to-cart', buyer, { productId, variantId: v._id, quantity });
    expect(res.statusCode, res.body).toBe(200);
  }
  const placed = await call('PUT', '/api/user/order-success', buyer);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order as { _id: string; items: Array<{ _id: string; variantId: string }> };
}

describe('the product summary after a Cash On Delivery order of two sizes', () => {
  it('M/Navy 4, L/Navy 6, M/Maroon 3, S/Navy 0; 4 × M/Navy + 1 × L/Navy leaves 8 on the page and in the list', async () => {
    const product = await addSizedProduct([
      { size: 'M', color: 'Navy', stock: 4, price: 899 },
      { size: 'L', color: 'Navy', stock: 6, price: 999 },
      { size: 'M', color: 'Maroon', stock: 3, price: 949 },
      { size: 'S', color: 'Navy', stock: 0, price: 799 },
    ]);
    expect((await productPage(product.id)).stockQuantity).toBe(13);

    const buyer = await quickUser(ctx.app);
    await placeCod(buyer, product.id, [
      [product.variant('M/Navy'), 4],
      [product.variant('L/Navy'), 1],
    ]);

    const page = await productPage(product.id);
    expect(page.variants.map((v) => [`${v.size}/${v.color}`, v.stock])).toEqual(
      expect.arrayContaining([
        ['M/Navy', 0],
        ['L/Navy', 5],
        ['M/Maroon', 3],
        ['S/Navy', 0],
      ]),
    );
    expect(page.stockQuantity).toBe(8);
    // M/Navy sold out: the cheapest size in stock is M/Maroon.
    expect(page.price).toBe(949);
    expect((await listed([product.id])).get(product.id)).toMatchObject({ stockQuantity: 8, price: 949 });
  });
});

/** An item placed and not yet cancelled or returned, as the sequence knows it. */
interface OpenItem {
  id: string;
  buyer: FastAccount;
  productId: string;
  variantId: string;
  quantity: number;
}

describe('the product summary after a random sequence of orders, cancellations, returns and edits', () => {
  const STEPS = 40;

  it(`${STEPS} seeded steps: after every one, each product answers the sum of its sizes and the lowest price in stock`, async () => {
    const random = seededRandom(20_261_129);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const upTo = (n: number) => 1 + Math.floor(random() * n);

    const kurta = await addSizedProduct([
      { size: 'S', color: 'Navy', stock: 5, price: 799 },
      { size: 'M', color: 'Navy', stock: 4, price: 899 },
      { size: 'L', color: 'Navy', stock: 6, price: 999 },
      { size: 'M', color: 'Maroon', stock: 3, price: 949 },
      { size: 'L', color: 'Maroon', stock: 0, price: 749 },
    ]);
    const shirt = await addSizedProduct([
      { size: 'M', color: 'White', stock: 7, price: 1299 },
      { size: 'XL', color: 'White', stock: 2, price: 1199 },
    ]);
    const productIds = [kurta.id, shirt.id];
    // What each size should hold, kept beside the shop: every step says what it did to it.
    const expected = new Map<string, number>();
    const sizesOf = new Map<string, ApiVariant[]>();
    for (const id of productIds) {
      const page = await productPage(id);
      sizesOf.set(id, page.variants);
      for (const v of page.variants) expected.set(v._id, v.stock);
    }
    const open: OpenItem[] = [];

    /** 1 to 3 lines of sizes in stock, over both products; none when everything is sold out. */
    const someLines = () => {
      const inStock = [...sizesOf.entries()].flatMap(([productId, vs]) =>
        vs.filter((v) => expected.get(v._id)! > 0).map((v) => ({ productId, v })),
      );
      const lines = new Map<string, { productId: string; v: ApiVariant; quantity: number }>();
      for (let n = upTo(3); n > 0 && inStock.length > 0; n--) {
        const { productId, v } = pick(inStock);
        if (!lines.has(v._id)) lines.set(v._id, { productId, v, quantity: upTo(expected.get(v._id)!) });
      }
      return [...lines.values()];
    };

    const fillCart = async (buyer: FastAccount, lines: ReturnType<typeof someLines>) => {
      for (const { productId, v, quantity } of lines) {
        const res = await call('POST', '/api/user/add-to-cart', buyer, {
          productId,
          variantId: v._id,
          quantity,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    };

    const placed = async (buyer: FastAccount, orderId: string, lines: ReturnType<typeof someLines>) => {
      const order = (await call('GET', `/api/user/orders/${orderId}`, buyer)).json().order;
      for (const item of order.items as Array<{
        _id: string;
        productId: string;
        variantId: string;
        quantity: number;
      }>)
        open.push({
          id: item._id,
          buyer,
          productId: item.productId,
          variantId: item.variantId,
          quantity: item.quantity,
        });
      for (const { v, quantity } of lines) expected.set(v._id, expected.get(v._id)! - quantity);
    };

    const steps: Record<string, () => Promise<void>> = {
      async cod() {
        const lines = someLines();
        if (lines.length === 0) return;
        const buyer = await quickUser(ctx.app);
        await fillCart(buyer, lines);
        const res = await call('PUT', '/api/user/order-success', buyer);
        expect(res.statusCode, res.body).toBe(200);
        await placed(buyer, res.json().order._id, lines);
      },
      async card() {
        const lines = someLines();
        if (lines.length === 0) return;
        const buyer = await quickUser(ctx.app);
        await fillCart(buyer, lines);
        const session = await call('POST', '/api/user/checkout-session', buyer);
        expect(session.statusCode, session.body).toBe(200);
        const paid = await ctx.app.inject({
          method: 'POST',
          url: `/pay/${session.json().id}/pay`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
        });
        expect(paid.statusCode, paid.body).toBeLessThan(400);
        await placed(buyer, session.json().orderId, lines);
      },
      async cancel() {
        if (open.length === 0) return;
        const item = open.splice(Math.floor(random() * open.length), 1)[0]!;
        const res = await call('POST', `/api/user/orders/${item.id}/cancel`, item.buyer);
        expect(res.statusCode, res.body).toBe(200);
        expected.set(item.variantId, expected.get(item.variantId)! + item.quantity);
      },
      async returnReceived() {
        if (open.length === 0) return;
        const item = open.splice(Math.floor(random() * open.length), 1)[0]!;
        expect((await call('POST', `/api/seller/orders/${item.id}/ship`, seller, {})).statusCode).toBe(200);
        expect((await call('POST', `/api/seller/orders/${item.id}/deliver`, seller)).statusCode).toBe(200);
        const quantity = upTo(item.quantity);
        const ret = await requested(call, item.buyer, item.id, {
          kind: 'refund',
          quantity,
          reason: 'wrong_size',
          refundTo: UPI,
        });
        expect((await act(call, seller, 'seller', ret._id, 'approve')).statusCode).toBe(200);
        const received = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
        expect(received.statusCode, received.body).toBe(200);
        expected.set(item.variantId, expected.get(item.variantId)! + quantity);
      },
      async edit() {
        const productId = pick(productIds);
        const variants = sizesOf.get(productId)!.map((v) => {
          const touched = random() < 0.5;
          const stock = touched ? Math.floor(random() * 8) : expected.get(v._id)!;
          const price = touched && random() < 0.5 ? 499 + 100 * Math.floor(random() * 10) : v.price;
          return { _id: v._id, size: v.size, color: v.color, stock, price };
        });
        const res = await call('PUT', '/api/seller/update-product', seller, { productId, variants });
        expect(res.statusCode, res.body).toBe(200);
        for (const v of variants) expected.set(v._id, v.stock);
        sizesOf.set(productId, (await productPage(productId)).variants);
      },
    };
    const kinds = ['cod', 'cod', 'card', 'cancel', 'returnReceived', 'edit'];

    const done: string[] = [];
    for (let step = 1; step <= STEPS; step++) {
      const kind = pick(kinds);
      await steps[kind]!();
      done.push(kind);
      const list = await listed(productIds);
      for (const id of productIds) {
        const page = await productPage(id);
        const sizes = page.variants;
        const inStock = sizes.filter((v) => v.stock > 0);
        const lowest = Math.min(...(inStock.length > 0 ? inStock : sizes).map((v) => v.price));
        const sum = sizes.reduce((n, v) => n + v.stock, 0);
        const where = `step ${step} (${done.join(', ')}), product ${id}`;
        expect(Object.fromEntries(sizes.map((v) => [v._id, v.stock])), where).toEqual(
          Object.fromEntries(sizes.map((v) => [v._id, expected.get(v._id)])),
        );
        expect({ stockQuantity: page.stockQuantity, price: page.price }, where).toEqual({
          stockQuantity: sum,
          price: lowest,
        });
        expect(list.get(id), where).toMatchObject({ stockQuantity: sum, price: lowest });
      }
    }
    // The sequence did all of it, more than once.
    for (const kind of new Set(kinds)) expect(done.filter((k) => k === kind).length, kind).toBeGreaterThan(1);
  });
});
