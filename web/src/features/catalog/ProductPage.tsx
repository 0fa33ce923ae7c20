import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { TruckIcon } from '../../components/icons.tsx';
import { Price } from '../../components/Price.tsx';
import { DELIVERY_PROMISE } from '../../components/ProductCard.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { WishlistHeart } from '../../components/WishlistHeart.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCartProductIds } from '../../lib/cart.ts';
import { formatRating } from '../../lib/format.ts';
import { imageProps } from '../../lib/images.ts';
import { categoryLabel, subCategoryLabel } from '../../lib/labels.ts';
import { rememberProduct } from '../../lib/product-link.ts';
import { keys } from '../../lib/query.ts';
import { useAddToCart, useBuyNow } from '../../lib/shop-actions.ts';
import { STORAGE, store } from '../../lib/storage.ts';
import { fetchProduct } from './api.ts';
import { ReviewsSection } from './reviews/ReviewsSection.tsx';
import './catalog.css';
import './reviews/reviews.css';

const DESCRIPTION =
  'Crafted for everyday comfort with breathable fabric, careful stitching and a fit that holds its shape wash after wash. Easy to style for work, weekends and festive days alike.';

/** /product-page/:id, or bare /product-page for the last viewed product (SPEC §2, DESIGN §8). */
export default function ProductPage() {
  const params = useParams();
  const id = params.id ?? store.get(STORAGE.productPageId) ?? '';
  useEffect(() => {
    if (!id) document.title = 'No product selected · Vastra';
  }, [id]);
  if (!id) {
    return (
      <section className="page narrow center">
        <h1>No product selected</h1>
        <p>Pick a product from the shop to see its details.</p>
        <Link to="/allProducts" className="btn btn-primary">
          Browse all products
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
  const q = useQuery({ queryKey: keys.product(id), queryFn: () => fetchProduct(id) });
  const [quantity, setQuantity] = useState(1);
  const inCart = useCartProductIds().has(id);
  const { addToCart, pendingId: adding } = useAddToCart();
  const { buyNow, pendingId: buying } = useBuyNow();

  useEffect(() => {
    rememberProduct(id);
    setQuantity(1);
  }, [id]);
  // The route leaves the title to this screen (handle.title null): it names the product.
  useEffect(() => {
    document.title = `${q.data?.productName ?? 'Product'} · Vastra`;
  }, [q.data?.productName]);

  if (q.isPending) return <Spinner label="Loading product" />;
  if (q.isError && isMissing(q.error)) {
    return (
      <section className="page narrow center">
        <h1>Product not found</h1>
        <p>This product is no longer on Vastra, or the link is mistyped.</p>
        <Link to="/allProducts" className="btn btn-primary">
          Browse all products
        </Link>
      </section>
    );
  }
  if (q.isError) {
    return (
      <section className="page narrow">
        <QueryError error={q.error} onRetry={() => q.refetch()} />
        <p className="center">
          <Link to="/allProducts">Back to all products</Link>
        </p>
      </section>
    );
  }
  const p = q.data;
  const soldOut = p.stockQuantity <= 0;
  return (
    <div className="page">
      <article className="product-detail">
        <div className="product-detail-img">
          <img
            {...imageProps(p.image, '(min-width: 800px) 45vw, 100vw')}
            alt={p.productName}
            width={640}
            height={800}
          />
        </div>
        <div>
          <h1>{p.productName}</h1>
          <div className="rating-line">
            <span className="rating-chip" data-testid="product-rating">
              {formatRating(p.rating)} ★
            </span>
            <span className="muted">
              {p.ratingCount ?? 0} {p.ratingCount === 1 ? 'rating' : 'ratings'}
            </span>
          </div>
          <Price price={p.price} markPrice={p.markPrice} />
          <p className={soldOut ? 'stock-out' : 'stock-ok'}>
            {soldOut ? 'Sold out' : `In stock: ${p.stockQuantity}`}
          </p>
          <p>{DESCRIPTION}</p>
          <dl className="spec-list">
            <dt>For</dt>
            <dd>{categoryLabel(p.category)}</dd>
            <dt>Type</dt>
            <dd>{subCategoryLabel(p.subCategory)}</dd>
            {p.color && (
              <>
                <dt>Color</dt>
                <dd>{p.color}</dd>
              </>
            )}
            {p.brand && (
              <>
                <dt>Brand</dt>
                <dd>{p.brand}</dd>
              </>
            )}
            <dt>Seller</dt>
            <dd>{p.companyName || '—'}</dd>
          </dl>
          <p className="delivery">
            <TruckIcon /> {DELIVERY_PROMISE}
          </p>
          {!soldOut && (
            <div className="buy-row">
              <QuantityStepper value={quantity} onChange={setQuantity} min={1} max={p.stockQuantity} />
            </div>
          )}
          <div className="buy-row">
            <button
              type="button"
              className="btn btn-accent"
              disabled={soldOut || buying === p._id}
              onClick={() => buyNow(p, quantity)}
            >
              Buy Now
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={soldOut || inCart || adding === p._id}
              onClick={() => addToCart(p, quantity)}
            >
              {inCart ? 'Added' : 'Add to cart'}
            </button>
            <WishlistHeart productId={p._id} />
          </div>
        </div>
      </article>
      <ReviewsSection productId={p._id} />
    </div>
  );
}
