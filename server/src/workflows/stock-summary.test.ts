import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';

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

/** The product as the SPEC §7 listing and the search answer it. */
async function listed(productId: string) {
  const all = await call('GET', '/api/get-all-Products');
  expect(all.statusCode, all.body).toBe(200);
  const legacy = (all.json() as Array<{ _id: string; stockQuantity: number; price: number }>).find(
    (p) => p._id === productId,
  );
  return { legacy };
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
    const { legacy } = await listed(product.id);
    expect(legacy).toMatchObject({ stockQuantity: 8, price: 949 });
  });
});
