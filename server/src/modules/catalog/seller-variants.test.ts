import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  auth,
  insertSizedProduct,
  registerSeller,
  registerUser,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { cartItems, products, productVariants } from '../../db/schema.ts';
import { pngImage, uploadImage } from '../media/upload-testkit.ts';
import { readCatalogVersion } from './version.ts';

let ctx: TestContext;
let seller: Account;
let rival: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await registerSeller(ctx.app, { companyName: 'Mehta Handlooms' });
  rival = await registerSeller(ctx.app, { companyName: 'Rival Fabrics' });
});
afterAll(() => ctx?.close());

const IMAGE = 'https://res.cloudinary.com/demo/image/upload/v1/kurta.jpg';
const cell = (
  size: string,
  color: string,
  stock: number,
  price: number,
  more: Record<string, unknown> = {},
) => ({
  size,
  color,
  stock,
  price,
  ...more,
});
const grid = () => [
  cell('L', 'Blue', 4, 1399),
  cell('S', 'Blue', 2, 1299),
  cell('M', 'Blue', 0, 999, { mrp: 1499 }),
  cell('S', 'Red', 3, 1299),
  cell('M', 'Red', 5, 1199),
  cell('L', 'Red', 1, 1399),
];
const fields = (over: Record<string, unknown> = {}) => ({
  productName: 'Block-print Kurta',
  category: 'Mens',
  subCategory: 'gentsShirt',
  imageUrl: IMAGE,
  variants: grid(),
  ...over,
});

const add = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/seller/add-product', payload, headers: auth(token) });
const update = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/seller/update-product', payload, headers: auth(token) });
const variantsOf = (productId: string) =>
  ctx.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.id);
const productCount = async (sellerId: string) =>
  (await ctx.db.select().from(products).where(eq(products.sellerId, sellerId))).length;
const variantCount = async (sellerId: string) =>
  (await ctx.db.select().from(productVariants).where(eq(productVariants.sellerId, sellerId))).length;

