import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/harness.ts';
import { type App, buildApp } from '../app.ts';
import { type Database, openDatabase, type Schema } from './client.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

/**
 * Migration 0008 (product variants) on a copy of a shop as it was before it: every product becomes
 * one "Free Size" variant holding its stock and prices, cart lines and order items point at it, and
 * nothing is lost. Runs on a fresh PGlite, or on a fresh PostgreSQL database under `test:pg`.
 */

const BEFORE = '0007_accounts_addresses_wishlist';

/** The committed migrations up to and including `last`, in a folder of their own. */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vastra-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag === last);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

let database: Database;
let cleanup: () => Promise<void>;
let app: App;

async function migrateTo(folder: string) {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
  }
}

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const ids = {
  seller: '11111111-1111-4111-8111-111111111111',
  user: '22222222-2222-4222-8222-222222222222',
  shirt: '33333333-3333-4333-8333-333333333333',
  soldOut: '44444444-4444-4444-8444-444444444444',
  order: '55555555-5555-4555-8555-555555555555',
};

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `vastra_mig_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolSize: 4 });
    cleanup = async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir: ':memory:' });
    cleanup = () => database.close();
  }
  // The shop as it stood before variants, with a cart line and an order.
  const old = migrationsUpTo(BEFORE);
  await migrateTo(old);
  rmSync(old, { recursive: true, force: true });
  await database.db.execute(sql`
    insert into sellers (id, full_name, email, password_hash, mobile, company_name, company_address)
    values (${ids.seller}, 'Kiran Das', 'kiran@example.in', 'x', '9845012345', 'Das Weaves', 'Kolkata')`);
  await database.db.execute(sql`
    insert into users (id, full_name, email, password_hash, mobile, address, city, state, postal_code)
    values (${ids.user}, 'Meera Iyer', 'meera@example.in', 'x', '9876501234', '22 MG Road', 'Bengaluru', 'Karnataka', '560001')`);
  await database.db.execute(sql`
    insert into products (id, seller_id, name, category, sub_category, price_paise, mrp_paise, stock, image_url, image_id, color, brand)
    values
      (${ids.shirt}, ${ids.seller}, 'Khadi Shirt', 'Mens', 'gentsShirt', 129950, 199900, 7, '/media/a/640.webp', 'a', 'Indigo', 'Das'),
      (${ids.soldOut}, ${ids.seller}, 'Silk Dupatta', 'Womens', 'girlsTop', 89900, null, 0, '/media/b/640.webp', 'b', null, null)`);
  await database.db.execute(sql`
    insert into cart_items (user_id, product_id, quantity) values (${ids.user}, ${ids.shirt}, 2)`);
  await database.db.execute(sql`
    insert into orders (id, user_id, payment_method, payment_status, address, city, state, postal_code, subtotal_paise, gst_paise, total_paise)
    values (${ids.order}, ${ids.user}, 'cod', 'cod_due', '22 MG Road', 'Bengaluru', 'Karnataka', '560001', 129950, 23391, 153341)`);
  await database.db.execute(sql`
    insert into order_items (order_id, product_id, seller_id, product_name, product_image, product_category, product_sub_category, unit_price_paise, quantity, amount_paise, status)
    values (${ids.order}, ${ids.shirt}, ${ids.seller}, 'Khadi Shirt', '/media/a/640.webp', 'Mens', 'gentsShirt', 129950, 1, 129950, 'pending')`);
  // Then the current migrations, as a start of the new server would run them.
  await migrateTo(MIGRATIONS_DIR);
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await cleanup?.();
});

describe('migration 0008: products become variants', () => {
  it('gives every product one Free Size variant with its stock and prices', async () => {
    const variants = await rows<{
      product_id: string;
      size: string;
      color: string;
      stock: number;
      price_paise: number;
      mrp_paise: number | null;
      sku: string;
    }>(
      sql`select product_id, size, color, stock, price_paise, mrp_paise, sku from product_variants order by product_id`,
    );
    expect(variants).toEqual([
      {
        product_id: ids.shirt,
        size: 'Free Size',
        color: '',
        stock: 7,
        price_paise: 129950,
        mrp_paise: 199900,
        sku: expect.stringMatching(/^VA-/),
      },
      {
        product_id: ids.soldOut,
        size: 'Free Size',
        color: '',
        stock: 0,
        price_paise: 89900,
        mrp_paise: null,
        sku: expect.stringMatching(/^VA-/),
      },
    ]);
    const summary = await rows<{ id: string; stock: number; price_paise: number; sizes_in_stock: string[] }>(
      sql`select id, stock, price_paise, sizes_in_stock from products order by id`,
    );
    expect(summary).toEqual([
      { id: ids.shirt, stock: 7, price_paise: 129950, sizes_in_stock: ['Free Size'] },
      { id: ids.soldOut, stock: 0, price_paise: 89900, sizes_in_stock: [] },
    ]);
  });

  it('keeps the cart line and the order item, now pointing at that variant', async () => {
    const [shirtVariant] = await rows<{ id: string }>(
      sql`select id from product_variants where product_id = ${ids.shirt}`,
    );
    const cart = await rows<{ variant_id: string; quantity: number }>(
      sql`select variant_id, quantity from cart_items`,
    );
    expect(cart).toEqual([{ variant_id: shirtVariant!.id, quantity: 2 }]);
    const items = await rows<{ variant_id: string; size: string; color: string; amount_paise: number }>(
      sql`select variant_id, size, color, amount_paise from order_items`,
    );
    expect(items).toEqual([
      { variant_id: shirtVariant!.id, size: 'Free Size', color: '', amount_paise: 129950 },
    ]);
  });

  it('answers the product as before, with its one variant and its photo as the gallery', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/product-page/${ids.shirt}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: ids.shirt,
      productName: 'Khadi Shirt',
      price: 1299.5,
      markPrice: 1999,
      stockQuantity: 7,
      image: '/media/a/640.webp',
      color: 'Indigo',
      description: '',
      images: [{ url: '/media/a/640.webp', alt: 'Khadi Shirt', public_id: 'a' }],
      sizes: ['Free Size'],
      variants: [expect.objectContaining({ size: 'Free Size', stock: 7, price: 1299.5, mrp: 1999 })],
    });
  });

  it('lets the old cart line become an order at the variant, taking its stock', async () => {
    const token = await app.deps.tokens.sign({ sub: ids.user, role: 'user' });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/order-success',
      headers: { 'auth-token': token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.items).toEqual([
      expect.objectContaining({ productId: ids.shirt, size: 'Free Size', quantity: 2, amount: 2599 }),
    ]);
    const [shirt] = await rows<{ stock: number }>(sql`select stock from products where id = ${ids.shirt}`);
    expect(shirt!.stock).toBe(5);
  });
});
