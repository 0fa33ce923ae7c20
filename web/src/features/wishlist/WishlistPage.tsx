import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Price } from '../../components/Price.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { imageProps } from '../../lib/images.ts';
import { productPath } from '../../lib/product-link.ts';
import { keys } from '../../lib/query.ts';
import { rememberIntent } from '../../lib/resume.ts';
import { Link, useNavigate } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import type { Product } from '../../lib/types.ts';
import { removeFromWishlist, useWishlist } from '../../lib/wishlist.ts';
import { moveToCart } from './api.ts';
import './wishlist.css';
import { useI18n } from '../../lib/i18n.tsx';
import { sizeRange } from '../../lib/variant-label.ts';

/** /wishlist: the customer's saved products, newest first, each with Move to cart and Remove. */
export default function WishlistPage() {
  const i18n = useI18n();
  const { role } = useSession();
  const navigate = useNavigate();
  const q = useWishlist();
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.wishlist }),
      qc.invalidateQueries({ queryKey: keys.cart }),
    ]);
  const move = useMutation({
    mutationFn: (p: Product) => moveToCart(p._id, p.variants.length === 1 ? p.variants[0]?._id : undefined),
    onSuccess: () => toast.success(i18n._('Moved to your cart')),
    onError: (err) => toast.error(err.message),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: () => toast.info(i18n._('Removed from your wishlist')),
    onError: (err) => toast.error(err.message),
    onSettled: refresh,
  });

  if (role !== 'user') {
    const login = () => {
      rememberIntent({ kind: 'return' }, '/wishlist');
      navigate('/login', { state: { from: '/wishlist' } });
    };
    return (
      <section className="page narrow center">
        <h1>{i18n._('Wishlist')}</h1>
        {role === 'visitor' ? (
          <>
            <p>{i18n._('Log in to see the products you saved.')}</p>
            <button type="button" className="btn btn-primary" onClick={login}>
              {i18n._('Login')}
            </button>
          </>
        ) : (
          <p>
            {i18n._('Wishlists are for customer accounts. You are in a')} {role} {i18n._('account.')}
          </p>
        )}
      </section>
    );
  }
  if (q.isPending) return <Spinner label={i18n._('Loading your wishlist')} />;
  if (q.isError) {
    return (
      <section className="page narrow">
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      </section>
    );
  }
  const products = q.data.products;
  const busyId = move.isPending ? move.variables._id : remove.isPending ? remove.variables : undefined;
  return (
    <section className="page">
      <div className="page-head">
        <h1>{i18n._('Wishlist')}</h1>
        <p className="muted" data-testid="wishlist-count">
          {products.length} {products.length === 1 ? i18n._('item') : i18n._('items')}
        </p>
      </div>
      {products.length === 0 ? (
        <div className="card center">
          <p className="empty">
            {i18n._('Your wishlist is empty. Tap the heart on a product to save it here.')}
          </p>
          <Link to="/allProducts" className="btn btn-primary">
            {i18n._('Browse all products')}
          </Link>
        </div>
      ) : (
        <ul className="wishlist-list">
          {products.map((p) => (
            <WishlistItem
              key={p._id}
              product={p}
              busy={busyId === p._id}
              onMove={() => move.mutate(p)}
              onRemove={() => remove.mutate(p._id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function WishlistItem({
  product: p,
  busy,
  onMove,
  onRemove,
}: {
  product: Product;
  busy: boolean;
  onMove: () => void;
  onRemove: () => void;
}) {
  const i18n = useI18n();
  const soldOut = p.stockQuantity <= 0;
  const sizes = sizeRange(p.sizes ?? [], i18n);
  return (
    <li className="card wishlist-item">
      <Link to={productPath(p._id)} className="wishlist-item-img">
        <img {...imageProps(p.image, '96px')} alt={p.productName} width={96} height={120} loading="lazy" />
      </Link>
      <div className="wishlist-item-info">
        <Link to={productPath(p._id)} className="wishlist-item-name">
          {p.productName}
        </Link>
        {p.companyName && (
          <span className="muted small">
            {i18n._('by')} {p.companyName}
          </span>
        )}
        <Price price={p.price} markPrice={p.markPrice} />
        {sizes && <span className="muted small">{sizes}</span>}
        {soldOut && <span className="stock-out">{i18n._('Sold out')}</span>}
      </div>
      <div className="wishlist-item-actions">
        {p.variants.length > 1 ? (
          // Several sizes: the product page is where one is chosen.
          <Link
            to={productPath(p._id)}
            className="btn btn-sm btn-primary"
            aria-label={i18n._('Choose a size of {name}', { name: p.productName })}
          >
            {i18n._('Choose size')}
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={soldOut || busy}
            onClick={onMove}
            aria-label={`${i18n._('Move to cart')}, ${p.productName}`}
          >
            {i18n._('Move to cart')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={onRemove}
          aria-label={`Remove ${p.productName} from wishlist`}
        >
          {i18n._('Remove')}
        </button>
      </div>
    </li>
  );
}
