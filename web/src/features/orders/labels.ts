import type { OrderItemStatus, PaymentStatus } from '@vastra/contracts/constants';

/** Each item's status as the shopper reads it, and its pill's colour. */
export const ITEM_STATUS: Record<OrderItemStatus, { label: string; tone: string }> = {
  awaiting_payment: { label: 'Awaiting payment', tone: 'pill-warn' },
  pending: { label: 'Pending', tone: 'pill-warn' },
  shipped: { label: 'Shipped', tone: '' },
  delivered: { label: 'Delivered', tone: 'pill-ok' },
  cancelled: { label: 'Cancelled', tone: 'pill-bad' },
};

export const PAYMENT_STATUS: Record<PaymentStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  cod_due: 'Pay on delivery',
  cod_collected: 'Paid on delivery',
  refunded: 'Refunded',
  failed: 'Payment failed',
};

/** Only a pending item can be cancelled (the server refuses the rest with 409). */
export const canCancel = (status: OrderItemStatus) => status === 'pending';
