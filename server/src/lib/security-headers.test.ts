import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import webRoutes from '../modules/web/routes.ts';
import { PAGE_BOOT_SCRIPT } from './page-boot.ts';
import { JSON_HEADERS, PAGE_HEADERS, registerSecurityHeaders } from './security-headers.ts';

let ctx: TestContext;
let web: FastifyInstance;
let root: string;

beforeAll(async () => {
  ctx = await createTestContext();
  root = mkdtempSync(path.join(tmpdir(), 'vastra-headers-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Vastra</title>');
  web = Fastify();
  // The web routes render catalogue pages on the server: they read the app's dependencies.
  web.decorate('deps', ctx.app.deps);
  registerSecurityHeaders(web);
  await web.register(webRoutes, { root });
  await web.ready();
});

afterAll(async () => {
  await web?.close();
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});

function expectHeaders(headers: Record<string, unknown>, set: Readonly<Record<string, string>>) {
  for (const [name, value] of Object.entries(set)) expect(headers[name], name).toBe(value);
}

describe('security headers', () => {
  it('gives the SPA pages and their assets the full set a browser needs', async () => {
    for (const url of ['/', '/product-page/123', '/assets/index-abc123.js']) {
      const res = await web.inject({ url });
      expect(res.statusCode).toBe(200);
      expectHeaders(res.headers, PAGE_HEADERS);
    }
    const csp = String((await web.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // The one inline script allowed: the storefront's boot script, by the hash of its text.
    const hash = createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`));
    expect(csp.split(';').find((d) => d.startsWith('script-src '))).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('gives the API docs page the full set', async () => {
    const entry = await ctx.app.inject({ url: '/api/docs' });
    const res =
      entry.statusCode === 302
        ? await ctx.app.inject({ url: new URL(String(entry.headers.location), 'http://x/api/docs').pathname })
        : entry;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expectHeaders(res.headers, PAGE_HEADERS);
  });

  it('gives JSON answers (cached lists, their 304s, errors) the set that protects data', async () => {
    const list = await ctx.app.inject({ url: '/api/get-womens-tops' });
    expect(list.statusCode).toBe(200);
    expectHeaders(list.headers, JSON_HEADERS);
    expect(list.headers['referrer-policy']).toBeUndefined();

    const again = await ctx.app.inject({
      url: '/api/get-womens-tops',
      headers: { 'if-none-match': String(list.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['strict-transport-security']).toBe(JSON_HEADERS['strict-transport-security']);

    const missing = await ctx.app.inject({ url: '/api/product-page/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expectHeaders(missing.headers, JSON_HEADERS);
  });
});
