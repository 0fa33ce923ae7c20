import { useQuery } from '@tanstack/react-query';
import { productIdFromSlug } from '@vastra/contracts/constants';
import { Suspense, useEffect } from 'react';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.ts';
import { formatRating } from '../../lib/format.ts';
import { categoryLabel, subCategoryLabel } from '../../lib/labels.ts';
import { rememberProduct } from '../../lib/product-link.ts';
import { keys } from '../../lib/query.ts';
import { Link, useParams } from '../../lib/router.tsx';
import { STORAGE, store } from '../../lib/storage.ts';
import type { Product } from '../../lib/types.ts';
import { fetchProduct } from './api.ts';
import { BuyBox } from './BuyBox.tsx';
import { Gallery } from './Gallery.tsx';
import { ReviewsSection } from './reviews/ReviewsSection.tsx';
import './catalog.css';
import './reviews/reviews.css';
import { useI18n } from '../../lib/i18n.tsx';

const DESCRIPTION =
  /*i18n*/ 'Crafted for everyday comfort with breathable fabric, careful stitching and a fit that holds its shape wash after wash. Easy to style for work, weekends and festive days alike.';

/** The photos to show: the product's, or its cover alone for an answer without a gallery. */
function photosOf(p: Product): Product['images'] {
  return p.images?.length ? p.images : [{ url: p.image, alt: '', public_id: p.public_id }];
}

/** /product-page/:id, or bare /product-page for the last viewed product (SPEC §2, DESIGN §8). */
export default function ProductPage() {
  const i18n = useI18n();
  const params = useParams();
  const id =
    params.id ??
    (params.slug !== undefined ? (productIdFromSlug(params.slug) ?? params.slug) : undefined) ??
    store.get(STORAGE.productPageId) ??
    '';
  useEffect(() => {
    if (!id) document.title = /*i18n*/ 'No product selected · Vastra';
  }, [id]);
  if (!id) {
    return (
      <section className="page narrow center">
        <h1>{i18n._('No product selected')}</h1>
        <p>{i18n._('Pick a product from the shop to see its details.')}</p>
        <Link to="/allProducts" className="btn btn-primary">
          {i18n._('Browse all products')}
        </Link>
      </section>
    );
  }
  return <ProductDetail id={id} />;
}

/** A bad or unknown product id (400/404) will not succeed on retry: say the product is not here. */
function isMissing(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function ProductDetail({ id }: { id: string }) {
  const i18n = useI18n();
  const q = useQuery({ queryKey: keys.product(id), queryFn: () => fetchProduct(id) });
  // The server's render is everyone's view: a signed-in shopper (known once the page has hydrated)
  // reads the product again, as a sale in early access may be open for them.
  const signedIn = useSession().role === 'user';
  const { refetch } = q;
  useEffect(() => {
    if (signedIn) void refetch();
  }, [signedIn, refetch]);

  useEffect(() => {
    rememberProduct(id);
  }, [id]);
  // The route leaves the title to this screen (handle.title null): it names the product.
  useEffect(() => {
    document.title = `${q.data?.productName ?? /*i18n*/ 'Product'} · Vastra`;
  }, [q.data?.productName]);

  if (q.isPending) return <Spinner label={i18n._('Loading product')} />;
  if (q.isError && isMissing(q.error)) {
    return (
      <section className="page narrow center">
        <h1>{i18n._('Product not found')}</h1>
        <p>{i18n._('This product is no longer on Vastra, or the link is mistyped.')}</p>
        <Link to="/allProducts" className="btn btn-primary">
          {i18n._('Browse all products')}
        </Link>
      </section>
    );
  }
  if (q.isError) {
    return (
      <section className="page narrow">
        <QueryError error={q.error} onRetry={() => q.refetch()} />
        <p className="center">
          <Link to="/allProducts">{i18n._('Back to all products')}</Link>
        </p>
      </section>
    );
  }
  const p = q.data;
  const hasColours = p.variants.some((v) => v.color);
  return (
    <div className="page">
      <article className="product-detail">
        {/* Suspense boundaries split hydration into shorter tasks (photos, buying, reviews), so the
            page answers a tap sooner on a slow phone; nothing here suspends otherwise. */}
        <Suspense fallback={null}>
          <Gallery key={p._id} photos={photosOf(p)} productName={p.productName} />
        </Suspense>
        <div>
          <h1>{p.productName}</h1>
          <div className="rating-line">
            <span className="rating-chip" data-testid="product-rating">
              {formatRating(p.rating)} ★
            </span>
            <span className="muted">
              {p.ratingCount ?? 0} {p.ratingCount === 1 ? i18n._('rating') : i18n._('ratings')}
            </span>
          </div>
          <Suspense fallback={null}>
            <BuyBox key={p._id} product={p} />
          </Suspense>
          <h2 className="detail-heading">{i18n._('Product details')}</h2>
          <p className="description">{p.description || DESCRIPTION}</p>
          <dl className="spec-list">
            <dt>{i18n._('For')}</dt>
            <dd>{i18n._(categoryLabel(p.category))}</dd>
            <dt>{i18n._('Type')}</dt>
            <dd>{i18n._(subCategoryLabel(p.subCategory))}</dd>
            {p.color && !hasColours && (
              <>
                <dt>{i18n._('Color')}</dt>
                <dd>{p.color}</dd>
              </>
            )}
            {p.brand && (
              <>
                <dt>{i18n._('Brand')}</dt>
                <dd>{p.brand}</dd>
              </>
            )}
            <dt>{i18n._('Seller')}</dt>
            <dd>{p.companyName || '—'}</dd>
          </dl>
        </div>
      </article>
      <Suspense fallback={null}>
        <ReviewsSection productId={p._id} />
      </Suspense>
    </div>
  );
}
