// `npm run lighthouse`: Lighthouse 12 (npm; 13 needs Node 22) with Debian's Chromium on the built shop,
// the mobile preset (median of 3 runs) and the desktop preset, on the landing page, /allProducts and a
// product page; prints a table of performance, accessibility, best practices, SEO, CLS and LCP.
//
// It starts the production server (server/dist/main.js, built if stale) on a fresh data directory with
// the demo catalogue; web/dist must be built (`npm run build`). LIGHTHOUSE_URL measures a running shop
// instead; LIGHTHOUSE_RUNS (default 3) and LIGHTHOUSE_DESKTOP_RUNS (default 3) set the runs.
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startShop } from './shop-server.mjs';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const DESKTOP_RUNS = Number(process.env.LIGHTHOUSE_DESKTOP_RUNS ?? 3);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3497);

// Every page shows हिन्दी (the language switch): without a Devanagari font the browser searches all
// fonts for those glyphs while laying out each page, which on a bare Debian doubled the listing's
// blocking time. Phones have one; a measuring machine needs one too (Debian: fonts-noto-core).
try {
  if (!execFileSync('fc-list', [':lang=hi'], { encoding: 'utf8' }).trim()) {
    console.warn(
      'No Devanagari font (fc-list :lang=hi): install fonts-noto-core, or the figures are too low.',
    );
  }
} catch {
  // no fontconfig: nothing to check
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(url, port, config) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' }, config);
  const { categories, audits } = result.lhr;
  const score = (c) => Math.round((categories[c]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    // Each failed pass/fail audit with the elements it names (what to fix).
    failed: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => {
        const nodes = (a.details?.items ?? []).map((i) => i.node?.snippet).filter(Boolean);
        return `${a.id}${nodes.length ? `: ${nodes.slice(0, 3).join(' ')}` : ''}`;
      }),
  };
}

/** The run with the median performance score (Lighthouse's own advice for variance). */
function medianRun(runs) {
  const m = median(runs.map((r) => r.performance));
  return runs.find((r) => r.performance === m);
}

const shop = process.env.LIGHTHOUSE_URL
  ? { base: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), stop: () => {} }
  : await startShop(PORT);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows = [];
try {
  const [first] = await (await fetch(`${shop.base}/api/get-all-Products?page=1&limit=1`)).json();
  const productHtml = await (await fetch(`${shop.base}/product-page/${first._id}`)).text();
  const productUrl =
    /<link rel="canonical" href="([^"]+)"/.exec(productHtml)?.[1] ?? `/product-page/${first._id}`;
  const pages = [
    ['landing', '/'],
    ['all products', '/allProducts'],
    ['product', new URL(productUrl, shop.base).pathname],
  ];
  for (const [preset, config, runs] of [
    ['mobile', undefined, RUNS],
    ['desktop', desktopConfig, DESKTOP_RUNS],
  ]) {
    for (const [name, p] of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await measure(`${shop.base}${p}`, chrome.port, config));
      rows.push({ page: name, preset, runs, ...medianRun(results) });
      process.stderr.write('.');
    }
  }
} finally {
  await chrome.kill();
  shop.stop();
}

process.stderr.write('\n');
const head = ['page', 'preset', 'perf', 'a11y', 'best pr.', 'SEO', 'CLS', 'LCP ms', 'runs'];
const table = rows.map((r) => [
  r.page,
  r.preset,
  r.performance,
  r.accessibility,
  r['best-practices'],
  r.seo,
  r.cls.toFixed(3),
  Math.round(r.lcp),
  r.runs,
]);
const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => String(row[i]).length)));
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
console.log(line(head));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
const failed = [...new Set(rows.flatMap((r) => r.failed))];
if (failed.length) console.log(`\nAudits not passed (median runs):\n- ${failed.join('\n- ')}`);