describe('adding a product with a size grid', () => {
  it('stores every size and colour and answers them in size order with the summary', async () => {
    const before = await readCatalogVersion(ctx.db);
    const res = await add(seller.token, fields());
    expect(res.statusCode).toBe(201);
    const p = res.json().product;
    expect(p.variants.map((v: { size: string; color: string }) => `${v.size}/${v.color}`)).toEqual([
      'S/Blue',
      'S/Red',
      'M/Blue',
      'M/Red',
      'L/Blue',
      'L/Red',
    ]);
    expect(p).toMatchObject({ stockQuantity: 15, price: 1199, sizes: ['S', 'M', 'L'] });
    expect(p.variants[2]).toMatchObject({ size: 'M', color: 'Blue', stock: 0, price: 999, mrp: 1499 });
    expect(p.variants[0].sku).toMatch(/^VA-[0-9A-F]{8}-S-BLUE$/);
    const rows = await variantsOf(p._id);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.sellerId === seller.id)).toBe(true);
    const [product] = await ctx.db.select().from(products).where(eq(products.id, p._id));
    expect(product).toMatchObject({ stock: 15, pricePaise: 119_900, sizesInStock: expect.any(Array) });
    expect([...product!.sizesInStock].sort()).toEqual(['L', 'M', 'S']);
    expect(await readCatalogVersion(ctx.db)).toBeGreaterThan(before);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/product-page/${p._id}` });
    expect(page.json()).toEqual(p);
  });

  it('makes one Free Size variant from the SPEC §7 payload', async () => {
    const res = await add(seller.token, {
      productName: 'Cotton Dupatta',
      price: '499',
      stockQuantity: '9',
      markPrice: 699,
      category: 'Womens',
      subCategory: 'girlsTop',
      imageUrl: IMAGE,
    });
    expect(res.statusCode).toBe(201);
    const p = res.json().product;
    expect(p.variants).toEqual([
      {
        _id: expect.any(String),
        size: 'Free Size',
        color: '',
        sku: expect.any(String),
        stock: 9,
        price: 499,
        mrp: 699,
        regularPrice: 499,
      },
    ]);
    expect(p).toMatchObject({ sizes: ['Free Size'], stockQuantity: 9, price: 499, markPrice: 699 });
  });

  it('keeps description, photos with alt text and the size chart', async () => {
    const first = (await uploadImage(ctx.app, seller.token, await pngImage(300, 400))).json();
    const second = (await uploadImage(ctx.app, seller.token, await pngImage(300, 400))).json();
    const sizeChart = {
      measurements: ['Chest', 'Length'],
      rows: [
        { size: 'M', cm: [102, 74.5] },
        { size: 'S', cm: [97, null] },
      ],
    };
    const res = await add(
      seller.token,
      fields({
        imageUrl: undefined,
        description: 'Hand block-printed in Bagru.\nColours may bleed on the first wash.',
        images: [
          { url: second.secure_url, alt: 'Back view' },
          { url: first.secure_url, public_id: 'ignored' },
        ],
        sizeChart,
      }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json().product;
    expect(p).toMatchObject({
      description: 'Hand block-printed in Bagru.\nColours may bleed on the first wash.',
      image: second.secure_url,
      public_id: second.public_id,
      images: [
        { url: second.secure_url, public_id: second.public_id, alt: 'Back view' },
        { url: first.secure_url, public_id: first.public_id, alt: 'Block-print Kurta, photo 2' },
      ],
      sizeChart: { measurements: ['Chest', 'Length'], rows: [sizeChart.rows[1], sizeChart.rows[0]] },
    });

    // Reordered (first becomes the cover), the second dropped: its files go; the chart is cleared.
    const res2 = await update(seller.token, {
      productId: p._id,
      images: [{ url: first.secure_url, alt: 'Front' }],
      sizeChart: null,
      description: '',
    });
    expect(res2.statusCode).toBe(200);
    expect(res2.json().product).toMatchObject({
      image: first.secure_url,
      images: [{ url: first.secure_url, public_id: first.public_id, alt: 'Front' }],
      sizeChart: null,
      description: '',
    });
    const root = ctx.app.deps.storage.localRoot!;
    expect(existsSync(path.join(root, second.public_id))).toBe(false);
    expect(existsSync(path.join(root, first.public_id, '640.webp'))).toBe(true);
  });

  it('keeps a dropped photo that another product’s gallery still shows', async () => {
    const root = ctx.app.deps.storage.localRoot!;
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(async () => (await uploadImage(ctx.app, seller.token, await pngImage(200, 200))).json()),
    );
    const one = (
      await add(seller.token, fields({ images: [{ url: a.secure_url }, { url: b.secure_url }] }))
    ).json().product;
    await add(seller.token, fields({ images: [{ url: c.secure_url }, { url: b.secure_url }] }));
    const res = await update(seller.token, { productId: one._id, images: [{ url: a.secure_url }] });
    expect(res.statusCode).toBe(200);
    expect(existsSync(path.join(root, b.public_id, '640.webp'))).toBe(true);
  });

  it('deleting a product deletes every photo of its gallery, except one another product shows', async () => {
    const root = ctx.app.deps.storage.localRoot!;
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(async () => (await uploadImage(ctx.app, seller.token, await pngImage(200, 200))).json()),
    );
    const gone = (
      await add(
        seller.token,
        fields({ images: [{ url: a.secure_url }, { url: b.secure_url }, { url: c.secure_url }] }),
      )
    ).json().product;
    await add(seller.token, fields({ images: [{ url: IMAGE }, { url: c.secure_url }] }));
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/seller/delete-product',
      payload: { productId: gone._id },
      headers: auth(seller.token),
    });
    expect(res.statusCode).toBe(200);
    const stored = (img: { public_id: string }) => existsSync(path.join(root, img.public_id, '640.webp'));
    expect([stored(a), stored(b), stored(c)]).toEqual([false, false, true]);
  });

  it.each([
    [{ variants: [cell('32', '', 1, 100)] }, 'variants.0.size', /Size 32 is not offered for/],
    [
      { variants: [cell('M', 'Blue', 1, 100), cell('XS', '', 1, 100), cell('M', 'blue', 1, 100)] },
      'variants.2.size',
      /listed twice/,
    ],
    [
      { variants: [cell('M', '', 1, 100, { sku: 'A-1' }), cell('L', '', 1, 100, { sku: 'A-1' })] },
      'variants.1.sku',
      /SKU A-1 is used twice/,
    ],
    [{ variants: [cell('M', '', 1, 100, { mrp: 50 })] }, 'variants.0.mrp', /MRP cannot be less/],
    [{ variants: [cell('M', '', -1, 100)] }, 'variants.0.stock', /negative/],
    [{ variants: [] }, 'variants', /at least one size/],
    [{ description: 'Soft\u0000cotton' }, 'description', /not allowed/],
    [{ description: 'x'.repeat(5001) }, 'description', /at most 5,000/],
    [{ images: [], imageUrl: undefined }, 'images', /at least one photo/],
    [{ images: [{ url: 'http://x.in/a.jpg' }], imageUrl: undefined }, 'images.0.url', /uploaded first/],
    [{ imageUrl: undefined }, 'imageUrl', /Image is required/],
    [{ variants: undefined, price: 100 }, 'stockQuantity', /required/],
    [
      { sizeChart: { measurements: ['Chest'], rows: [{ size: 'M', cm: [600] }] } },
      'sizeChart.rows.0.cm.0',
      /at most 500/,
    ],
    [
      { sizeChart: { measurements: ['Chest'], rows: [{ size: '30', cm: [60] }] } },
      'sizeChart.rows.0.size',
      /not offered/,
    ],
  ])('refuses %j with 400 naming the field, and stores nothing', async (change, field, message) => {
    const before = await productCount(seller.id);
    const res = await add(seller.token, fields(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: field, msg: expect.stringMatching(message) });
    expect(await productCount(seller.id)).toBe(before);
  });

  it('refuses a SKU another of the seller’s products uses with 409 and writes nothing', async () => {
    const first = await add(seller.token, fields({ variants: [cell('M', '', 1, 100, { sku: 'KRT-M' })] }));
    expect(first.statusCode).toBe(201);
    const products0 = await productCount(seller.id);
    const variants0 = await variantCount(seller.id);
    const res = await add(
      seller.token,
      fields({
        variants: [cell('S', '', 1, 100, { sku: 'KRT-S' }), cell('M', '', 1, 100, { sku: 'KRT-M' })],
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('SKU KRT-M is already used by another of your products');
    expect(await productCount(seller.id)).toBe(products0);
    expect(await variantCount(seller.id)).toBe(variants0);
    // Another seller may use the same SKU.
    expect(
      (await add(rival.token, fields({ variants: [cell('M', '', 1, 100, { sku: 'KRT-M' })] }))).statusCode,
    ).toBe(201);
  });
});

describe('updating the size grid', () => {
  it('changes stock, adds a size and drops one (its cart lines go)', async () => {
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'S', stock: 3 },
      { size: 'M', stock: 4 },
      { size: 'L', stock: 5 },
    ]);
    const shopper = await registerUser(ctx.app);
    await ctx.db.insert(cartItems).values([
      { userId: shopper.id, productId: product.id, variantId: variant('L').id, quantity: 1 },
      { userId: shopper.id, productId: product.id, variantId: variant('M').id, quantity: 2 },
    ]);
    const before = await readCatalogVersion(ctx.db);
    const res = await update(seller.token, {
      productId: product.id,
      variants: [
        { _id: variant('S').id, size: 'S', stock: 7, price: 999 },
        { _id: variant('M').id, size: 'M', stock: 4, price: 899, sku: 'NEW-M' },
        { size: 'XL', stock: 2, price: 1099 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().product;
    expect(p.variants.map((v: { size: string; stock: number }) => [v.size, v.stock])).toEqual([
      ['S', 7],
      ['M', 4],
      ['XL', 2],
    ]);
    expect(p).toMatchObject({ stockQuantity: 13, price: 899, sizes: ['S', 'M', 'XL'] });
    expect(p.variants[0]._id).toBe(variant('S').id);
    expect(p.variants[0].sku).toBe(variant('S').sku);
    expect(p.variants[1].sku).toBe('NEW-M');
    expect(res.json().message).toBeUndefined();
    const cart = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id));
    expect(cart.map((c) => c.variantId)).toEqual([variant('M').id]);
    expect(await readCatalogVersion(ctx.db)).toBeGreaterThan(before);
  });

  it('leaves a multi-size product’s stock alone on a SPEC §7 update and says so', async () => {
    const { product } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'S', stock: 3 },
      { size: 'M', stock: 4 },
    ]);
    const res = await update(seller.token, {
      productId: product.id,
      stockQuantity: 50,
      productName: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/several sizes/);
    expect(res.json().product).toMatchObject({ productName: 'Renamed', stockQuantity: 7 });
  });

  it('refuses sizes that do not fit a new sub-category unless the grid comes with it', async () => {
    const { product } = await insertSizedProduct(ctx.db, seller.id, [{ size: 'M', stock: 3 }]);
    const res = await update(seller.token, {
      productId: product.id,
      category: 'Mens',
      subCategory: 'gentsPant',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: 'subCategory',
      msg: expect.stringMatching(/Size M is not offered/),
    });
    const ok = await update(seller.token, {
      productId: product.id,
      subCategory: 'gentsPant',
      variants: [{ size: '32', stock: 3, price: 1500 }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().product).toMatchObject({ subCategory: 'gentsPant', sizes: ['32'] });
    const stored = await update(seller.token, {
      productId: product.id,
      variants: [{ size: 'M', stock: 1, price: 1 }],
    });
    expect(stored.statusCode).toBe(400);
    expect(stored.json().errors[0].path).toBe('variants.0.size');
  });

  it('refuses another product’s variant id with 400 and changes nothing', async () => {
    const mine = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'S', stock: 3 },
      { size: 'M', stock: 4 },
    ]);
    const theirs = await insertSizedProduct(ctx.db, rival.id, [{ size: 'S', stock: 8 }]);
    const before = await variantsOf(mine.product.id);
    const res = await update(seller.token, {
      productId: mine.product.id,
      variants: [{ _id: theirs.variant('S').id, size: 'S', stock: 0, price: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('variants.0._id');
    expect(await variantsOf(mine.product.id)).toEqual(before);
    expect((await variantsOf(theirs.product.id))[0]).toMatchObject({ stock: 8, pricePaise: 99_900 });
    // And the rival cannot touch the seller's product at all.
    const stolen = await update(rival.token, {
      productId: mine.product.id,
      variants: [{ _id: mine.variant('S').id, size: 'S', stock: 0, price: 1 }],
    });
    expect(stolen.statusCode).toBe(404);
    expect(await variantsOf(mine.product.id)).toEqual(before);
  });

  it('refuses a SKU used by another of the seller’s products with 409 and changes nothing', async () => {
    const other = await insertSizedProduct(ctx.db, seller.id, [{ size: 'S', stock: 1 }]);
    const mine = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'S', stock: 3 },
      { size: 'M', stock: 4 },
    ]);
    const before = await variantsOf(mine.product.id);
    const taken = other.variant('S').sku;
    const res = await update(seller.token, {
      productId: mine.product.id,
      variants: [{ _id: mine.variant('S').id, size: 'S', stock: 9, price: 5, sku: taken }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`SKU ${taken} is already used by another of your products`);
    expect(await variantsOf(mine.product.id)).toEqual(before);
  });
});
