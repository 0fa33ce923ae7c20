import { Link } from 'react-router';
import { TrashIcon } from '../../components/icons.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { formatRupees } from '../../lib/format.ts';
import { imageProps } from '../../lib/images.ts';
import { categoryLabel } from '../../lib/labels.ts';
import { productPath } from '../../lib/product-link.ts';
import type { CartLine } from '../../lib/types.ts';

/** One cart line: category, name, image, quantity stepper, amount, remove. */
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
  const p = line.product[0];
  const name = p?.productName ?? 'Product no longer available';
  return (
    <li className="cart-line">
      <img {...imageProps(p?.image ?? '', '96px')} alt={name} width={96} height={120} loading="lazy" />
      <div className="cart-line-info">
        <span className="muted small">{p ? categoryLabel(p.category) : ''}</span>
        {p ? (
          <Link to={productPath(p._id)} className="cart-line-name">
            {name}
          </Link>
        ) : (
          <span className="cart-line-name">{name}</span>
        )}
        <span className="muted small">{p && `${formatRupees(p.price)} each`}</span>
        {onStep ? (
          <QuantityStepper
            value={line.quantity}
            min={1}
            max={p?.stockQuantity}
            busy={busy}
            onChange={(next) => onStep(next > line.quantity ? 1 : -1)}
            label={`Quantity of ${name}`}
          />
        ) : (
          <span>Qty: {line.quantity}</span>
        )}
      </div>
      <div className="cart-line-end">
        <strong>{formatRupees(line.amount)}</strong>
        {onRemove && (
          <button
            type="button"
            className="icon-btn remove"
            onClick={onRemove}
            disabled={busy}
            aria-label={`Remove ${name}`}
          >
            <TrashIcon />
          </button>
        )}
      </div>
    </li>
  );
}
