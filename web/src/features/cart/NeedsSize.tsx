import { useI18n } from '../../lib/i18n.tsx';
import { productPath } from '../../lib/product-link.ts';
import { Link } from '../../lib/router.tsx';

/**
 * A guest line kept before its product came in several sizes: the server cannot price it until a
 * size is chosen, so the cart says so and links to the product page (adding a size there replaces
 * this line).
 */
export function NeedsSize({ productId, onRemove }: { productId: string; onRemove: () => void }) {
  const i18n = useI18n();
  return (
    <p className="needs-size" role="status" data-testid="needs-size">
      <span>{i18n._('An item in your cart now comes in several sizes. Choose a size to keep it.')}</span>
      <Link to={productPath(productId)}>{i18n._('Choose a size')}</Link>
      <button type="button" className="btn btn-sm" onClick={onRemove}>
        {i18n._('Remove')}
      </button>
    </p>
  );
}
