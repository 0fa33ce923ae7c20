import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Logo } from '../../components/Logo.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ChunkLoadError } from '../../lib/lazy-screen.ts';
import { keys } from '../../lib/query.ts';
import { Link } from '../../lib/router.tsx';
import { fetchFeatured } from './api.ts';
import './catalog.css';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The carousel library is a third of this screen's code. It downloads in its own chunk, started
 * together with the landing page so it arrives while the featured products are being fetched,
 * which keeps it out of the first paint's JavaScript without delaying the carousel.
 */
const importCarousel = () => import('./FeaturedCarousel.tsx');
importCarousel().catch(() => {});
const FeaturedCarousel = lazy(async () => {
  try {
    return { default: (await importCarousel()).FeaturedCarousel };
  } catch {
    throw new ChunkLoadError('featured-carousel');
  }
});

const CATEGORY_TILES = [
  { to: '/mens-allProducts', label: /*i18n*/ "Men's", note: /*i18n*/ 'Shirts, pants, hoodies' },
  { to: '/womens-allProducts', label: /*i18n*/ "Women's", note: /*i18n*/ 'Tops, pants, dresses' },
  { to: '/kids-allProducts', label: /*i18n*/ "Kid's", note: /*i18n*/ 'Everyday kidswear' },
];

/** Landing page (/ and /home-page): cover, featured carousel, categories. */
export default function LandingPage() {
  const i18n = useI18n();
  const featured = useQuery({ queryKey: keys.featured, queryFn: fetchFeatured });
  return (
    <>
      <section className="cover">
        <div className="cover-inner">
          <Logo size={56} />
          <h1>{i18n._('Your One-Stop Online Shop')}</h1>
          <p className="cover-sub">{i18n._('Experience Shopping Without Borders!')}</p>
          <Link to="/allProducts" className="btn btn-accent cover-cta">
            {i18n._('Shop Now')}
          </Link>
        </div>
      </section>
      <section className="page featured" aria-labelledby="featured-title">
        <h2 id="featured-title" className="section-title">
          {i18n._('Featured Products')}
        </h2>
        <QueryState
          query={featured}
          loading={i18n._('Loading featured products')}
          isEmpty={(products) => products.length === 0}
          empty={<p className="empty">{i18n._('New arrivals are on their way.')}</p>}
        >
          {(products) => (
            <Suspense fallback={<Spinner label={i18n._('Loading featured products')} />}>
              <FeaturedCarousel products={products} />
            </Suspense>
          )}
        </QueryState>
        <h2 className="section-title">{i18n._('Shop by category')}</h2>
        <ul className="category-tiles">
          {CATEGORY_TILES.map((c) => (
            <li key={c.to}>
              <Link to={c.to}>
                <strong>{i18n._(c.label)}</strong>
                <span>{i18n._(c.note)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
