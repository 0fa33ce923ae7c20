import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { quickSeller } from '../../../test/shop-fixtures.ts';
import { products } from '../../db/schema.ts';
import { pngImage } from '../media/upload-testkit.ts';
import { HEADER, importCatalogue, productRow, zipOf } from './catalogue-testkit.ts';

/**
 * The photos ZIP of the catalogue import (issue 34): only the photos the CSV names are unpacked,
 * one at a time, within size and packing limits; and a dry run decodes them as the import does.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const MB = 1024 * 1024;
const productsOf = (sellerId: string) =>
  ctx.db.select().from(products).where(eq(products.sellerId, sellerId));
const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\n');

/** 200 entries of 4.4 MB of zeros each (under a photo's 5 MB): a ZIP of ~1 MB that unpacks to 880 MB. */
function zipBomb(extra: Record<string, Uint8Array> = {}) {
  const zeros = new Uint8Array(4.4 * MB);
  const files: Record<string, Uint8Array> = { ...extra };
  for (let i = 0; i < 200; i++) files[`bomb-${i}.png`] = zeros;
  return zipOf(files);
}

/** The process's resident memory in MB, as the server (in this process) sees it. */
const rssMb = () => process.memoryUsage().rss / MB;

/** Sets a ZIP entry's uncompressed size in the central directory, as a lying ZIP would. */
function declareSize(zip: Uint8Array, size: number) {
  const bytes = Buffer.from(zip);
  const at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  bytes.writeUInt32LE(size, at + 24);
  return bytes;
}

describe('the photos ZIP of a catalogue import', () => {
  it('refuses a ZIP bomb the CSV names before unpacking anything: 400, nothing imported, memory kept', async () => {
    const seller = await quickSeller(ctx.app);
    const zip = zipBomb();
    expect(zip.length).toBeLessThan(1.5 * MB);
    const csv = csvOf(...Array.from({ length: 200 }, (_, i) => productRow(`p${i}`, `bomb-${i}.png`)));
    const before = rssMb();
    for (const dryRun of [true, false]) {
      const res = await importCatalogue(ctx.app, seller, csv, { dryRun, zip });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error:
          'bomb-0.png unpacks to more than 100 times its packed size, which no photo does; the ZIP is refused',
        errors: [
          {
            msg: 'bomb-0.png unpacks to more than 100 times its packed size, which no photo does; the ZIP is refused',
            path: 'photos',
          },
        ],
      });
    }
    const grewMb = rssMb() - before;
    console.info(`RSS after a named 880 MB ZIP bomb (twice): +${grewMb.toFixed(1)} MB`);
    expect(grewMb).toBeLessThan(50);
    expect(await productsOf(seller.id)).toEqual([]);
  });

  it('never unpacks the photos the CSV does not name: a bomb beside them imports the named ones', async () => {
    const seller = await quickSeller(ctx.app);
    const png = await pngImage(400, 500);
    const zip = zipBomb({ 'shirts/front.png': png, 'back.png': png });
    const csv = csvOf(productRow('shirt', 'front.png|back.png'));
    // The first import in a process loads and warms the image library: not what is measured here.
    const warm = zipOf({ 'front.png': png, 'back.png': png });
    await importCatalogue(ctx.app, await quickSeller(ctx.app), csv, { dryRun: false, zip: warm });
    const before = rssMb();
    const res = await importCatalogue(ctx.app, seller, csv, { dryRun: false, zip });
    const grewMb = rssMb() - before;
    console.info(`RSS after an import beside an unnamed 880 MB ZIP bomb: +${grewMb.toFixed(1)} MB`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, products: 1, errors: [] });
    expect(grewMb).toBeLessThan(50);
    const [made] = await productsOf(seller.id);
    expect(made!.images).toHaveLength(2);
  });

  it('refuses a photo whose ZIP header understates its size, without unpacking past what it declared', async () => {
    const seller = await quickSeller(ctx.app);
    // 4 MB of zeros said to be 2,000 bytes: its declared packing ratio looks like a photo's.
    const zip = declareSize(zipSync({ 'liar.png': new Uint8Array(4 * MB) }), 2000);
    const res = await importCatalogue(ctx.app, seller, csvOf(productRow('l', 'liar.png')), {
      dryRun: true,
      zip,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { msg: 'liar.png is damaged: it does not unpack to the size the ZIP declares', path: 'photos' },
    ]);
  });

  it('refuses named photos that would unpack past 200 MB together (413), before unpacking them', async () => {
    const seller = await quickSeller(ctx.app);
    // 60 photos of 4 MB that pack ~60:1 (64 kB of noise, then zeros): each within the limits alone.
    const photo = new Uint8Array(4 * MB);
    photo.set(randomBytes(64 * 1024));
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 60; i++) files[`p${i}.png`] = photo;
    const zip = zipOf(files);
    const csv = csvOf(...Array.from({ length: 60 }, (_, i) => productRow(`p${i}`, `p${i}.png`)));
    const res = await importCatalogue(ctx.app, seller, csv, { dryRun: false, zip });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([
      { msg: 'The photos the CSV names must unpack to at most 200 MB together', path: 'photos' },
    ]);
    expect(await productsOf(seller.id)).toEqual([]);
  });
});

/** Files under the local media directory: what the import stored. */
const storedFiles = () =>
  readdirSync(ctx.app.deps.storage.localRoot!, { recursive: true }).filter((f) => String(f).endsWith('.webp'))
    .length;

/** An image whose header (and so its size and format) reads fine, with garbage where its pixels are. */
async function damaged(format: 'png' | 'jpeg') {
  const noise = randomBytes(300 * 400 * 3);
  const good = await sharp(noise, { raw: { width: 300, height: 400, channels: 3 } })
    .toFormat(format)
    .toBuffer();
  const bad = Buffer.concat([good.subarray(0, Math.floor(good.length / 3)), randomBytes(4000)]);
  // Its header still reads as a 300 × 400 image: only decoding every pixel finds the damage.
  expect(await sharp(bad).metadata()).toMatchObject({ format, width: 300, height: 400 });
  return bad;
}

describe('a dry run and an import', () => {
  for (const format of ['png', 'jpeg'] as const)
    it(`refuse a damaged ${format.toUpperCase()} alike, and the import changes nothing`, async () => {
      const seller = await quickSeller(ctx.app);
      const name = `broken.${format === 'png' ? 'png' : 'jpg'}`;
      const zip = zipSync({ [name]: await damaged(format), 'good.png': await pngImage(300, 400) });
      const csv = csvOf(productRow('a', `good.png|${name}`), productRow('b', name));
      const problems = [2, 3].map((line) => ({
        row: line,
        field: 'photos',
        msg: `${name}: The image could not be read; it may be damaged`,
        path: `rows.${line}.photos`,
      }));
      const dry = await importCatalogue(ctx.app, seller, csv, { dryRun: true, zip });
      expect(dry.statusCode).toBe(200);
      expect(dry.json()).toMatchObject({ ok: false, dryRun: true, errors: problems });
      const files = storedFiles();
      const real = await importCatalogue(ctx.app, seller, csv, { dryRun: false, zip });
      expect(real.statusCode).toBe(400);
      expect(real.json()).toMatchObject({ success: false, ok: false, dryRun: false, errors: problems });
      expect(await productsOf(seller.id)).toEqual([]);
      expect(storedFiles()).toBe(files);
    });
});
