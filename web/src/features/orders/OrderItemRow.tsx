import type { OrderLine } from '@vastra/contracts';
import { formatPromiseDay } from '../../lib/delivery.ts';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { imageProps } from '../../lib/images.ts';
import { productPath } from '../../lib/product-link.ts';
import { Link } from '../../lib/router.tsx';
import { variantLabel } from '../../lib/variant-label.ts';
import { canCancel, ITEM_STATUS } from './labels.ts';
import { ReturnLink } from './ReturnLink.tsx';

/**
 * One item of an order: what was bought, its status, the day it was promised for until it arrives
 * (or is cancelled), and while it is pending its Cancel button; once delivered, Return or exchange
 * while the return window is open.
 */
export function OrderItemRow({
  line,
  onCancel,
  cancelling,
}: {
  line: OrderLine;
  onCancel: (itemId: string) => void;
  cancelling: boolean;
}) {
  const i18n = useI18n();
  const p = line.product[0];
  const status = ITEM_STATUS[line.status];
  const choice = variantLabel(line.size, line.color, i18n);
  return (
    <li className="order-line" data-testid="order-item">
      <img {...imageProps(p.image, '88px')} alt={p.productName} width={88} height={110} loading="lazy" />
      <div>
        <h3>{p._id ? <Link to={productPath(p._id)}>{p.productName}</Link> : p.productName}</h3>
        {choice && (
          <p className="variant-choice" data-testid="item-variant">
            {choice}
          </p>
        )}
        <p className="order-meta">
          <span className={`pill ${status.tone}`} data-testid="item-status">
            {i18n._(status.label)}
          </span>
          <span>
            {i18n._('Qty:')} {line.quantity}
          </span>
          <strong>{formatRupees(line.amount, i18n.locale)}</strong>
          {line.discount > 0 && (
            <span className="item-discount" data-testid="item-discount">
              {i18n._('Coupon −{amount}', { amount: formatRupees(line.discount, i18n.locale) })}
            </span>
          )}
        </p>
        {line.deliverBy && (line.status === 'pending' || line.status === 'shipped') && (
          <p className="order-promise" data-testid="item-arriving">
            {i18n._('Arriving by {day}', { day: formatPromiseDay(line.deliverBy, i18n.locale) })}
          </p>
        )}
        {line.exchangeOfReturnId && (
          <p className="order-tracking" data-testid="item-replacement">
            {i18n._('Replacement for your size exchange, at no charge')}
          </p>
        )}
        {line.tracking && (
          <p className="order-tracking" data-testid="item-tracking">
            {i18n._('Shipped with')} {line.tracking.courier} {i18n._('· AWB')}{' '}
            <span className="mono">{line.tracking.awb}</span>
            {line.tracking.url && (
              <>
                {' · '}
                <a href={line.tracking.url} target="_blank" rel="noopener noreferrer">
                  {i18n._('Track your parcel')}
                </a>
              </>
            )}
          </p>
        )}
      </div>
      {line.status === 'delivered' && (
        <div className="order-actions">
          <ReturnLink line={line} />
        </div>
      )}
      {canCancel(line.status) && (
        <div className="order-actions">
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={cancelling}
            aria-label={`${i18n._('Cancel')} ${p.productName}`}
            onClick={() => onCancel(line._id)}
          >
            {i18n._('Cancel')}
          </button>
        </div>
      )}
    </li>
  );
}
