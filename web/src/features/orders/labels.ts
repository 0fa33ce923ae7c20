import type { OrderItemStatus, PaymentStatus } from '@vastra/contracts/constants';

/** Each item's status as the shopper reads it, and its pill's colour. */
export const ITEM_STATUS: Record<OrderItemStatus, { label: string; tone: string }> = {
  awaiting_payment: { label: /*i18n*/ 'Awaiting payment', tone: 'pill-warn' },
  awaiting_confirmation: { label: /*i18n*/ 'Awaiting your confirmation', tone: 'pill-warn' },
  pending: { label: /*i18n*/ 'Pending', tone: 'pill-warn' },
  shipped: { label: /*i18n*/ 'Shipped', tone: '' },
  delivered: { label: /*i18n*/ 'Delivered', tone: 'pill-ok' },
  cancelled: { label: /*i18n*/ 'Cancelled', tone: 'pill-bad' },
  rto: { label: /*i18n*/ 'Returned to seller', tone: 'pill-bad' },
};

export const PAYMENT_STATUS: Record<PaymentStatus, string> = {
  awaiting_payment: /*i18n*/ 'Awaiting payment',
  paid: /*i18n*/ 'Paid',
  cod_due: /*i18n*/ 'Pay on delivery',
  cod_collected: /*i18n*/ 'Paid on delivery',
  refunded: /*i18n*/ 'Refunded',
  failed: /*i18n*/ 'Payment failed',
};

/**
 * Only a pending item, or one awaiting its COD confirmation, can be cancelled (the server refuses
 * the rest with 409).
 */
export const canCancel = (status: OrderItemStatus) =>
  status === 'pending' || status === 'awaiting_confirmation';
