import { randomUUID } from 'node:crypto';
import { IMAGE_DEFAULT_WIDTH, IMAGE_WIDTHS, type UploadAnswer } from '@vastra/contracts';
import { badRequest } from '../../lib/errors.ts';
import type { MediaStorage } from './storage.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Refuse decompression bombs: a 5 MB PNG can claim gigapixels. 40 MP covers any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;
const DAMAGED = 'The image could not be read; it may be damaged';

/** The key of one rendition of an image. */
export const renditionKey = (publicId: string, width: number) => `${publicId}/${width}.webp`;

/** An image decoded to raw pixels, at most as wide as the largest rendition. */
export interface DecodedImage {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Checks the bytes really are a JPEG, PNG or WebP (the file name and the declared type prove
 * nothing) and decodes every pixel: a file with a good header and damaged data after it is refused
 * here. The catalogue's dry run calls this too, so it refuses exactly what an import would.
 */
export async function decodeImage(bytes: Buffer): Promise<DecodedImage> {
  // Loaded on the first upload: libvips adds ~13 MB to a process that may never resize an image.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(bytes).metadata();
    format = meta.width && meta.height ? meta.format : undefined;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw badRequest('The file must be a JPEG, PNG or WebP image', 'file');
  if (pixels > MAX_INPUT_PIXELS) throw badRequest('The image must be at most 40 megapixels', 'file');
  try {
    // Decoded once, at most as wide as the largest rendition; rotate() applies the EXIF orientation
    // before the metadata (EXIF, GPS, ICC) is dropped: sharp writes none unless asked to.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: Math.max(...IMAGE_WIDTHS), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
  } catch {
    throw badRequest(DAMAGED, 'file');
  }
}

/**
 * The WebP renditions of an uploaded image, all in memory: nothing touches storage until every
 * rendition is ready, so a bad file leaves nothing behind.
 */
export async function makeRenditions(bytes: Buffer): Promise<Map<number, Buffer>> {
  const { data, raw } = await decodeImage(bytes);
  const { default: sharp } = await import('sharp');
  const renditions = new Map<number, Buffer>();
  try {
    for (const width of IMAGE_WIDTHS) {
      // Smaller originals are not enlarged: their wider renditions keep the original width.
      const out = await sharp(data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      renditions.set(width, out);
    }
  } catch {
    throw badRequest(DAMAGED, 'file');
  }
  return renditions;
}

/** Stores the renditions under a fresh id; on a storage failure removes whatever was written. */
export async function storeRenditions(
  storage: MediaStorage,
  renditions: Map<number, Buffer>,
  prefix = 'products',
): Promise<UploadAnswer> {
  const publicId = `${prefix}/${randomUUID()}`;
  try {
    await Promise.all(
      [...renditions].map(([width, body]) => storage.put(renditionKey(publicId, width), body, 'image/webp')),
    );
  } catch (err) {
    await storage.deletePrefix(publicId).catch(() => undefined);
    throw err;
  }
  return { secure_url: storage.urlFor(renditionKey(publicId, IMAGE_DEFAULT_WIDTH)), public_id: publicId };
}

/** Validates, converts and stores an uploaded image: the whole of `POST /api/media/upload`. */
export async function saveUploadedImage(storage: MediaStorage, bytes: Buffer): Promise<UploadAnswer> {
  return storeRenditions(storage, await makeRenditions(bytes));
}

/** A product's image as stored: its URL and its public_id (our key prefix, or the old host's id). */
export interface ProductImage {
  imageUrl: string;
  imageId: string;
}

/**
 * Accepts one of our own rendition URLs (the file must exist) or any https URL (images the old
 * image host already serves); everything else is refused, so a product never points at
 * `javascript:`, plain http or a file that was never uploaded.
 */
export async function resolveProductImage(
  storage: MediaStorage,
  imageUrl: string,
  clientPublicId: string | null | undefined,
): Promise<ProductImage> {
  const key = storage.keyOfUrl(imageUrl);
  const rendition = key && /^(.+)\/(\d+)\.webp$/.exec(key);
  if (rendition || imageUrl.startsWith('/')) {
    if (!rendition || !(await storage.exists(key).catch(() => false)))
      throw badRequest('The image was not found; please upload it again', 'imageUrl');
    return { imageUrl, imageId: rendition[1]! };
  }
  let url: URL | undefined;
  try {
    url = new URL(imageUrl);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:')
    throw badRequest('The image must be uploaded first (or be an https URL)', 'imageUrl');
  return { imageUrl: url.toString(), imageId: clientPublicId ?? '' };
}
