import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import webRoutes from './routes.ts';

const script = 'x'.repeat(4000);
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'vastra-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), `console.log("${script}")`);
  writeFileSync(path.join(root, 'index.html'), `<!doctype html><title>Vastra</title>${'<p>'.repeat(600)}`);
  // The build step itself, so the test also proves the script writes what the server looks for.
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'web', 'scripts', 'precompress.mjs'), root]);
  app = Fastify();
  // Static files only: the storefront's server-rendered pages are storefront.test.ts's.
  app.decorate('deps', { config: { publicUrl: 'http://shop.test' } } as never);
  await app.register(webRoutes, { root, renderer: null });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static web app', () => {
  it('serves hashed assets brotli-compressed, cached for a year, varying on Accept-Encoding', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(script);
  });

  it('never lets browsers reuse index.html without asking, on any SPA route', async () => {
    for (const url of ['/cart-page', '/login', '/product-page', '/orders/123']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('answers 404 for a missing asset instead of the app shell', async () => {
    const res = await app.inject({ url: '/assets/missing-000.js' });
    expect(res.statusCode).toBe(404);
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
  });
});
