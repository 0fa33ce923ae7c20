import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { productUrlPath } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { openTestDatabase, testConfig } from '../../../test/harness.ts';
import { REPO_ROOT } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { productVariants, sellers } from '../../db/schema.ts';
import { registerErrorHandling } from '../../lib/http.ts';
import { TokenService } from '../../lib/tokens.ts';
import { bumpCatalogVersion, markProductRemoved } from '../catalog/index.ts';
import catalogRoutes from '../catalog/routes.ts';
import { createPaymentProvider } from '../payments/index.ts';
import reviewRoutes from '../reviews/routes.ts';
import siteRoutes from '../site/routes.ts';
import webRoutes from './routes.ts';
import type { Renderer } from './storefront.ts';

/**
 * The storefront as a link preview or a search engine sees it: plain HTTP, no JavaScript. The app is
 * the catalogue's routes and the web module on a real database, with the web app's real renderer
 * (web/src/entry-server.tsx, loaded from source) and its index.html.
 */
const ORIGIN = 'https://shop.example.in';
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let root: string;
let sellerId: string;
let kurta: Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = testConfig({ PUBLIC_URL: ORIGIN });
  root = mkdtempSync(path.join(tmpdir(), 'vastra-ssr-'));
  copyFileSync(path.join(REPO_ROOT, 'web', 'index.html'), path.join(root, 'index.html'));
  // The web app's source, compiled by Vitest (the server's TypeScript project does not hold the web's).
  const entry = path.join(REPO_ROOT, 'web', 'src', 'entry-server.tsx');
  const renderer = (await import(/* @vite-ignore */ entry)) as Renderer;

  app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    tokens: new TokenService(config.jwtSecret),
    payments: createPaymentProvider(config, database.db),
  } as never);
  registerErrorHandling(app);
  await app.register(catalogRoutes);
  await app.register(reviewRoutes);
  await app.register(siteRoutes);
  await app.register(webRoutes, { root, renderer, sitemapMaxUrls: 4 });
  await app.ready();

  const [seller] = await database.db
    .insert(sellers)
    .values({
      fullName: 'Meera Weaver',
      email: 'meera@looms.example',
      passwordHash: 'x',
      companyName: 'Meera Looms & Co',
      mobile: '9876543210',
      companyAddress: '12 Chowk, Lucknow',
    })
    .returning({ id: sellers.id });
  sellerId = seller!.id;
  kurta = await insertProduct(database.db, sellerId, {
    name: 'Chikankari Kurta <Lucknow> "Classic"',
    description: 'Hand-embroidered cotton kurta from Lucknow. हाथ की कढ़ाई.',
    pricePaise: 149_900,
    subCategory: 'gentsShirt',
    imageUrl: '/media/products/kurta/640.webp',
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(root, { recursive: true, force: true });
});

