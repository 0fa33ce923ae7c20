import { TrashIcon } from '../../components/icons.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { imageProps } from '../../lib/images.ts';
import { categoryLabel } from '../../lib/labels.ts';
import { productPath } from '../../lib/product-link.ts';
import { Link } from '../../lib/router.tsx';
import type { CartLine } from '../../lib/types.ts';
import { variantLabel } from '../../lib/variant-label.ts';

/** One cart line: category, name, size and colour, image, quantity stepper, amount (and its coupon share), remove. */
export function CartLineItem({
  line,
  busy,
  onStep,
  onRemove,
}: {
  line: CartLine;
  busy?: boolean;
  onStep?: (step: 1 | -1) => void;
  onRemove?: () => void;
}) {
  const i18n = useI18n();
  const p = line.product[0];
  const name = p?.productName ?? /*i18n*/ 'Product no longer available';
  const variant = p?.variants.find((v) => v._id === line.variantId);
  const each = variant?.price ?? line.amount / Math.max(line.quantity, 1);
  const choice = variantLabel(line.size, line.color, i18n);
  return (
    <li className="cart-line">
      <img {...imageProps(p?.image ?? '', '96px')} alt={name} width={96} height={120} loading="lazy" />
      <div className="cart-line-info">
        <span className="muted small">{p ? i18n._(categoryLabel(p.category)) : ''}</span>
        {p ? (
          <Link to={productPath(p._id)} className="cart-line-name">
            {name}
          </Link>
        ) : (
          <span className="cart-line-name">{name}</span>
        )}
        {choice && (
          <span className="variant-choice" data-testid="line-variant">
            {choice}
          </span>
        )}
        <span className="muted small">
          {p && i18n._('{price} each', { price: formatRupees(each, i18n.locale) })}
        </span>
        {onStep ? (
          <QuantityStepper
            value={line.quantity}
            min={1}
            max={variant?.stock ?? p?.stockQuantity}
            busy={busy}
            onChange={(next) => onStep(next > line.quantity ? 1 : -1)}
            label={`Quantity of ${name}`}
          />
        ) : (
          <span>
            {i18n._('Qty:')} {line.quantity}
          </span>
        )}
      </div>
      <div className="cart-line-end">
        <strong>{formatRupees(line.amount, i18n.locale)}</strong>
        {line.discount > 0 && (
          <span className="line-discount" data-testid="line-discount">
            {i18n._('Coupon −{amount}', { amount: formatRupees(line.discount, i18n.locale) })}
          </span>
        )}
        {onRemove && (
          <button
            type="button"
            className="icon-btn remove"
            onClick={onRemove}
            disabled={busy}
            aria-label={i18n._('Remove {name}', { name })}
          >
            <TrashIcon />
          </button>
        )}
      </div>
    </li>
  );
}
