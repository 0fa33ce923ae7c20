import { api } from '../../../lib/api.ts';
import type { ReviewsAnswer } from '../../../lib/types.ts';

export function fetchReviews(productId: string): Promise<ReviewsAnswer> {
  return api<ReviewsAnswer>(`/api/products/${encodeURIComponent(productId)}/reviews?limit=50`);
}

export interface PostReviewInput {
  productId: string;
  rating: number;
  reviewInput: string;
  userFullName: string;
}

export function postReview(input: PostReviewInput) {
  return api<{ success: true; rating: number; ratingCount: number }>('/api/user/add-review', {
    method: 'POST',
    as: 'user',
    body: input,
  });
}
