import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Pagination } from '../../components/Pagination.tsx';
import { ProductCard } from '../../components/ProductCard.tsx';
import { ProductGridSkeleton } from '../../components/ProductGridSkeleton.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useLocation, useSearchParams } from '../../lib/router.tsx';
import { listingKey } from '../../ssr-state.ts';
import NotFoundPage from '../static/NotFoundPage.tsx';
import { fetchProductPage, LISTING_PAGE_SIZE } from './api.ts';
import { listingFor } from './listings.ts';
import './catalog.css';

/** The ten category listings of SPEC §2: a paginated grid of product cards. */
export default function ListingPage() {
  const i18n = useI18n();
  const { pathname } = useLocation();
  const listing = listingFor(pathname);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery({
    queryKey: listingKey(listing?.endpoint ?? '', page),
    queryFn: () => fetchProductPage(listing!.endpoint, page),
    enabled: !!listing,
    placeholderData: keepPreviousData,
  });
  if (!listing) return <NotFoundPage />;
  const pages = q.data ? Math.ceil(q.data.total / LISTING_PAGE_SIZE) : 0;
  return (
    <section className="page">
      <div className="page-head">
        <h1>{i18n._(listing.title)}</h1>
        {q.data && (
          <p className="muted" aria-live="polite">
            {i18n._('{count, plural, one {# product} other {# products}}', { count: q.data.total })}
          </p>
        )}
      </div>
      <QueryState
        query={q}
        loading={<ProductGridSkeleton label={i18n._('Loading products')} />}
        isEmpty={(found) => found.items.length === 0}
        empty={<p className="empty">{i18n._('No products here yet. Please check back soon.')}</p>}
      >
        {(found) => (
          <>
            <div className={`product-grid ${q.isPlaceholderData ? 'is-stale' : ''}`}>
              {found.items.map((p, i) => (
                // Each card its own Suspense boundary: hydration does them one by one, yielding to the
                // browser between them, instead of one long task for the whole grid.
                <Suspense key={p._id} fallback={null}>
                  <ProductCard product={p} priority={i < 4} />
                </Suspense>
              ))}
            </div>
            <Pagination
              page={page}
              pages={pages}
              onPage={(p) => {
                setParams(p === 1 ? {} : { page: String(p) });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
