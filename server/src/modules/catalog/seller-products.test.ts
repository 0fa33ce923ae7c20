import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, auth, insertProduct, registerSeller, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { cartItems, orderItems, orders, products } from '../../db/schema.ts';
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
const productFields = (over: Record<string, unknown> = {}) => ({
  productName: 'Cotton Kurta',
  price: 1299,
  stockQuantity: 12,
  category: 'Mens',
  subCategory: 'gentsShirt',
  imageUrl: IMAGE,
  public_id: 'kurta',
  ...over,
});

const addProduct = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/seller/add-product', payload, headers: auth(token) });
const update = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/seller/update-product', payload, headers: auth(token) });
const remove = (token: string, productId: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/seller/delete-product',
    payload: { productId },
    headers: auth(token),
  });
const rowOf = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!;
const countOf = async (sellerId: string) =>
  (await ctx.db.select().from(products).where(eq(products.sellerId, sellerId))).length;

describe('adding a product', () => {
  it('answers 201 with the product and stores the price in paise', async () => {
    const before = await readCatalogVersion(ctx.db);
    const res = await addProduct(
      seller.token,
      productFields({
        price: '1299.50',
        stockQuantity: '7',
        color: 'Indigo',
        brand: 'Fabindia',
        markPrice: 1999,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { success, product } = res.json();
    expect(success).toBe(true);
    expect(product).toEqual({
      _id: expect.any(String),
      productName: 'Cotton Kurta',
      price: 1299.5,
      markPrice: 1999,
      stockQuantity: 7,
      category: 'Mens',
      subCategory: 'gentsShirt',
      image: IMAGE,
      public_id: 'kurta',
      date: expect.any(String),
      rating: 0,
      ratingCount: 0,
      color: 'Indigo',
      brand: 'Fabindia',
      companyName: 'Mehta Handlooms',
      sellerId: seller.id,
      // The SPEC payload makes one "Free Size" variant holding the stock and prices.
      description: '',
      images: [{ url: IMAGE, alt: 'Cotton Kurta', public_id: 'kurta' }],
      variants: [
        {
          _id: expect.any(String),
          size: 'Free Size',
          color: '',
          sku: expect.any(String),
          stock: 7,
          price: 1299.5,
          mrp: 1999,
          regularPrice: 1299.5,
        },
      ],
      sizes: ['Free Size'],
      sizeChart: null,
      // Men's shirts' HSN code, the sub-category's default.
      hsn: '6205',
      regularPrice: 1299.5,
      sale: null,
    });
    const row = await rowOf(product._id);
    expect(row).toMatchObject({
      pricePaise: 129_950,
      mrpPaise: 199_900,
      stock: 7,
      status: 'active',
      hsn: '6205',
    });
    expect(await readCatalogVersion(ctx.db)).toBeGreaterThan(before);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/product-page/${product._id}` });
    expect(page.json()).toEqual(product);
  });

  it('accepts an image uploaded through /api/media/upload', async () => {
    const upload = (await uploadImage(ctx.app, seller.token, await pngImage(400, 500))).json();
    const res = await addProduct(
      seller.token,
      productFields({ imageUrl: upload.secure_url, public_id: 'ignored' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ image: upload.secure_url, public_id: upload.public_id });
  });

  it.each([
    ['productName', 'A', /at least 2/],
    ['productName', 'x'.repeat(121), /at most 120/],
    ['productName', undefined, /required/],
    ['price', 0, /more than 0/],
    ['price', -10, /more than 0/],
    ['price', 12.345, /at most 2 decimals/],
    ['price', '12.345', /at most 2 decimals/],
    ['price', 'abc', /must be a number/],
    ['price', '', /required/],
    ['price', 2_000_000, /at most/],
    ['stockQuantity', -1, /cannot be negative/],
    ['stockQuantity', 2.5, /whole number/],
    ['stockQuantity', 'ten', /whole number/],
    ['category', 'Unisex', /Category must be one of/],
    ['subCategory', 'socks', /Sub-category must be one of/],
    ['subCategory', 'girlsTop', /does not belong to category Mens/],
    ['imageUrl', 'http://example.com/a.jpg', /uploaded first/],
    ['imageUrl', 'javascript:alert(1)', /uploaded first/],
    ['imageUrl', '/media/products/00000000-0000-4000-8000-000000000000/640.webp', /not found/],
    ['imageUrl', '/media/../../etc/passwd', /not found/],
    ['imageUrl', '', /Image is required/],
    ['markPrice', 999, /Marked price cannot be less than the price/],
    ['markPrice', 0, /more than 0/],
  ])('refuses %s = %j with 400 and stores nothing', async (field, value, message) => {
    const before = await countOf(seller.id);
    const res = await addProduct(seller.token, productFields({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(message) });
    expect(res.json().errors[0].path).toBe(field);
    expect(await countOf(seller.id)).toBe(before);
  });

  it('needs a seller token', async () => {
    const user = await registerUser(ctx.app);
    expect((await addProduct(user.token, productFields())).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/add-product',
      payload: productFields(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("listing the seller's own products", () => {
  const list = async (token: string, url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth(token) });
    const body = res.json() as Array<{ _id: string }>;
    return { res, ids: Array.isArray(body) ? body.map((p) => p._id) : [] };
  };

  it('answers only its own products, newest first, paginated with X-Total-Count', async () => {
    const own = await registerSeller(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.unshift(
        (await insertProduct(ctx.db, own.id, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })).id,
      );
    await insertProduct(ctx.db, rival.id);
    const gone = await insertProduct(ctx.db, own.id, { status: 'removed' });
    const { res, ids: listed } = await list(own.token, '/api/seller/products');
    expect(res.statusCode).toBe(200);
    expect(listed).toEqual(ids);
    expect(listed).not.toContain(gone.id);
    expect(res.headers['x-total-count']).toBe('5');
    expect((await list(own.token, '/api/seller/products?limit=2&page=2')).ids).toEqual(ids.slice(2, 4));
    expect((await list(own.token, '/api/seller/products?limit=500')).res.statusCode).toBe(400);
    expect((await list(rival.token, '/api/seller/products')).ids).not.toContain(ids[0]);
  });

  it('answers get-products oldest first, as the original client reverses it (SPEC §7)', async () => {
    const own = await registerSeller(ctx.app);
    const oldestFirst: string[] = [];
    for (let i = 0; i < 5; i++)
      oldestFirst.push(
        (await insertProduct(ctx.db, own.id, { createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)) })).id,
      );
    await insertProduct(ctx.db, own.id, { status: 'removed' });
    const whole = await list(own.token, '/api/seller/get-products');
    expect(whole.ids).toEqual(oldestFirst);
    expect(whole.res.headers['x-total-count']).toBe('5');
    // Asked for pages, it pages in the same order, so the pages add up to the whole list.
    const pages = await Promise.all(
      [1, 2, 3].map((page) => list(own.token, `/api/seller/get-products?limit=2&page=${page}`)),
    );
    expect(pages.flatMap((p) => p.ids)).toEqual(oldestFirst);
    expect(pages[0]!.res.headers['x-total-count']).toBe('5');
    expect((await list(own.token, '/api/seller/get-products?limit=500')).res.statusCode).toBe(400);
  });
});

describe('updating a product', () => {
  it('changes the given fields and keeps the image when none is sent', async () => {
    const p = await insertProduct(ctx.db, seller.id, { mrpPaise: 250_000 });
    const before = await readCatalogVersion(ctx.db);
    const res = await update(seller.token, {
      productId: p.id,
      productName: 'Linen Shirt',
      price: '1499.00',
      stockQuantity: 0,
      category: 'Womens',
      subCategory: 'girlsTop',
      color: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      product: {
        _id: p.id,
        productName: 'Linen Shirt',
        price: 1499,
        stockQuantity: 0,
        markPrice: 2500,
        color: '',
      },
    });
    const row = await rowOf(p.id);
    expect(row).toMatchObject({
      name: 'Linen Shirt',
      pricePaise: 149_900,
      stock: 0,
      category: 'Womens',
      subCategory: 'girlsTop',
      imageUrl: p.imageUrl,
      imageId: p.imageId,
      color: null,
      brand: p.brand,
    });
    expect(await readCatalogVersion(ctx.db)).toBeGreaterThan(before);
  });

  it('keeps the image when imageUrl is empty or null', async () => {
    const p = await insertProduct(ctx.db, seller.id);
    for (const imageUrl of ['', null]) {
      const res = await update(seller.token, { productId: p.id, imageUrl, stockQuantity: 3 });
      expect(res.statusCode).toBe(200);
      expect(await rowOf(p.id)).toMatchObject({ imageUrl: p.imageUrl, imageId: p.imageId, stock: 3 });
    }
  });

  it("refuses another seller's product with 404 and changes nothing", async () => {
    const p = await insertProduct(ctx.db, seller.id);
    const before = await rowOf(p.id);
    const res = await update(rival.token, { productId: p.id, price: 1, productName: 'Stolen' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Product not found');
    expect(await rowOf(p.id)).toEqual(before);
  });

  it.each([
    [{ category: 'Kids' }, /gentsShirt does not belong to category Kids/, 'category'],
    [{ subCategory: 'LadiesDress' }, /does not belong/, 'subCategory'],
    [{ price: 0 }, /more than 0/, 'price'],
    [{ stockQuantity: -3 }, /negative/, 'stockQuantity'],
    [{ productName: ' ' }, /at least 2/, 'productName'],
    [{ imageUrl: 'ftp://x/y.png' }, /uploaded first/, 'imageUrl'],
    [{ markPrice: 100 }, /Marked price/, 'markPrice'],
    [{ productId: 'nope' }, /not a valid id/, 'productId'],
  ])('refuses %j with 400 and changes nothing', async (change, message, path) => {
    const p = await insertProduct(ctx.db, seller.id);
    const before = await rowOf(p.id);
    const res = await update(seller.token, { productId: p.id, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: expect.stringMatching(message), path });
    expect(await rowOf(p.id)).toEqual(before);
  });

  it('replaces an uploaded image and deletes the old files', async () => {
    const root = ctx.app.deps.storage.localRoot!;
    const first = (await uploadImage(ctx.app, seller.token, await pngImage(300, 300))).json();
    const second = (await uploadImage(ctx.app, seller.token, await pngImage(300, 300))).json();
    const added = (await addProduct(seller.token, productFields({ imageUrl: first.secure_url }))).json()
      .product;
    const res = await update(seller.token, { productId: added._id, imageUrl: second.secure_url });
    expect(res.json().product).toMatchObject({ image: second.secure_url, public_id: second.public_id });
    expect(existsSync(path.join(root, first.public_id))).toBe(false);
    expect(existsSync(path.join(root, second.public_id, '640.webp'))).toBe(true);
  });
});

describe('deleting a product', () => {
  it('hides it, takes it out of every cart, keeps order history and deletes its image', async () => {
    const root = ctx.app.deps.storage.localRoot!;
    const upload = (await uploadImage(ctx.app, seller.token, await pngImage(300, 300))).json();
    const p = (await addProduct(seller.token, productFields({ imageUrl: upload.secure_url }))).json().product;
    const keep = await insertProduct(ctx.db, seller.id);
    const shopper = await registerUser(ctx.app);
    await ctx.db.insert(cartItems).values([
      { userId: shopper.id, productId: p._id, variantId: p.variants[0]._id, quantity: 2 },
      { userId: shopper.id, productId: keep.id, variantId: keep.variantId, quantity: 1 },
    ]);
    const before = await readCatalogVersion(ctx.db);

    const res = await remove(seller.token, p._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await rowOf(p._id)).status).toBe('removed');
    const cart = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id));
    expect(cart.map((c) => c.productId)).toEqual([keep.id]);
    expect(await readCatalogVersion(ctx.db)).toBeGreaterThan(before);
    expect(existsSync(path.join(root, upload.public_id))).toBe(false);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/get-all-Products?limit=200' });
    expect(list.json().map((x: { _id: string }) => x._id)).not.toContain(p._id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/product-page/${p._id}` })).statusCode).toBe(404);
    expect((await remove(seller.token, p._id)).statusCode).toBe(404);
  });

  it('keeps the image files while an order still shows them', async () => {
    const root = ctx.app.deps.storage.localRoot!;
    const upload = (await uploadImage(ctx.app, seller.token, await pngImage(300, 300))).json();
    const p = (await addProduct(seller.token, productFields({ imageUrl: upload.secure_url }))).json().product;
    const [order] = await ctx.db
      .insert(orders)
      .values({
        paymentMethod: 'cod',
        paymentStatus: 'cod_due',
        address: '1 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        subtotalPaise: 129_900,
        gstPaise: 23_382,
        totalPaise: 153_282,
      })
      .returning();
    await ctx.db.insert(orderItems).values({
      orderId: order!.id,
      productId: p._id,
      sellerId: seller.id,
      productName: p.productName,
      productImage: p.image,
      productCategory: p.category,
      productSubCategory: p.subCategory,
      unitPricePaise: 129_900,
      quantity: 1,
      amountPaise: 129_900,
      status: 'pending',
    });
    expect((await remove(seller.token, p._id)).statusCode).toBe(200);
    const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item).toMatchObject({
      productId: p._id,
      productName: 'Cotton Kurta',
      productImage: upload.secure_url,
    });
    expect(existsSync(path.join(root, upload.public_id, '640.webp'))).toBe(true);
  });

  it('accepts the productId as a query parameter', async () => {
    const p = await insertProduct(ctx.db, seller.id);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/delete-product?productId=${p.id}`,
      headers: auth(seller.token),
    });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(p.id)).status).toBe('removed');
  });

  it("refuses another seller's product with 404 and changes nothing", async () => {
    const p = await insertProduct(ctx.db, seller.id);
    const shopper = await registerUser(ctx.app);
    await ctx.db
      .insert(cartItems)
      .values({ userId: shopper.id, productId: p.id, variantId: p.variantId, quantity: 1 });
    const res = await remove(rival.token, p.id);
    expect(res.statusCode).toBe(404);
    expect((await rowOf(p.id)).status).toBe('active');
    const cart = await ctx.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, shopper.id), eq(cartItems.productId, p.id)));
    expect(cart).toHaveLength(1);
  });

  it('refuses a missing or malformed productId with 400', async () => {
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/seller/delete-product',
      headers: auth(seller.token),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ msg: 'productId is required', path: 'productId' });
    const malformed = await remove(seller.token, '12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('productId is not a valid id');
  });
});
