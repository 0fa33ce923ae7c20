import { expect, type Page, test } from '@playwright/test';
import { productsInStock } from './helpers.ts';

/**
 * No page scrolls sideways on a phone (issue 34): not with JavaScript off, not in the server's HTML
 * before the app has hydrated, and not after. The app's entry script is held while the server's
 * HTML is measured, so "before" does not depend on timing.
 */
const WIDTHS = [320, 390];

/** How far the page scrolls sideways, in CSS pixels (0 when it fits). */
const OVERFLOW = 'document.documentElement.scrollWidth - window.innerWidth';
/**
 * The elements that start the overflow, to name in a failure: past the right edge, and either
 * positioned or inside a parent that is not.
 */
const PAST_THE_EDGE = `[...document.querySelectorAll('body *')]
  .filter((e) => {
    const past = (el) => el.getBoundingClientRect().right > window.innerWidth + 1;
    return past(e) && (getComputedStyle(e).position !== 'static' || !past(e.parentElement));
  })
  .slice(0, 5)
  .map((e) => e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || '').replace(/ /g, '.'))`;

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate<number>(OVERFLOW);
  const culprits = overflow > 0 ? await page.evaluate<string[]>(PAST_THE_EDGE) : [];
  expect(overflow, `${what} scrolls sideways by ${overflow} px (${culprits.join(', ')})`).toBeLessThanOrEqual(
    0,
  );
}

/** The landing page, a product, the full listing, a category listing and search (client-rendered). */
async function pagesToCheck(page: Page, request: Parameters<typeof productsInStock>[0]) {
  const [product] = await productsInStock(request, 1);
  return [
    { url: '/', ready: page.locator('.featured-card').first(), serverRendered: true },
    {
      url: `/product-page/${product!._id}`,
      ready: page.getByRole('heading', { level: 1 }),
      serverRendered: true,
    },
    { url: '/allProducts', ready: page.locator('.product-card').first(), serverRendered: true },
    { url: '/mens-shirts', ready: page.locator('.product-card').first(), serverRendered: true },
    { url: '/search?q=shirt', ready: page.locator('.product-card').first(), serverRendered: false },
  ];
}

/**
 * Opens a server-rendered page with the app's entry script held until the returned function is
 * called. The page's boot script adds that script, so DOMContentLoaded does not wait for it.
 */
async function openWithoutTheApp(page: Page, url: string): Promise<() => void> {
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

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('no page scrolls sideways with JavaScript off', async ({ browser, request }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 844 },
      });
      const page = await context.newPage();
      for (const { url, ready, serverRendered } of await pagesToCheck(page, request)) {
        await page.goto(url);
        if (serverRendered) await expect(ready).toBeVisible();
        await expectNoSidewaysScroll(page, `${url} without JavaScript`);
      }
      await context.close();
    });

    test('no page scrolls sideways before or after the app hydrates', async ({ page, request }) => {
      for (const { url, ready, serverRendered } of await pagesToCheck(page, request)) {
        if (!serverRendered) {
          // The app renders the page: there is no HTML before it to measure.
          await page.goto(url);
          await expect(ready).toBeVisible();
          await expectNoSidewaysScroll(page, `${url} once the app runs`);
          continue;
        }
        const release = await openWithoutTheApp(page, url);
        await expect(ready).toBeVisible();
        await expectNoSidewaysScroll(page, `${url} before the app`);

        await page.evaluate(
          "document.addEventListener('vastra:hydrated', () => { window.vastraHydrated = true })",
        );
        release();
        await page.waitForFunction(
          () => (globalThis as { vastraHydrated?: boolean }).vastraHydrated === true,
        );
        await expectNoSidewaysScroll(page, `${url} once the app has hydrated`);
        await page.unrouteAll();
      }
    });
  });
}
