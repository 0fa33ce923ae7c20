import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_TEXT_MAX } from '@vastra/contracts/constants';
import { type FormEvent, useState } from 'react';
import { TextAreaField } from '../../../components/fields.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { currentSession } from '../../../lib/auth.ts';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { formatDate, formatRating } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { keys } from '../../../lib/query.ts';
import { useCustomerGate } from '../../../lib/shop-actions.ts';
import { toast } from '../../../lib/toast.ts';
import { fetchReviews, postReview } from './api.ts';
import { StarSelector } from './StarSelector.tsx';

/** Reviews of a product: histogram, average, list, and the form to post one (users only). */
export function ReviewsSection({ productId }: { productId: string }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: keys.reviews(productId), queryFn: () => fetchReviews(productId) });
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const gate = useCustomerGate();
  const fields = useFieldErrors(['reviewInput'] as const);
  const post = useMutation({
    mutationFn: postReview,
    onSuccess: () => {
      toast.success(i18n._('Review posted'));
      setRating(0);
      setText('');
      qc.invalidateQueries({ queryKey: keys.reviews(productId) });
      qc.invalidateQueries({ queryKey: keys.product(productId) });
    },
    onError: (err) => {
      if (!fields.fromError(err)) toast.error(err.message);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    fields.show({});
    const review = { productId, rating, reviewInput: text.trim() };
    // A visitor's review is posted once they have logged in.
    if (!gate({ kind: 'review', ...review })) return;
    post.mutate({ ...review, userFullName: currentSession().name });
  };

  return (
    <section className="reviews card" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{i18n._('Ratings & Reviews')}</h2>
      <QueryState query={q} loading={i18n._('Loading reviews')}>
        {(reviews) => (
          <div className="reviews-grid">
            <div className="reviews-summary">
              <p className="reviews-average">
                <span data-testid="review-average">{formatRating(reviews.average)}</span>
                <span className="star is-on" aria-hidden="true">
                  ★
                </span>
              </p>
              <p className="muted">
                {reviews.count} {reviews.count === 1 ? i18n._('review') : i18n._('reviews')}
              </p>
              <ul className="histogram" aria-label={i18n._('Rating breakdown')}>
                {reviews.histogram.map((h) => (
                  <li key={h.stars}>
                    <span>{h.stars} ★</span>
                    <span className="bar" aria-hidden="true">
                      <span style={{ width: `${h.percent}%` }} />
                    </span>
                    <span>{Math.round(h.percent)}%</span>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <form ref={fields.formRef} className="form review-form" onSubmit={submit} noValidate>
                <h3>{i18n._('Write a review')}</h3>
                <StarSelector value={rating} onChange={setRating} />
                <TextAreaField
                  id="review-text"
                  label={i18n._('Your review')}
                  value={text}
                  maxLength={REVIEW_TEXT_MAX}
                  error={fields.errors.reviewInput}
                  onChange={(e) => {
                    setText(e.target.value);
                    fields.clear('reviewInput');
                  }}
                  placeholder={i18n._('What did you like or dislike?')}
                />
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={rating === 0 || !text.trim() || post.isPending}
                >
                  {i18n._('Post')}
                </button>
              </form>
              {reviews.reviews.length === 0 ? (
                <p className="muted">{i18n._('No reviews yet. Be the first to review this product.')}</p>
              ) : (
                <ul className="review-list">
                  {reviews.reviews.map((r) => (
                    <li key={r._id}>
                      <p className="review-head">
                        <span className="rating-chip">{r.rating} ★</span>
                        <strong>{r.customerName}</strong>
                        {r.verifiedPurchase && (
                          <span className="pill pill-ok">{i18n._('Verified purchase')}</span>
                        )}
                        <span className="muted">{formatDate(r.date)}</span>
                      </p>
                      <p className="review-text">{r.review}</p>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}
