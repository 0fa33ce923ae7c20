import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, auth, registerSeller, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import type { App } from '../../app.ts';
import { DEDICATED_APPLICATION_NAME, DedicatedReader } from '../../db/client.ts';
import { sellers } from '../../db/schema.ts';
import { VersionGate } from './cache.ts';
import { takeStock } from './stock.ts';

let ctx: TestContext;
let seller: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await registerSeller(ctx.app, { companyName: 'Cache Looms' });
});
afterAll(() => ctx?.close());

interface ApiProduct {
  _id: string;
  price: number;
  stockQuantity: number;
  rating: number;
  companyName: string;
  variants: Array<{ _id: string }>;
}

/** A product added through the seller API (subCategory `girlsTop`, so it tops the womens-tops list). */
async function addProduct(app: App, price = 999, stock = 5): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/seller/add-product',
    headers: auth(seller.token),
    payload: {
      productName: 'Chikankari Top',
      price,
      stockQuantity: stock,
      category: 'Womens',
      subCategory: 'girlsTop',
      imageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/top.jpg',
      public_id: 'top',
    },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { product: ApiProduct }).product._id;
}

async function views(app: App, id: string) {
  const list = await app.inject({ url: '/api/get-womens-tops?limit=200' });
  const page = await app.inject({ url: `/api/product-page/${id}` });
  expect(list.statusCode).toBe(200);
  expect(page.statusCode).toBe(200);
  return {
    inList: (list.json() as ApiProduct[]).find((p) => p._id === id),
    page: page.json() as ApiProduct,
    listEtag: list.headers.etag as string,
  };
}

const updateProduct = (app: App, id: string, fields: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: '/api/seller/update-product',
    headers: auth(seller.token),
    payload: {
      productId: id,
      productName: 'Chikankari Top',
      category: 'Womens',
      subCategory: 'girlsTop',
      imageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/top.jpg',
      ...fields,
    },
  });

