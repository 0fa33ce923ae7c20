import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, registerSeller } from '../../../test/factories.ts';
import { createTestContext, logLines, type TestContext } from '../../../test/harness.ts';
import { type LocalS3, startLocalS3 } from '../../../test/local-s3.ts';
import { STORAGE_DOWN } from './routes.ts';
import { pngImage, uploadImage } from './upload-testkit.ts';

let s3: LocalS3;
let ctx: TestContext;
let seller: Account;
const logged = logLines();

beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestContext({ env: { ...s3.env, LOG_LEVEL: 'error' }, logStream: logged.stream });
  seller = await registerSeller(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

describe('images in an S3-compatible bucket (S3_BUCKET)', () => {
  it('stores the renditions in the bucket and serves them at /media through the app', async () => {
    expect(ctx.app.deps.storage.localRoot).toBeUndefined();
    const res = await uploadImage(ctx.app, seller.token, await pngImage(900, 1200));
    expect(res.statusCode).toBe(200);
    const { secure_url, public_id } = res.json();
    expect(secure_url).toBe(`/media/${public_id}/640.webp`);

    // The object is in the bucket itself, as any other process (or a CDN) would see it.
    const direct = await fetch(`${s3.endpoint}/${s3.bucket}/${public_id}/320.webp`);
    expect(direct.status).toBe(200);

    const served = await ctx.app.inject({ url: secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const missing = await ctx.app.inject({ url: `/media/${public_id}/999.webp` });
    expect(missing.statusCode).toBe(404);
    expect(await ctx.app.deps.storage.exists(`${public_id}/1280.webp`)).toBe(true);
    await ctx.app.deps.storage.deletePrefix(public_id);
    expect(await ctx.app.deps.storage.exists(`${public_id}/1280.webp`)).toBe(false);
  });

  it('is ready while the bucket answers', async () => {
    const res = await ctx.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({ database: 'ok', storage: 'ok', redis: 'off' });
  });

  it('with the bucket down: refuses uploads with a clear 503 and a log line, and the shop keeps selling', async () => {
    await s3.stop();
    try {
      const res = await uploadImage(ctx.app, seller.token, await pngImage(400, 500));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, error: STORAGE_DOWN, errors: [{ msg: STORAGE_DOWN }] });
      expect(logged.text()).toContain('image storage unreachable; upload refused');

      const ready = await ctx.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks).toMatchObject({ database: 'ok', storage: 'unreachable' });

      // The catalogue (which only holds image URLs) still answers.
      const products = await ctx.app.inject({ url: '/api/featured' });
      expect(products.statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    const again = await uploadImage(ctx.app, seller.token, await pngImage(400, 500));
    expect(again.statusCode).toBe(200);
  });
});
