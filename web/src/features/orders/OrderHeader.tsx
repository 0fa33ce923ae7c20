import type { PaymentStatus } from '@vastra/contracts/constants';
import type { ReactNode } from 'react';
import { formatDay, formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { paidWithLabel } from '../../lib/payment-methods.ts';
import { PAYMENT_STATUS } from './labels.ts';

/** What the shopper recognises an order by: its number and date, what was paid and how. */
export function OrderHeader({
  order,
  title,
}: {
  order: {
    number: string;
    createdAt: string;
    total: number;
    paymentMethod: string;
    paymentStatus: PaymentStatus;
  };
  /** The heading: the number itself, or a link to the order's page. */
  title: ReactNode;
}) {
  const i18n = useI18n();
  return (
    <header className="order-head">
      {title}
      <dl className="order-facts">
        <div>
          <dt>{i18n._('Placed on')}</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDay(order.createdAt, i18n.locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{i18n._('Total')}</dt>
          <dd data-testid="order-total">{formatRupees(order.total, i18n.locale)}</dd>
        </div>
        <div>
          <dt>{i18n._('Payment')}</dt>
          <dd>
            {i18n._(paidWithLabel(order.paymentMethod))} · {i18n._(PAYMENT_STATUS[order.paymentStatus])}
          </dd>
        </div>
      </dl>
    </header>
  );
}
