import { useCartProductIds } from '../lib/cart.ts';
import { imageProps } from '../lib/images.ts';
import { productPath, rememberProduct } from '../lib/product-link.ts';
import { Link } from '../lib/router.tsx';
import { needsChoice, useAddToCart, useBuyNow } from '../lib/shop-actions.ts';
import type { Product } from '../lib/types.ts';
import { sizeRange } from '../lib/variant-label.ts';
import { TruckIcon } from './icons.tsx';
import { Price } from './Price.tsx';
import { SaleBadge } from './SaleBadge.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';
import './product.css';
import { useI18n } from '../lib/i18n.tsx';

export const DELIVERY_PROMISE = /*i18n*/ 'Delivery within 4-5 days';

/**
 * A product in a grid (SPEC §2 listings): image, name, price, delivery promise, Add to Cart
 * (a disabled 'Added' once in the cart) and Buy Now. Image and name open the product page; a
 * product in several sizes says which, and its buttons open the page to choose one.
 */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const i18n = useI18n();
  // 'Added' only when there is no other size to add.
  const inCart = useCartProductIds().has(product._id) && !needsChoice(product);
  const sizes = sizeRange(product.sizes ?? [], i18n);
  const { addToCart, pendingId: adding } = useAddToCart();
  const { buyNow, pendingId: buying } = useBuyNow();
  const soldOut = product.stockQuantity <= 0;
  const to = productPath(product._id, product.productName);
  return (
    <article className="product-card">
      <Link to={to} className="product-card-link" onClick={() => rememberProduct(product._id)}>
        <div className="product-card-img">
          <img
            {...imageProps(product.image, '(min-width: 1200px) 280px, (min-width: 700px) 30vw, 50vw')}
            // The link's name is the product's, from the heading beside the photo: an alt repeating
            // it would be read twice.
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            width={320}
            height={400}
          />
          {soldOut && <span className="sold-out-tag">{i18n._('Sold out')}</span>}
        </div>
        <h2 className="product-card-name">{product.productName}</h2>
      </Link>
      <WishlistHeart productId={product._id} overlay />
      {product.companyName && (
        <p className="product-card-seller">
          {i18n._('by')} {product.companyName}
        </p>
      )}
      <Price price={product.price} markPrice={product.markPrice} />
      <SaleBadge sale={product.sale} />
      {sizes && <p className="product-card-sizes">{sizes}</p>}
      <p className="delivery">
        <TruckIcon /> {i18n._(DELIVERY_PROMISE)}
      </p>
      <div className="product-card-actions">
        {inCart ? (
          <button type="button" className="btn btn-sm" disabled>
            {i18n._('Added')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-sm"
            disabled={soldOut || adding === product._id}
            onClick={() => addToCart(product)}
            // The visible label first, so speech control ("click Add to Cart") finds it; then which product.
            aria-label={`${i18n._('Add to Cart')}, ${product.productName}`}
          >
            {i18n._('Add to Cart')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm btn-accent"
          disabled={soldOut || buying === product._id}
          onClick={() => buyNow(product, 1)}
          aria-label={`${i18n._('Buy Now')}, ${product.productName}`}
        >
          {i18n._('Buy Now')}
        </button>
      </div>
    </article>
  );
}
