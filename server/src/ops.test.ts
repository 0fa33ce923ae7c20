import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../test/factories.ts';
import { createTestContext, logLines, type TestContext } from '../test/harness.ts';
import { callerOf, quickSeller, quickUser } from '../test/shop-fixtures.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('metrics (METRICS_TOKEN)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => ctx?.close());
  const call = callerOf(() => ctx.app);

  it('are refused without the token, or with another one (401, our error shape)', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(/METRICS_TOKEN/) });
      expect(res.body).not.toContain('vastra_');
    }
  });

  it('show request latency by route, orders placed, failed payments, job queue depth and cache hit rate', async () => {
    const seller = await quickSeller(ctx.app);
    const user = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000, stock: 5 });
    await call('POST', '/api/user/add-to-cart', user, { productId: product.id, quantity: 1 });
    await call('PUT', '/api/user/set-payment-method', user, { selectedMethod: 'COD' });
    await call('PUT', '/api/user/save-shipping-address', user, {
      address: '5 Beach Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      postalCode: '600001',
    });
    expect((await call('PUT', '/api/user/order-success', user)).statusCode).toBe(200);
    await ctx.app.inject({ url: '/api/featured' });
    await ctx.app.inject({ url: '/api/featured' });

    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /vastra_http_request_duration_seconds_bucket\{le="[0-9.]+",method="PUT",route="\/api\/user\/order-success",status="200"\} 1/,
    );
    expect(text).toMatch(
      /vastra_http_request_duration_seconds_count\{method="GET",route="\/api\/featured",status="200"\} 2/,
    );
    expect(text).toMatch(/^vastra_orders_placed_total 1$/m);
    expect(text).toMatch(/^vastra_payments_failed_total 0$/m);
    expect(text).toMatch(/^vastra_job_queue_depth\{job="reservations-expire"\} 0$/m);
    // The second /api/featured was served from the cache.
    expect(text).toMatch(/^vastra_catalog_cache_hits_total [1-9]\d*$/m);
    expect(text).toMatch(/^vastra_catalog_cache_hit_ratio 0\.\d+$/m);
  });
});

describe('metrics off (no METRICS_TOKEN)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('answer 404 whatever the token, and never the web app', async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('health says the process is alive; ready says each dependency answers', async () => {
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.json()).toMatchObject({ success: true, status: 'ok' });
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      success: true,
      status: 'ready',
      checks: { database: 'ok', redis: 'off', storage: 'ok', jobs: 'ok' },
    });
  });
});

describe('request log lines (LOG_REQUESTS)', () => {
  it('are written at info only when asked', async () => {
    const quiet = logLines();
    const loud = logLines();
    const off = await createTestContext({ env: { LOG_LEVEL: 'info' }, logStream: quiet.stream });
    const on = await createTestContext({
      env: { LOG_LEVEL: 'info', LOG_REQUESTS: 'true' },
      logStream: loud.stream,
    });
    try {
      await off.app.inject({ url: '/api/health' });
      await on.app.inject({ url: '/api/health' });
      expect(quiet.text()).not.toContain('request completed');
      expect(loud.text()).toContain('request completed');
    } finally {
      await off.close();
      await on.close();
    }
  });
});