/** Every JSON-LD object of a page, parsed. */
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD, checked field by field in the tests
function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]!),
  );
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('a product page fetched without JavaScript', () => {
  it('holds the name, price, photo, description, canonical URL, previews and JSON-LD', async () => {
    const readable = productUrlPath(kurta.id, kurta.name);
    expect(readable).toBe(`/p/chikankari-kurta-lucknow-classic-${kurta.id}`);
    const res = await app.inject({ url: readable });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;

    // The page's content is in the HTML, escaped and as the seller wrote it.
    expect(html).toContain('<h1>Chikankari Kurta &lt;Lucknow&gt; &quot;Classic&quot;</h1>');
    expect(html).toContain('Rs. 1,499.00');
    expect(html).toContain('Hand-embroidered cotton kurta from Lucknow. हाथ की कढ़ाई.');
    expect(html).toMatch(/<img[^>]+src="\/media\/products\/kurta\/640\.webp"/);
    expect(html).toContain('<title>Chikankari Kurta &lt;Lucknow&gt; &quot;Classic&quot; · Vastra</title>');

    expect(canonicalOf(html)).toBe(`${ORIGIN}${readable}`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/media/products/kurta/1280.webp`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // The LCP image is preloaded, high priority, with its WebP renditions.
    expect(html).toMatch(
      /<link rel="preload" as="image" href="\/media\/products\/kurta\/640\.webp" imagesrcset="\/media\/products\/kurta\/320\.webp 320w, [^"]+1280\.webp 1280w" imagesizes="[^"]+" fetchpriority="high" \/>/,
    );

    const ld = jsonLd(html);
    const product = ld.find((x) => x['@type'] === 'Product')!;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Chikankari Kurta <Lucknow> "Classic"',
      image: [`${ORIGIN}/media/products/kurta/1280.webp`],
      offers: {
        '@type': 'Offer',
        price: '1499.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}${readable}`,
        seller: { name: 'Meera Looms & Co' },
      },
    });
    const crumbs = ld.find((x) => x['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement.map((c: { name: string; item: string }) => [c.name, c.item])).toEqual([
      ['Home', `${ORIGIN}/`],
      ['Men', `${ORIGIN}/mens-allProducts`],
      ["Men's Shirts", `${ORIGIN}/mens-shirts`],
      ['Chikankari Kurta <Lucknow> "Classic"', `${ORIGIN}${readable}`],
    ]);
    expect(ld.find((x) => x['@type'] === 'Organization')).toMatchObject({
      name: 'Vastra',
      url: `${ORIGIN}/`,
    });

    // The browser's query cache is seeded with the API's own answer, so hydration fetches nothing.
    const state = JSON.parse(
      /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)![1]!,
    );
    const api = (await app.inject({ url: `/api/product-page/${kurta.id}` })).json();
    const reviews = (await app.inject({ url: `/api/products/${kurta.id}/reviews?limit=50` })).json();
    const site = (await app.inject({ url: '/api/site' })).json();
    expect(state).toEqual([
      { key: ['product', kurta.id], data: api },
      { key: ['reviews', kurta.id], data: reviews },
      { key: ['site'], data: site },
    ]);
    // No script in the page's data can be closed early by a seller's text.
    expect(html).not.toContain('<Lucknow>');
  });

  it('keeps SPEC /product-page/:id (canonical: the readable URL) and sends old slugs to it', async () => {
    const spec = await app.inject({ url: `/product-page/${kurta.id}` });
    expect(spec.statusCode).toBe(200);
    expect(canonicalOf(spec.body)).toBe(`${ORIGIN}${productUrlPath(kurta.id, kurta.name)}`);
    expect(spec.body).toContain('Rs. 1,499.00');

    const old = await app.inject({ url: `/p/old-name-${kurta.id}?utm_source=whatsapp` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`${productUrlPath(kurta.id, kurta.name)}?utm_source=whatsapp`);
  });

  it('answers 404, not indexed, for a product that is not on sale', async () => {
    for (const url of ['/p/gone-00000000-0000-4000-8000-000000000000', '/product-page/not-an-id']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('is cached per catalogue version: 304 while unchanged, the new price on the next read', async () => {
    const url = productUrlPath(kurta.id, kurta.name);
    const first = await app.inject({ url });
    const again = await app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    // The price lives on the size variant; the product's is its summary (ADR 009).
    await database.db
      .update(productVariants)
      .set({ pricePaise: 129_900 })
      .where(eq(productVariants.productId, kurta.id));
    await bumpCatalogVersion(database.db);
    const after = await app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Rs. 1,299.00');
    expect(jsonLd(after.body).find((x) => x['@type'] === 'Product')!.offers.price).toBe('1299.00');
  });

  it('renders in the language of the lang cookie', async () => {
    const res = await app.inject({
      url: `/product-page/${kurta.id}`,
      headers: { cookie: 'theme=x; lang=hi' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="hi">');
    // Product data stays as the seller wrote it.
    expect(res.body).toContain('Chikankari Kurta &lt;Lucknow&gt;');
  });
});

describe('a listing fetched without JavaScript', () => {
  it('lists its products with their links, and says so in JSON-LD', async () => {
    const res = await app.inject({ url: '/mens-shirts', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    // The HTML is sent compressed, varying on Accept-Encoding.
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/);
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('Chikankari Kurta &lt;Lucknow&gt;');
    expect(html).toContain(`href="${productUrlPath(kurta.id, kurta.name)}"`);
    expect(canonicalOf(html)).toBe(`${ORIGIN}/mens-shirts`);
    const list = jsonLd(html).find((x) => x['@type'] === 'ItemList')!;
    expect(list.itemListElement[0]).toMatchObject({
      position: 1,
      url: `${ORIGIN}${productUrlPath(kurta.id, kurta.name)}`,
    });
    // The case-insensitive SPEC path is the same page.
    expect((await app.inject({ url: '/MENS-SHIRTS' })).statusCode).toBe(200);
  });

  it('is titled in the language of the lang cookie, as the app titles it', async () => {
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const hi = await app.inject({ url: '/mens-shirts', headers: { cookie: 'lang=hi' } });
    expect(title(hi.body)).toBe('पुरुषों की शर्ट · Vastra');
    expect(hi.body).toContain('<meta property="og:title" content="पुरुषों की शर्ट · Vastra" />');
    const en = await app.inject({ url: '/mens-shirts' });
    expect(title(en.body)).toBe('Men&#39;s Shirts · Vastra');
    // Past the first page, the page's number, in either language.
    const hi2 = await app.inject({ url: '/mens-shirts?page=2', headers: { cookie: 'lang=hi' } });
    expect(title(hi2.body)).toBe('पुरुषों की शर्ट · पृष्ठ 2 · Vastra');
    expect(title((await app.inject({ url: '/mens-shirts?page=2' })).body)).toBe(
      'Men&#39;s Shirts · Page 2 · Vastra',
    );
    // A product names itself, in either language.
    const productUrl = `/product-page/${kurta.id}`;
    const product = await app.inject({ url: productUrl, headers: { cookie: 'lang=hi' } });
    expect(title(product.body)).toMatch(/^Chikankari Kurta &lt;Lucknow&gt;.* · Vastra$/);
    expect(title(product.body)).toBe(title((await app.inject({ url: productUrl })).body));
  });
});

describe('catalogue JSON', () => {
  it('is sent compressed when large and the client accepts it, the same bytes as plain', async () => {
    for (let i = 0; i < 12; i++) await insertProduct(database.db, sellerId, { subCategory: 'girlsTop' });
    const url = '/api/get-womens-tops?page=1&limit=24';
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1400);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(br.headers['content-encoding']).toBe('gzip');
    // A small answer goes out as it is.
    const one = await app.inject({
      url: `/api/product-page/${kurta.id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(one.headers['content-encoding']).toBeUndefined();
  });
});

describe('sitemap.xml and robots.txt', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('robots.txt points at the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('lists a product once published and drops it once removed; an index past the file limit', async () => {
    // With 4 URLs a file (tests; 50,000 in the shop) the 11 fixed pages and the products need an index.
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.body).toContain('<sitemapindex');
    const files = locs(index.body);
    expect(files[0]).toBe(`${ORIGIN}/sitemap-1.xml`);

    const all = async () => {
      const list = locs((await app.inject({ url: '/sitemap.xml' })).body);
      const urls: string[] = [];
      for (const f of list) {
        const res = await app.inject({ url: f.replace(ORIGIN, '') });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<urlset');
        urls.push(...locs(res.body));
      }
      return urls;
    };
    const before = await all();
    expect(before).toContain(`${ORIGIN}/`);
    expect(before).toContain(`${ORIGIN}/womens-dresses`);
    expect(before).toContain(`${ORIGIN}${productUrlPath(kurta.id, kurta.name)}`);

    const saree = await insertProduct(database.db, sellerId, {
      name: 'Banarasi Silk Saree',
      subCategory: 'LadiesDress',
    });
    const sareeUrl = `${ORIGIN}${productUrlPath(saree.id, saree.name)}`;
    expect(before).not.toContain(sareeUrl);
    expect(await all()).toContain(sareeUrl);

    await markProductRemoved(database.db, saree.id);
    const after = await all();
    expect(after).not.toContain(sareeUrl);
    expect(after).toHaveLength(before.length);
    expect((await app.inject({ url: `/sitemap-${files.length + 1}.xml` })).statusCode).toBe(404);
  });
});
