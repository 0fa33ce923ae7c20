import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, auth, registerSeller, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { LocalDiskStorage } from './storage.ts';
import { multipartBody, pngImage, uploadImage } from './upload-testkit.ts';

let ctx: TestContext;
let seller: Account;
let mediaRoot: string;

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await registerSeller(ctx.app);
  mediaRoot = ctx.app.deps.storage.localRoot!;
});
afterAll(() => ctx?.close());

/** Every file under the media folder, so a refused upload can be shown to have written nothing. */
function filesOnDisk(): string[] {
  if (!existsSync(mediaRoot)) return [];
  return readdirSync(mediaRoot, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('image upload', () => {
  it('stores a real PNG as WebP renditions of 320, 640 and 1280 px and answers secure_url and public_id', async () => {
    const res = await uploadImage(ctx.app, seller.token, await pngImage(1600, 2000));
    expect(res.statusCode).toBe(200);
    const { secure_url, public_id } = res.json();
    expect(public_id).toMatch(/^products\/[0-9a-f-]{36}$/);
    expect(secure_url).toBe(`/media/${public_id}/640.webp`);
    for (const width of [320, 640, 1280]) {
      const file = path.join(mediaRoot, public_id, `${width}.webp`);
      const meta = await sharp(readFileSync(file)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 5) / 4 });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('does not enlarge a small original', async () => {
    const res = await uploadImage(ctx.app, seller.token, await pngImage(500, 400));
    const { public_id } = res.json();
    const widths = await Promise.all(
      [320, 640, 1280].map(
        async (w) => (await sharp(path.join(mediaRoot, public_id, `${w}.webp`)).metadata()).width,
      ),
    );
    expect(widths).toEqual([320, 500, 500]);
  });

  it('accepts JPEG and WebP and strips their metadata (EXIF, GPS)', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await uploadImage(ctx.app, seller.token, jpeg, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const stored = readFileSync(path.join(mediaRoot, res.json().public_id, '640.webp'));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-camera-owner'))).toBe(false);

    const webp = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#aa000080' } })
      .webp()
      .toBuffer();
    expect((await uploadImage(ctx.app, seller.token, webp, 'x.webp', 'image/webp')).statusCode).toBe(200);
  });

  it('serves the renditions at /media with year-long immutable caching', async () => {
    const { secure_url } = (await uploadImage(ctx.app, seller.token, await pngImage(700, 700))).json();
    const res = await ctx.app.inject({ method: 'GET', url: secure_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    const missing = await ctx.app.inject({ method: 'GET', url: '/media/products/nope/640.webp' });
    expect(missing.statusCode).toBe(404);
  });

  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>',
  );
  it.each([
    [
      'a text file renamed .png',
      () => Buffer.from('hello, I am not a picture'),
      'fake.png',
      'image/png',
      400,
      /JPEG, PNG or WebP/,
    ],
    ['an SVG', () => svg, 'logo.svg', 'image/svg+xml', 400, /JPEG, PNG or WebP/],
    ['an SVG renamed .png', () => svg, 'logo.png', 'image/png', 400, /JPEG, PNG or WebP/],
    ['a 6 MB file', () => Buffer.alloc(6 * 1024 * 1024, 1), 'huge.png', 'image/png', 413, /at most 5 MB/],
    ['an empty file', () => Buffer.alloc(0), 'empty.png', 'image/png', 400, /JPEG, PNG or WebP/],
  ])(
    'refuses %s with a clear message and writes nothing',
    async (_name, bytes, filename, type, status, message) => {
      const before = filesOnDisk();
      const res = await uploadImage(ctx.app, seller.token, bytes(), filename, type);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(message) });
      expect(filesOnDisk()).toEqual(before);
    },
  );

  it('refuses an image of more than 40 megapixels (a decompression bomb) and writes nothing', async () => {
    const before = filesOnDisk();
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await uploadImage(ctx.app, seller.token, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The image must be at most 40 megapixels');
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses a request without the file field', async () => {
    const before = filesOnDisk();
    const wrongField = multipartBody({
      field: 'image',
      filename: 'a.png',
      contentType: 'image/png',
      bytes: await pngImage(50, 50),
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: wrongField.payload,
      headers: { ...wrongField.headers, ...auth(seller.token) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/field "file"/);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: { file: 'x' },
      headers: auth(seller.token),
    });
    expect(json.statusCode).toBe(400);
    expect(filesOnDisk()).toEqual(before);
  });

  it('needs a seller token', async () => {
    const png = await pngImage(50, 50);
    const before = filesOnDisk();
    const user = await registerUser(ctx.app);
    const asUser = await uploadImage(ctx.app, user.token, png);
    expect(asUser.statusCode).toBe(403);
    const { payload, headers } = multipartBody({ filename: 'a.png', contentType: 'image/png', bytes: png });
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/media/upload', payload, headers });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('You Must Login First');
    expect(filesOnDisk()).toEqual(before);
  });
});

describe('local disk storage', () => {
  it('maps only its own URLs to keys and refuses keys that leave its folder', async () => {
    const storage = new LocalDiskStorage(path.join(ctx.config.dataDir, 'store-test'));
    expect(storage.urlFor('products/abc/640.webp')).toBe('/media/products/abc/640.webp');
    expect(storage.keyOfUrl('/media/products/abc/640.webp')).toBe('products/abc/640.webp');
    expect(storage.keyOfUrl('/media/../jwt-secret')).toBeUndefined();
    expect(storage.keyOfUrl('https://elsewhere.example/media/x.webp')).toBeUndefined();
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
    await expect(storage.deletePrefix('/etc')).rejects.toThrow(/unsafe/);
    expect(await storage.exists('products/abc/640.webp')).toBe(false);
    await storage.put('products/abc/640.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.exists('products/abc/640.webp')).toBe(true);
    await storage.deletePrefix('products/abc');
    expect(await storage.exists('products/abc/640.webp')).toBe(false);
  });
});
