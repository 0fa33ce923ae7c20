import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { openTestDatabase, testConfig } from '../../../test/harness.ts';
import { REPO_ROOT } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { sellers } from '../../db/schema.ts';
import { registerErrorHandling } from '../../lib/http.ts';
import { TokenService } from '../../lib/tokens.ts';
import catalogRoutes from '../catalog/routes.ts';
import webRoutes from './routes.ts';
import type { Renderer } from './storefront.ts';

/**
 * Issue 36: the server-rendered storefront shows the prices the API shows — a running sale's on the
 * landing page, the listings and the product page (markup, page data and JSON-LD), the regular ones
 * once it ends, with no write between; a sale in early access to a signed-in shopper only.
 */
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let root: string;
let tokens: TokenService;
let sellerId: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = testConfig({ PUBLIC_URL: 'https://shop.example.in' });
  root = mkdtempSync(path.join(tmpdir(), 'vastra-sale-ssr-'));
  copyFileSync(path.join(REPO_ROOT, 'web', 'index.html'), path.join(root, 'index.html'));
  const entry = path.join(REPO_ROOT, 'web', 'src', 'entry-server.tsx');
  const renderer = (await import(/* @vite-ignore */ entry)) as Renderer;
  tokens = new TokenService(config.jwtSecret);

  app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { config, database, db: database.db, tokens } as never);
  registerErrorHandling(app);
  await app.register(catalogRoutes);
  await app.register(webRoutes, { root, renderer });
  await app.ready();

  const [seller] = await database.db
    .insert(sellers)
    .values({
      fullName: 'Meera Weaver',
      email: 'meera@sale-looms.example',
      passwordHash: 'x',
      companyName: 'Meera Looms',
      mobile: '9876543210',
      companyAddress: '12 Chowk, Lucknow',
    })
    .returning({ id: sellers.id });
  sellerId = seller!.id;
  // The first render compiles the web app's modules: not inside a sale's few seconds.
  await app.inject({ url: '/mens-shirts' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(root, { recursive: true, force: true });
});

const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

/** A product with a sale price in an event of this window (written straight into the offers tables). */
async function onSale(
  rupees: number,
  saleRupees: number,
  window: { starts: Date; ends: Date; early?: Date },
) {
  const product = await insertProduct(database.db, sellerId, {
    pricePaise: rupees * 100,
    subCategory: 'gentsShirt',
  });
  const result = await database.db.execute(
    sql`insert into sale_events (name, starts_at, ends_at, early_access_at)
        values ('Teej Sale', ${window.starts.toISOString()}, ${window.ends.toISOString()},
          ${window.early?.toISOString() ?? null})
        returning id::text as "id"`,
  );
  const eventId = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
  await database.db.execute(
    sql`insert into sale_prices (event_id, variant_id, product_id, seller_id, sale_price_paise)
        values (${eventId}, ${product.variantId}, ${product.id}, ${sellerId}, ${saleRupees * 100})`,
  );
  return product;
}

/** What a product page shows of the price: the page data's, the JSON-LD offer's, and the markup's. */
async function pagePrices(id: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ url: `/product-page/${id}`, headers });
  expect(res.statusCode).toBe(200);
  const state = JSON.parse(
    /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(res.body)![1]!,
  );
  const data = state.find((q: { key: unknown[] }) => q.key[0] === 'product').data;
  const ld = [...res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((m) => JSON.parse(m[1]!))
    .find((x) => x['@type'] === 'Product');
  return { data: data.price as number, offer: ld.offers.price as string, html: res.body };
}

/** The listing page's data for one product. */
async function listed(id: string) {
  const res = await app.inject({ url: '/mens-shirts' });
  expect(res.statusCode).toBe(200);
  const state = JSON.parse(
    /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(res.body)![1]!,
  );
  const items = state.find((q: { key: unknown[] }) => q.key[0] === 'products').data.items as {
    _id: string;
    price: number;
  }[];
  return items.find((p) => p._id === id)?.price;
}

const sleepUntil = async (when: Date) => {
  const wait = when.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
};

describe('server-rendered pages during a sale', () => {
  it('show the sale price while the event runs and the regular one after, as the API does', async () => {
    const ends = at(4_000);
    const kurta = await onSale(1499, 999, { starts: at(-60_000), ends });

    const during = await pagePrices(kurta.id);
    expect(during).toMatchObject({ data: 999, offer: '999.00' });
    expect(during.html).toContain('Rs. 999.00');
    const api = await app.inject({ url: `/api/product-page/${kurta.id}` });
    expect(api.json().price).toBe(during.data);
    expect(await listed(kurta.id)).toBe(999);

    await sleepUntil(ends);
    const after = await pagePrices(kurta.id);
    expect(after).toMatchObject({ data: 1499, offer: '1499.00' });
    expect(after.html).not.toContain('Rs. 999.00');
    expect(await listed(kurta.id)).toBe(1499);
  });

  it('show a sale in early access to a signed-in shopper only', async () => {
    const kurta = await onSale(1299, 899, { early: at(-60_000), starts: at(3_600_000), ends: at(7_200_000) });
    const shopper = await tokens.sign({ sub: randomUUID(), role: 'user' });

    expect((await pagePrices(kurta.id)).data).toBe(1299);
    expect((await pagePrices(kurta.id, { 'auth-token': shopper })).data).toBe(899);
    expect((await pagePrices(kurta.id)).data).toBe(1299);
  });
});
