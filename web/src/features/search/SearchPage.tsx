import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Pagination } from '../../components/Pagination.tsx';
import { ProductCard } from '../../components/ProductCard.tsx';
import { ProductGridSkeleton } from '../../components/ProductGridSkeleton.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { api } from '../../lib/api.ts';
import { keys } from '../../lib/query.ts';
import { useSearchParams } from '../../lib/router.tsx';
import type { SearchAnswer } from '../../lib/types.ts';
import { Filters } from './Filters.tsx';
import './search.css';
import { useI18n } from '../../lib/i18n.tsx';

export const SEARCH_PAGE_SIZE = 24;

const SORTS = [
  { value: '', label: /*i18n*/ 'Relevance' },
  { value: 'newest', label: /*i18n*/ 'Newest first' },
  { value: 'price_asc', label: /*i18n*/ 'Price: low to high' },
  { value: 'price_desc', label: /*i18n*/ 'Price: high to low' },
  { value: 'rating', label: /*i18n*/ 'Customer rating' },
];

/** /search?q=…: results of the header search with facets, sort and pagination; the URL holds the state. */
export default function SearchPage() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const apiParams = new URLSearchParams(params);
  apiParams.set('limit', String(SEARCH_PAGE_SIZE));
  const queryString = apiParams.toString();
  const results = useQuery({
    queryKey: keys.search(queryString),
    queryFn: () => api<SearchAnswer>(`/api/products?${queryString}`),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    document.title = q ? `“${q}” · Vastra` : /*i18n*/ 'Search · Vastra';
  }, [q]);

  /** Changes URL parameters; any change but paging returns to page 1. */
  const update = (change: (p: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    next.delete('page');
    setParams(next);
  };

  const data = results.data;
  const pages = data ? Math.ceil(data.total / SEARCH_PAGE_SIZE) : 0;
  return (
    <section className="page">
      <div className="page-head">
        <h1>{q ? `Results for “${q}”` : i18n._('All products')}</h1>
        {data && (
          <p className="muted" aria-live="polite" data-testid="search-total">
            {data.total} {data.total === 1 ? i18n._('product') : i18n._('products')}
          </p>
        )}
      </div>
      <div className="search-layout">
        <Filters params={params} facets={data?.facets} update={update} />
        <div>
          <div className="search-toolbar">
            <label htmlFor="sort">{i18n._('Sort by')}</label>
            <select
              id="sort"
              className="input"
              value={params.get('sort') ?? ''}
              onChange={(e) =>
                update((p) => {
                  if (e.target.value) p.set('sort', e.target.value);
                  else p.delete('sort');
                })
              }
            >
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <QueryState
            query={results}
            loading={<ProductGridSkeleton label={i18n._('Searching')} className="search-grid" />}
            isEmpty={(found) => found.items.length === 0}
            empty={
              <p className="empty">
                {i18n._('No products match your search. Try other words or fewer filters.')}
              </p>
            }
          >
            {(found) => (
              <>
                <div className={`product-grid search-grid ${results.isPlaceholderData ? 'is-stale' : ''}`}>
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
                  onPage={(n) => {
                    const next = new URLSearchParams(params);
                    if (n === 1) next.delete('page');
                    else next.set('page', String(n));
                    setParams(next);
                    window.scrollTo({ top: 0 });
                  }}
                />
              </>
            )}
          </QueryState>
        </div>
      </div>
    </section>
  );
}
