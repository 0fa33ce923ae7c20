import type { ImageInput } from '@vastra/contracts';
import type { Db } from '../../db/client.ts';
import type { StoredImage } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { type MediaStorage, resolveProductImage } from '../media/index.ts';
import { releaseImageIfUnused } from './image-cleanup.ts';

/** An empty alt text says what the photo is from the product's name (screen readers need one). */
export const withAlts = (gallery: StoredImage[], productName: string): StoredImage[] =>
  gallery.map((img, i) => ({
    ...img,
    alt: img.alt || (i === 0 ? productName : `${productName}, photo ${i + 1}`),
  }));

/**
 * The gallery a request sends, each photo checked like a single image (uploaded here, or an https
 * URL); a refusal names the photo (`images.1.url`). Files are checked before any transaction opens
 * (no lock is held while the disk answers); empty alt texts stay empty until `withAlts`.
 */
export async function resolveGallery(
  storage: MediaStorage,
  images: ImageInput[],
  /** The field a refusal names for photo i (the SPEC §7 payload's one photo is `imageUrl`). */
  pathOf: (i: number) => string = (i) => `images.${i}.url`,
): Promise<StoredImage[]> {
  return Promise.all(
    images.map(async (img, i) => {
      try {
        const resolved = await resolveProductImage(storage, img.url, img.public_id);
        return {
          url: resolved.imageUrl,
          publicId: resolved.imageId,
          alt: (img.alt ?? '').trim(),
        };
      } catch (err) {
        if (err instanceof AppError && err.code === 'BAD_REQUEST')
          throw new AppError('BAD_REQUEST', err.message, [{ msg: err.message, path: pathOf(i) }]);
        throw err;
      }
    }),
  );
}

/** The product columns that repeat the cover (the first photo). */
export const coverColumns = (gallery: StoredImage[]) => ({
  imageUrl: gallery[0]!.url,
  imageId: gallery[0]!.publicId,
  images: gallery,
});

/**
 * After the change committed: deletes our stored files of photos the product no longer shows,
 * unless something else still shows them (`releaseImageIfUnused`: any product's cover or gallery,
 * an order item).
 */
export async function releaseDroppedImages(
  db: Db,
  storage: MediaStorage,
  before: StoredImage[],
  after: StoredImage[],
) {
  const kept = new Set(after.map((i) => i.url));
  const dropped = before.filter(
    (i, at) => !kept.has(i.url) && before.findIndex((b) => b.url === i.url) === at,
  );
  for (const image of dropped) {
    await releaseImageIfUnused(db, storage, { imageUrl: image.url, imageId: image.publicId });
  }
}
