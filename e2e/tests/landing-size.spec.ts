import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * `npm run size` counts the scripts the landing page makes a browser load (issue 34), not only the
 * entry's static imports: every chunk the page's boot script preloads and the entry itself are in
 * its count, and it exits 1 exactly when that count is over the budget.
 */
const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface SizeReport {
  budget: number;
  total: number;
  scripts: { path: string; raw: number; gzip: number; counted: boolean }[];
}

test('the size check counts every script the landing page loads before it hydrates', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // What the server's HTML makes the browser load: the boot script's preloads and the entry.
  const html = await (await request.get('/')).text();
  const boot = /<script[^>]* data-src="([^"]+)"[^>]*>/.exec(html);
  expect(boot, 'the landing page has its boot script').not.toBeNull();
  const preloads = /data-preload="([^"]*)"/.exec(boot![0])?.[1]?.split(' ').filter(Boolean) ?? [];
  expect(preloads.length).toBeGreaterThan(5);

  const run = spawnSync(process.execPath, ['size.mjs', '--json'], {
    cwd: e2eDir,
    env: { ...process.env, SIZE_URL: baseURL },
    encoding: 'utf8',
    timeout: 100_000,
  });
  expect(run.stdout, run.stderr).toMatch(/^\{/);
  const report = JSON.parse(run.stdout) as SizeReport;
  const counted = report.scripts.filter((s) => s.counted);

  expect(counted.map((s) => s.path)).toEqual(expect.arrayContaining([boot![1], ...preloads]));
  expect(report.total).toBe(counted.reduce((n, s) => n + s.gzip, 0));
  for (const s of counted) expect(s.gzip, s.path).toBeGreaterThan(0);
  expect(run.status).toBe(report.total > report.budget ? 1 : 0);
});