describe('catalogue cache', () => {
  it('shows a seller price change on the very next listing and product page', async () => {
    const id = await addProduct(ctx.app, 999);
    expect((await views(ctx.app, id)).page.price).toBe(999);
    expect((await updateProduct(ctx.app, id, { price: 1249, stockQuantity: 5 })).statusCode).toBe(200);
    const after = await views(ctx.app, id);
    expect(after.page.price).toBe(1249);
    expect(after.inList?.price).toBe(1249);
  });

  it('shows stock taken by an order and a stock edit at once', async () => {
    const id = await addProduct(ctx.app, 500, 5);
    const variantId = (await views(ctx.app, id)).page.variants[0]!._id;
    await ctx.db.transaction(async (tx) => {
      expect(await takeStock(tx, { productId: id, variantId }, 2)).toBe(true);
    });
    let now = await views(ctx.app, id);
    expect(now.page.stockQuantity).toBe(3);
    expect(now.inList?.stockQuantity).toBe(3);
    expect((await updateProduct(ctx.app, id, { price: 500, stockQuantity: 40 })).statusCode).toBe(200);
    now = await views(ctx.app, id);
    expect(now.page.stockQuantity).toBe(40);
    expect(now.inList?.stockQuantity).toBe(40);
  });

  it('shows the new rating right after a review', async () => {
    const id = await addProduct(ctx.app);
    expect((await views(ctx.app, id)).page.rating).toBe(0);
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/add-review',
      headers: auth(user.token),
      payload: { productId: id, rating: 4, reviewInput: 'Soft and well stitched' },
    });
    expect(res.statusCode).toBe(200);
    const now = await views(ctx.app, id);
    expect(now.page.rating).toBe(4);
    expect(now.inList?.rating).toBe(4);
  });

  it("hides a suspended seller's products and shows a renamed company at once", async () => {
    const id = await addProduct(ctx.app);
    await views(ctx.app, id);
    await ctx.db.update(sellers).set({ companyName: 'Cache Looms & Co' }).where(eq(sellers.id, seller.id));
    expect((await views(ctx.app, id)).page.companyName).toBe('Cache Looms & Co');
    await ctx.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, seller.id));
    expect((await ctx.app.inject({ url: `/api/product-page/${id}` })).statusCode).toBe(404);
    const list = (await ctx.app.inject({ url: '/api/get-womens-tops?limit=200' })).json() as ApiProduct[];
    expect(list.find((p) => p._id === id)).toBeUndefined();
    await ctx.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, seller.id));
  });

  it('answers 304 to If-None-Match only while nothing in that answer changed', async () => {
    const id = await addProduct(ctx.app, 700);
    const first = await ctx.app.inject({ url: `/api/product-page/${id}` });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const again = await ctx.app.inject({
      url: `/api/product-page/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Another product changing bumps the catalogue version, but this answer is the same: still 304.
    await addProduct(ctx.app, 800);
    const unrelated = await ctx.app.inject({
      url: `/api/product-page/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(unrelated.statusCode).toBe(304);

    await updateProduct(ctx.app, id, { price: 750, stockQuantity: 5 });
    const changed = await ctx.app.inject({
      url: `/api/product-page/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().price).toBe(750);

    const listing = await ctx.app.inject({ url: '/api/get-womens-tops' });
    const stale = await ctx.app.inject({
      url: '/api/get-womens-tops',
      headers: { 'if-none-match': `"not-it", ${listing.headers.etag}` },
    });
    expect(stale.statusCode).toBe(304);
    expect(stale.headers['x-total-count']).toBe(listing.headers['x-total-count']);
  });

  it('keeps two app servers on one database in step (each with its own pool)', async () => {
    const other = await ctx.spawnSeparateApp();
    const id = await addProduct(ctx.app, 300, 9);
    // Both servers cache the current answer...
    expect((await views(ctx.app, id)).page.price).toBe(300);
    expect((await views(other, id)).page.price).toBe(300);
    // ...a write through one of them is visible on the other's next read.
    await updateProduct(ctx.app, id, { price: 333, stockQuantity: 8 });
    const seen = await views(other, id);
    expect(seen.page.price).toBe(333);
    expect(seen.inList?.stockQuantity).toBe(8);
    await updateProduct(other, id, { price: 350, stockQuantity: 8 });
    expect((await views(ctx.app, id)).inList?.price).toBe(350);
  });
});

describe('catalogue cache on PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'stays exact when the connection it reads the version on is cut',
    async () => {
      const id = await addProduct(ctx.app, 410);
      expect((await views(ctx.app, id)).page.price).toBe(410);
      const cut = async () =>
        ctx.database.exec(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = '${DEDICATED_APPLICATION_NAME}' and datname = current_database()`,
        );
      await cut();
      // Read right away (the cut may not have reached the app yet) and after a write.
      expect((await views(ctx.app, id)).page.price).toBe(410);
      await updateProduct(ctx.app, id, { price: 420, stockQuantity: 5 });
      expect((await views(ctx.app, id)).page.price).toBe(420);
      await cut();
      await updateProduct(ctx.app, id, { price: 425, stockQuantity: 5 });
      expect((await views(ctx.app, id)).page.price).toBe(425);
      await updateProduct(ctx.app, id, { price: 430, stockQuantity: 5 });
      expect((await views(ctx.app, id)).inList?.price).toBe(430);
      const open = (await ctx.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where application_name = ${DEDICATED_APPLICATION_NAME} and datname = current_database()`,
      )) as unknown as { rows: { n: number }[] };
      const row = open.rows[0];
      expect(row?.n).toBeGreaterThan(0);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reads through the pool when it cannot have a connection of its own',
    async () => {
      const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
      try {
        let counted = 0;
        const reader = new DedicatedReader(
          'postgres://postgres@127.0.0.1:1/nowhere',
          'select 42::text',
          pool,
          () => {
            counted++;
          },
        );
        expect(await reader.read()).toBe('42');
        expect(await reader.read()).toBe('42');
        expect(counted).toBe(2);
        await reader.close();
      } finally {
        await pool.end();
      }
    },
  );
});

describe('VersionGate', () => {
  it('shares one read between concurrent callers, but never one that started before them', async () => {
    let reads = 0;
    let version = 1;
    const pending: Array<() => void> = [];
    const gate = new VersionGate(async () => {
      reads++;
      const seen = version;
      await new Promise<void>((r) => pending.push(r));
      return seen;
    });
    const turn = () => new Promise((r) => setImmediate(r));
    // Callers of one turn share a read, sent once the turn's callbacks are done.
    const a = gate.current();
    const b = gate.current();
    expect(reads).toBe(0);
    await turn();
    expect(reads).toBe(1);
    version = 2; // a write commits while that read is in flight
    const c = gate.current();
    const d = gate.current();
    pending.shift()!();
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    // Callers that came while it was in flight get the next read, which sees the write.
    await turn();
    expect(reads).toBe(2);
    pending.shift()!();
    expect(await c).toBe(2);
    expect(await d).toBe(2);
    expect(reads).toBe(2);
  });

  it('passes a failed read to its callers and keeps working', async () => {
    let fail = true;
    const gate = new VersionGate(async () => {
      if (fail) throw new Error('connection lost');
      return 7;
    });
    await expect(gate.current()).rejects.toThrow('connection lost');
    fail = false;
    expect(await gate.current()).toBe(7);
  });
});
