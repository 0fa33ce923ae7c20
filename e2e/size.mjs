// `npm run size`: the landing page's JavaScript budget, counted as a browser loads it. The built shop
// is started (shop-server.mjs) and opened in headless Chromium at a phone's size; every script the
// page fetches until it has hydrated and the network is quiet (the entry, its imports, the chunks the
// boot script preloads, lazy screens) is listed with its gzip size. Exits 1 over the budget, which
// exists for Lighthouse's mobile score (issue 34: 110 KB gzip). SIZE_PORT sets the server's port;
// SIZE_URL measures a running shop instead.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import launchOptions from './chromium.json' with { type: 'json' };
import { startShop } from './shop-server.mjs';

const BUDGET_KB = 110;
const PORT = Number(process.env.SIZE_PORT ?? 3496);
/** What the app dispatches on `document` once the server's HTML has hydrated (web/src/ssr-state.ts). */
const HYDRATED = 'vastra:hydrated';

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

if (!existsSync(launchOptions.executablePath)) {
  console.error(`No Chromium at ${launchOptions.executablePath}: apt-get install -y chromium`);
  process.exit(1);
}

/**
 * Every script the landing page loads, with its size as served and gzipped (level 9, as
 * precompress.mjs), and whether the page asked for it before it had hydrated. What it asks for
 * later (react-toastify, fetched when the browser is idle) is listed but not counted.
 */
async function landingScripts(base) {
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const bodies = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    await page.addInitScript((event) => {
      performance.setResourceTimingBufferSize(1000);
      document.addEventListener(event, () => {
        window.vastraHydratedAt = performance.now();
      });
    }, HYDRATED);
    await page.goto(`${base}/`);
    await page.waitForFunction(() => window.vastraHydratedAt !== undefined);
    await page.waitForLoadState('networkidle');
    const requested = new Map(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => [e.name, e.startTime < window.vastraHydratedAt]),
      ),
    );
    const scripts = new Map();
    for (const { url, body } of await Promise.all(bodies)) {
      scripts.set(url, {
        url,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        beforeHydration: requested.get(url) ?? false,
      });
    }
    return [...scripts.values()];
  } finally {
    await browser.close();
  }
}

const shop = process.env.SIZE_URL
  ? { base: process.env.SIZE_URL.replace(/\/$/, ''), stop: () => {} }
  : await startShop(PORT);
let scripts;
try {
  scripts = await landingScripts(shop.base);
} finally {
  shop.stop();
}

scripts.sort((a, b) => b.beforeHydration - a.beforeHydration || b.gzip - a.gzip);
const counted = scripts.filter((s) => s.beforeHydration);
const total = counted.reduce((n, s) => n + s.gzip, 0);
const over = total > BUDGET_KB * 1024;
const pathOf = (url) => new URL(url).pathname;

if (process.argv.includes('--json')) {
  // For the e2e spec that checks this count against the page's HTML (landing-size.spec.ts).
  const list = scripts.map((s) => ({
    path: pathOf(s.url),
    raw: s.raw,
    gzip: s.gzip,
    counted: s.beforeHydration,
  }));
  console.log(JSON.stringify({ budget: BUDGET_KB * 1024, total, scripts: list }));
} else {
  console.log('script'.padEnd(52), 'raw'.padStart(11), 'gzip'.padStart(11));
  for (const s of scripts) {
    const note = s.beforeHydration ? '' : '  (after hydration, not counted)';
    const name = pathOf(s.url).replace(/^\/assets\//, '');
    console.log(name.padEnd(52), kb(s.raw).padStart(11), kb(s.gzip).padStart(11), note);
  }
  console.log(
    `\nUntil it has hydrated, the landing page loads ${counted.length} scripts, ${kb(total)} gzip (budget ${BUDGET_KB} KB): ${over ? 'OVER BUDGET' : 'OK'}`,
  );
  if (over) {
    console.error(
      `The landing page's JavaScript is ${kb(total - BUDGET_KB * 1024)} over its ${BUDGET_KB} KB budget.`,
    );
  }
}
if (over) process.exit(1);
