import type { LegacyReviewsAnswer, ProductReviewsAnswer, Review } from '@vastra/contracts';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reviews } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { qualified } from '../../lib/qualified.ts';
import { findVisibleProduct } from '../catalog/index.ts';
import { purchasedCondition } from '../orders/index.ts';
import { averageOf, buildHistogram } from './histogram.ts';

export interface Paging {
  page: number;
  limit: number;
}

async function requireProduct(db: DbOrTx, productId: string) {
  if (!(await findVisibleProduct(db, productId))) throw notFound('Product not found');
}

/** A product's reviews, newest first, each with its verified-purchase flag (one statement). */
async function reviewPage(db: DbOrTx, productId: string, { page, limit }: Paging): Promise<Review[]> {
  const rows = await db
    .select({
      id: reviews.id,
      customerName: reviews.customerName,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      verified: sql<boolean>`${purchasedCondition(qualified(reviews.userId), qualified(reviews.productId))}`,
    })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((r) => ({
    _id: r.id,
    customerName: r.customerName,
    rating: r.rating,
    review: r.text,
    date: r.createdAt.toISOString(),
    verifiedPurchase: Boolean(r.verified),
  }));
}

/**
 * The old client's list: `{ success, reviews }` with the latest reviews in the order they were
 * posted, because that client shows `reviews.reverse()` — so its screen still lists the newest first.
 */
export async function listReviews(
  db: DbOrTx,
  productId: string,
  paging: Paging,
): Promise<LegacyReviewsAnswer> {
  await requireProduct(db, productId);
  const newestFirst = await reviewPage(db, productId, paging);
  return { success: true, reviews: newestFirst.reverse() };
}

/** One page of reviews with the product's average, count and star histogram. */
export async function productReviews(
  db: DbOrTx,
  productId: string,
  paging: Paging,
): Promise<ProductReviewsAnswer> {
  await requireProduct(db, productId);
  const [list, counts] = await Promise.all([
    reviewPage(db, productId, paging),
    db
      .select({ rating: reviews.rating, n: count() })
      .from(reviews)
      .where(eq(reviews.productId, productId))
      .groupBy(reviews.rating),
  ]);
  const histogram = buildHistogram(new Map(counts.map((c) => [c.rating, Number(c.n)])));
  return {
    reviews: list,
    average: averageOf(histogram),
    count: histogram.reduce((sum, b) => sum + b.count, 0),
    histogram,
    page: paging.page,
    limit: paging.limit,
  };
}
