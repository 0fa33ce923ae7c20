import type { OrderItemStatus, PaymentStatus } from '@vastra/contracts';

export const STATUS_LABEL: Record<OrderItemStatus, string> = {
  awaiting_payment: /*i18n*/ 'Awaiting payment',
  awaiting_confirmation: /*i18n*/ 'Awaiting buyer confirmation',
  pending: /*i18n*/ 'Pending',
  shipped: /*i18n*/ 'Shipped',
  delivered: /*i18n*/ 'Delivered',
  cancelled: /*i18n*/ 'Cancelled',
  rto: /*i18n*/ 'Returned to seller',
};

export const STATUS_PILL: Record<OrderItemStatus, string> = {
  awaiting_payment: 'pill-warn',
  awaiting_confirmation: 'pill-warn',
  pending: 'pill-warn',
  shipped: '',
  delivered: 'pill-ok',
  cancelled: 'pill-bad',
  rto: 'pill-bad',
};

export const PAYMENT_LABEL: Record<PaymentStatus, string> = {
  awaiting_payment: 'awaiting payment',
  paid: 'paid',
  cod_due: 'due on delivery',
  cod_collected: 'collected on delivery',
  refunded: 'refunded',
  failed: 'failed',
};

/** Which fulfilment step a seller can take next on an item (pending → shipped → delivered). */
export function nextStep(status: OrderItemStatus): 'ship' | 'deliver' | null {
  if (status === 'pending') return 'ship';
  if (status === 'shipped') return 'deliver';
  return null;
}
