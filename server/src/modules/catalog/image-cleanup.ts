import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, products } from '../../db/schema.ts';
import type { MediaStorage, ProductImage } from '../media/index.ts';

/**
 * Deletes one of our stored images once nothing shows it any more. Kept while another product
 * shows it, as cover or anywhere in its gallery (demo products share images; a seller may reuse an
 * upload), or an order item's snapshot
 * points at it (order history keeps its picture). Images on other hosts are not ours to delete.
 * Runs after the transaction commits: files are not transactional, and a failure here must not
 * undo the catalogue change, so it is logged and left for a sweep.
 */
export async function releaseImageIfUnused(
  db: Db,
  storage: MediaStorage,
  image: ProductImage,
  exceptProductId?: string,
): Promise<boolean> {
  const key = storage.keyOfUrl(image.imageUrl);
  if (!image.imageId || !key?.startsWith(`${image.imageId}/`)) return false;
  const urlPrefix = `${storage.urlFor(image.imageId)}/`;
  const [usedByProduct] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        or(
          eq(products.imageId, image.imageId),
          sql`${products.images} @> ${JSON.stringify([{ publicId: image.imageId }])}::jsonb`,
        ),
        exceptProductId ? ne(products.id, exceptProductId) : undefined,
      ),
    )
    .limit(1);
  if (usedByProduct) return false;
  const [usedByOrder] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(sql`starts_with(${orderItems.productImage}, ${urlPrefix})`)
    .limit(1);
  if (usedByOrder) return false;
  try {
    await storage.deletePrefix(image.imageId);
    return true;
  } catch (err) {
    console.warn(`could not delete image ${image.imageId}:`, err);
    return false;
  }
}
