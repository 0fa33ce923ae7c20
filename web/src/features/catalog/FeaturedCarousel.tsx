import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { TruckIcon } from '../../components/icons.tsx';
import { Price } from '../../components/Price.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { imageProps } from '../../lib/images.ts';
import { productPath, rememberProduct } from '../../lib/product-link.ts';
import { Link } from '../../lib/router.tsx';
import { useAddToCart } from '../../lib/shop-actions.ts';
import type { Product } from '../../lib/types.ts';

/**
 * SPEC §2 'Featured Products' carousel: infinite, one slide per step, dots. Slides per view come
 * from CSS (5/4/3/2/1 at 1400/992/768/490 px). Embla's `duration` 30 is its speed unit, which
 * settles in about 500 ms.
 */
export function FeaturedCarousel({ products }: { products: Product[] }) {
  const i18n = useI18n();
  const [ref, embla] = useEmblaCarousel({ loop: true, slidesToScroll: 1, duration: 30, align: 'start' });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const { addToCart } = useAddToCart();

  const sync = useCallback(() => {
    if (!embla) return;
    setSnaps(embla.scrollSnapList());
    setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={i18n._('Featured Products')}>
      <div className="carousel-viewport" ref={ref}>
        <ul className="carousel-track">
          {products.map((p, i) => (
            <li
              className="carousel-slide"
              key={p._id}
              aria-roledescription="slide"
              aria-label={i18n._('{n} of {total}', { n: i + 1, total: products.length })}
            >
              <article className="featured-card">
                <Link
                  to={productPath(p._id, p.productName)}
                  onClick={() => rememberProduct(p._id)}
                  className="featured-link"
                >
                  <img
                    {...imageProps(p.image, '(min-width: 1400px) 20vw, (min-width: 768px) 30vw, 80vw')}
                    // The link's name is the product's, from the heading beside the photo: an alt repeating
                    // it would be read twice.
                    alt=""
                    loading={i < 2 ? 'eager' : 'lazy'}
                    width={320}
                    height={400}
                  />
                  <h3>{p.productName}</h3>
                </Link>
                <Price price={p.price} markPrice={p.markPrice} slash />
                {p.companyName && (
                  <p className="product-card-seller">
                    {i18n._('Seller:')} {p.companyName}
                  </p>
                )}
                <p className="delivery">
                  <TruckIcon /> {i18n._('Delivery within 4-5 days')}
                </p>
                <button type="button" className="btn btn-sm btn-block" onClick={() => addToCart(p)}>
                  {i18n._('Add to Cart')}
                </button>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-arrow"
          onClick={() => embla?.scrollPrev()}
          aria-label={i18n._('Previous products')}
        >
          ‹
        </button>
        <div className="carousel-dots">
          {snaps.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: snap points have no identity but their position
              key={i}
              type="button"
              className={`carousel-dot ${i === selected ? 'is-selected' : ''}`}
              aria-label={i18n._('Go to slide {n}', { n: i + 1 })}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(i)}
            />
          ))}
        </div>
        <button
          type="button"
          className="carousel-arrow"
          onClick={() => embla?.scrollNext()}
          aria-label={i18n._('Next products')}
        >
          ›
        </button>
      </div>
    </section>
  );
}
