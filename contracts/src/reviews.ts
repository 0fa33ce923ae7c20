import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import { REVIEW_TEXT_MAX } from './form-rules.ts';
import { pagingFields } from './search.ts';
import { textField } from './text.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /api/user/add-review` (SPEC §7). `userFullName` is accepted for old clients but ignored:
 * the review carries the account's own name, so nobody can post under another name.
 */
export const addReviewSchema = z.object({
  reviewInput: textField('Review text')
    .trim()
    .min(1, 'Review text is required')
    .max(REVIEW_TEXT_MAX, `Review must be at most ${REVIEW_TEXT_MAX} characters`),
  productId: textField('productId')
    .trim()
    .regex(UUID_RE, 'productId is not a valid id')
    .transform((v) => v.toLowerCase()),
  // A number or a numeric string (form fields); `true` or `[3]` must not coerce into a rating.
  rating: z
    .union(
      [
        z.number(),
        textField('Rating')
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, 'Rating must be a number from 1 to 5'),
      ],
      {
        error: (issue) =>
          issue.input === undefined ? 'Rating is required' : 'Rating must be a number from 1 to 5',
      },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int('Rating must be a whole number from 1 to 5')
        .min(1, 'Rating must be from 1 to 5')
        .max(5, 'Rating must be from 1 to 5'),
    ),
  userFullName: z.unknown().optional(),
});
export type AddReviewInput = z.input<typeof addReviewSchema>;

/** One review as every review list carries it. The text is plain text: render it as text, never HTML. */
export const reviewSchema = z.object({
  _id: z.string(),
  customerName: z.string(),
  rating: z.int(),
  review: z.string(),
  /** ISO timestamp of when the review was first posted. */
  date: isoDateSchema,
  /** True when the reviewer has an order item of this product that is not cancelled or unpaid. */
  verifiedPurchase: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * Answer of `GET /api/user/show-reviews/{productId}` (SPEC §7 `reviews[]`): the latest reviews in the
 * order they were posted, as the old client reverses the list itself to show the newest first.
 */
export const legacyReviewsAnswerSchema = z.object({
  success: z.literal(true),
  reviews: z.array(reviewSchema),
});
export type LegacyReviewsAnswer = z.infer<typeof legacyReviewsAnswerSchema>;

/** Answer of `POST /api/user/add-review`: the stored review and the product's new figures. */
export const addReviewAnswerSchema = z.object({
  success: z.literal(true),
  review: reviewSchema,
  /** The product's new average, rounded to 2 decimals. */
  rating: z.number(),
  ratingCount: z.int(),
});
export type AddReviewAnswer = z.infer<typeof addReviewAnswerSchema>;

export const histogramBarSchema = z.object({
  stars: z.literal([5, 4, 3, 2, 1]),
  count: z.int(),
  /** Whole-number percentage; the five add up to 100 whenever there is a review. */
  percent: z.int(),
});
export type HistogramBar = z.infer<typeof histogramBarSchema>;

/** Answer of `GET /api/products/:id/reviews` (paginated with `page`/`limit`, X-Total-Count). */
export const productReviewsAnswerSchema = z.object({
  reviews: z.array(reviewSchema),
  /** Average rating rounded to 2 decimals; 0 without reviews. */
  average: z.number(),
  /** Number of reviews of the product (all pages). */
  count: z.int(),
  /** Five bars, 5 stars first. */
  histogram: z.array(histogramBarSchema),
  page: z.int(),
  limit: z.int(),
});
export type ProductReviewsAnswer = z.infer<typeof productReviewsAnswerSchema>;

/** `?page=&limit=` of `GET /api/products/:id/reviews`. */
export const reviewsPageQuerySchema = z.object(pagingFields);
