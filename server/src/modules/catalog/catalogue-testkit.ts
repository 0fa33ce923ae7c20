import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import type { FastAccount } from '../../../test/shop-fixtures.ts';
import type { App } from '../../app.ts';
import { CATALOGUE_COLUMNS } from './catalogue-csv.ts';

/** Test helpers for the catalogue import (used by its tests, never by the app). */

export const HEADER = CATALOGUE_COLUMNS.join(',');

/** One CSV row with the given cells, the others empty. */
export const row = (cells: Partial<Record<(typeof CATALOGUE_COLUMNS)[number], string>>) =>
  CATALOGUE_COLUMNS.map((c) => cells[c] ?? '').join(',');

/** A row of a one-size product with the given photos (`|`-separated file names or URLs). */
export const productRow = (handle: string, photos: string) =>
  row({
    handle,
    product_name: `Cotton Shirt ${handle}`,
    category: 'Mens',
    sub_category: 'gentsShirt',
    size: 'M',
    price: '499',
    stock: '3',
    photos,
  });

/** A multipart body with the CSV as `file` and, optionally, a ZIP as `photos` (sent first). */
export function upload(csv: string | Buffer, zip?: Uint8Array) {
  const boundary = `----vastra${randomBytes(8).toString('hex')}`;
  const part = (name: string, filename: string, type: string, bytes: Buffer) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ];
  const payload = Buffer.concat([
    ...(zip ? part('photos', 'photos.zip', 'application/zip', Buffer.from(zip)) : []),
    ...part('file', 'catalogue.csv', 'text/csv', Buffer.from(csv)),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `POST /api/seller/catalogue/import` as the seller's browser sends it. */
export function importCatalogue(
  app: App,
  seller: FastAccount,
  csv: string,
  opts: { dryRun: boolean; zip?: Uint8Array },
) {
  const { payload, headers } = upload(csv, opts.zip);
  return app.inject({
    method: 'POST',
    url: `/api/seller/catalogue/import?dryRun=${opts.dryRun}`,
    payload,
    headers: { ...headers, ...seller.headers },
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = ~0;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
};
const packed = new WeakMap<Uint8Array, { data: Buffer; crc: number }>();

/**
 * A ZIP like fflate's zipSync makes, but the same bytes under many names are deflated once: a ZIP
 * bomb of 200 × 4.4 MB is built in milliseconds.
 */
export function zipOf(files: Record<string, Uint8Array>): Buffer {
  const records: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, bytes] of Object.entries(files)) {
    const entry = packed.get(bytes) ?? { data: deflateRawSync(bytes), crc: crc32(bytes) };
    packed.set(bytes, entry);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(bytes.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(bytes.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    records.push(local, fileName, entry.data);
    directory.push(central, fileName);
    offset += local.length + fileName.length + entry.data.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length / 2, 8);
  end.writeUInt16LE(directory.length / 2, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...records, centralDirectory, end]);
}
