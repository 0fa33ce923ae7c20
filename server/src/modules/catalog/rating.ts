import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, reviews } from '../../db/schema.ts';
import { qualified } from '../../lib/qualified.ts';
import { bumpCatalogVersion } from './version.ts';

export interface ProductRating {
  ratingAvg: number;
  ratingCount: number;
}

/**
 * Recomputes a product's stored average and count from its reviews. Call it inside the review's
 * transaction, after locking the product row, so two reviews posted at once both count: the second
 * waits for the first's commit and its statements then see the first review.
 */
export async function recomputeProductRating(tx: DbOrTx, productId: string): Promise<ProductRating> {
  const q = qualified;
  const [row] = await tx
    .update(products)
    .set({
      ratingAvg: sql`coalesce((select avg(${q(reviews.rating)})::float8 from ${reviews} where ${q(reviews.productId)} = ${productId}), 0)`,
      ratingCount: sql`(select count(*)::int from ${reviews} where ${q(reviews.productId)} = ${productId})`,
      updatedAt: new Date(),
    })
    .where(eq(products.id, productId))
    .returning({ ratingAvg: products.ratingAvg, ratingCount: products.ratingCount });
  await bumpCatalogVersion(tx);
  return row ?? { ratingAvg: 0, ratingCount: 0 };
}
