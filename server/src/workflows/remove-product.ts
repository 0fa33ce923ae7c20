import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { removeProductFromCarts } from '../modules/cart/index.ts';
import {
  findProductStatus,
  markProductRemoved,
  PRODUCT_NOT_FOUND,
  releaseImageIfUnused,
} from '../modules/catalog/index.ts';
import type { MediaStorage } from '../modules/media/index.ts';

/**
 * Remove a product from the shop. Steps, in one transaction: the catalogue marks it removed (and
 * bumps its version), every cart lets go of it. After the commit, the seller's removal deletes the
 * files of its photos unless an order or another product still shows them; an admin's keeps them as evidence.
 */
export async function removeSellerProduct(
  db: Db,
  storage: MediaStorage,
  sellerId: string,
  productId: string,
) {
  const removed = await db.transaction(async (tx) => {
    const removed = await markProductRemoved(tx, productId, sellerId);
    if (!removed) throw notFound(PRODUCT_NOT_FOUND);
    await removeProductFromCarts(tx, productId);
    return removed;
  });
  // Every photo of its gallery, the cover first (a product from before galleries has only that).
  const photos = [
    { imageUrl: removed.imageUrl, imageId: removed.imageId },
    ...removed.images
      .filter((i) => i.publicId !== removed.imageId)
      .map((i) => ({ imageUrl: i.url, imageId: i.publicId })),
  ];
  for (const photo of photos) await releaseImageIfUnused(db, storage, photo, productId);
}

/** The admin takes a product that breaks the rules out of the shop; removing a removed one changes nothing. */
export async function removeProductByAdmin(db: Db, productId: string) {
  await db.transaction(async (tx) => {
    const removed = await markProductRemoved(tx, productId);
    if (!removed && !(await findProductStatus(tx, productId))) throw notFound(PRODUCT_NOT_FOUND);
    await removeProductFromCarts(tx, productId);
  });
}
