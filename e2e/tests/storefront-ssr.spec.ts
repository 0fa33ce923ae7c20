import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { chooseVariant, productsInStock } from './helpers.ts';
import { addProductViaApi, registerSellerViaApi } from './seller-helpers.ts';

/**
 * The storefront as a link preview, a search engine and a shopper see it (issue 21): the server's
 * HTML without JavaScript, the sitemap, and in Chromium a page that hydrates without shifting.
 */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
mkdirSync(dir, { recursive: true });

interface LdProduct {
  '@type': string;
  name: string;
  offers: { price: string; priceCurrency: string; availability: string; url: string };
}

/** Text as React writes it into HTML. */
const escapeText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as { '@type': string },
  );

test('a product URL fetched without JavaScript carries its name, price, canonical URL and JSON-LD', async ({
  request,
}) => {
  const [p] = await productsInStock(request, 1);
  const spec = await request.get(`/product-page/${p!._id}`);
  expect(spec.status()).toBe(200);
  const html = await spec.text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  expect(canonical).toMatch(new RegExp(`/p/[a-z0-9-]+-${p!._id}$`));
  expect(html).toContain(`<h1>${escapeText(p!.productName)}</h1>`);
  expect(html).toMatch(/Rs\. [\d,]+\.\d\d/);
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);

  const readable = await request.get(new URL(canonical!).pathname);
  expect(readable.status()).toBe(200);
  const product = jsonLd(await readable.text()).find((x) => x['@type'] === 'Product') as LdProduct;
  expect(product.name).toBe(p!.productName);
  expect(product.offers).toMatchObject({
    priceCurrency: 'INR',
    price: (
      (await (await request.get(`/api/product-page/${p!._id}`)).json()) as { price: number }
    ).price.toFixed(2),
    availability: 'https://schema.org/InStock',
    url: canonical,
  });
});

test('sitemap.xml lists a product once published and drops it once removed', async ({ request }) => {
  const seller = await registerSellerViaApi(request, 'Sitemap');
  const name = `Sitemap Frock ${Date.now()}`;
  const id = await addProductViaApi(request, seller.token, name);
  const sitemap = async () => (await request.get('/sitemap.xml')).text();
  const listed = await sitemap();
  expect(listed).toContain('<urlset');
  expect(listed).toMatch(new RegExp(`<loc>[^<]+/p/sitemap-frock-\\d+-${id}</loc>`));

  const del = await request.delete('/api/seller/delete-product', {
    headers: { 'auth-token': seller.token },
    data: { productId: id },
  });
  expect(del.ok(), await del.text()).toBeTruthy();
  expect(await sitemap()).not.toContain(id);
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
});

/** Layout shifts of the page so far (the CLS of a page that has not been interacted with). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!e.hadRecentInput) total += e.value;
          }
        }).observe({ type: 'layout-shift' as never, buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

for (const width of [390, 1280]) {
  test(`server-rendered pages hydrate without errors or layout shift at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const [p] = await productsInStock(request, 1);

    const pages = [
      { name: 'ssr-landing', url: '/', ready: page.locator('.featured-card img').first() },
      { name: 'ssr-all-products', url: '/allProducts', ready: page.locator('.product-card').first() },
      { name: 'ssr-product', url: `/product-page/${p!._id}`, ready: page.getByRole('heading', { level: 1 }) },
    ];
    for (const { name, url, ready } of pages) {
      await page.goto(url);
      await expect(ready).toBeVisible();
      await page.waitForLoadState('networkidle');
      const cls = await layoutShift(page);
      expect(cls, `${url} CLS`).toBeLessThanOrEqual(0.02);
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
    }
    // Hydrated: the page answers clicks (client-side navigation to a readable product URL).
    await page.goto('/allProducts');
    await page.locator('.product-card-name').first().click();
    await expect(page).toHaveURL(/\/p\/[a-z0-9-]+-[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e))).toEqual([]);
  });
}

test('a button pressed before the app has hydrated takes effect once it has', async ({ page }) => {
  // The app's entry script is held until the press is made: the page is the server's HTML alone.
  let pressed!: () => void;
  const press = new Promise<void>((resolve) => {
    pressed = resolve;
  });
  let entryRequested = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    entryRequested = true;
    await press;
    await route.continue();
  });
  await page.goto('/allProducts', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  // Nothing yet: no handler runs before the app does.
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect.poll(() => entryRequested).toBe(true);
  pressed();
  // The boot script held the press and replays it on the hydrated button.
  await expect(page.getByRole('heading', { level: 1, name: 'सभी उत्पाद' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('hi');
});

/** Opens `url` with the app's entry script held until the returned function is called. */
async function openBeforeTheApp(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return release;
}

test('Add to cart, and a colour and size, pressed before the app has hydrated take effect in order', async ({
  page,
  request,
}) => {
  // One size: Add to cart is live in the server's HTML. Its press waits for React to hydrate the
  // buy box (a Suspense boundary of its own, after the page).
  const [single] = await productsInStock(request, 1, '/api/get-all-Products', { oneSize: true });
  let release = await openBeforeTheApp(page, `/product-page/${single!._id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  release();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

  // Sizes: the colour, then the size, each replayed once the one before has rendered.
  await page.unrouteAll();
  const [sized] = (await productsInStock(request, 10)).filter((p) => p._id !== single!._id && p.variant.size);
  release = await openBeforeTheApp(page, `/product-page/${sized!._id}`);
  await chooseVariant(page, sized!.variant);
  release();
  const sizes = page.getByRole('group', { name: /^Size/ });
  await expect(sizes.getByRole('button', { name: sized!.variant.size, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});
