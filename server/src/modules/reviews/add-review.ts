import type { AddReviewAnswer } from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, reviews, sellers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../accounts/index.ts';
import { isVisible, recomputeProductRating } from '../catalog/index.ts';
import { hasPurchased } from '../orders/index.ts';

export interface ReviewInput {
  productId: string;
  rating: number;
  text: string;
}

/**
 * Posts the user's review of a product, or edits it when they already reviewed it (one review per
 * user and product), and updates the product's average and count in the same transaction. The
 * name shown is the account's, never a name from the request.
 */
export async function addReview(db: Db, user: Principal, input: ReviewInput): Promise<AddReviewAnswer> {
  const { review, rating } = await db.transaction(async (tx) => {
    // Locking the product serialises reviews of it, so each recomputation sees the previous review.
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(and(eq(products.id, input.productId), isVisible))
      .for('update', { of: products })
      .limit(1);
    if (!product) throw notFound('Product not found');
    const now = new Date();
    const [row] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        userId: user.id,
        customerName: user.fullName,
        rating: input.rating,
        text: input.text,
      })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { rating: input.rating, text: input.text, customerName: user.fullName, updatedAt: now },
      })
      .returning();
    return { review: row!, rating: await recomputeProductRating(tx, input.productId) };
  });
  const verifiedPurchase = await hasPurchased(db, user.id, input.productId);
  return {
    success: true,
    review: {
      _id: review.id,
      customerName: review.customerName,
      rating: review.rating,
      review: review.text,
      date: review.createdAt.toISOString(),
      verifiedPurchase,
    },
    rating: Math.round(rating.ratingAvg * 100) / 100,
    ratingCount: rating.ratingCount,
  };
}
