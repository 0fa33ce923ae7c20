import type { Locale, MessageKind, NotificationPrefs, OtpPurpose } from '@vastra/contracts';

/**
 * The shopper an order update goes to, when the caller has already read them with the order (the
 * COD order's one read): their mobile, language and order-update choices; spares the messenger a read.
 */
export interface OrderRecipient {
  userId: string;
  mobile: string;
  locale: Locale;
  orders: NotificationPrefs['orders'];
}

/**
 * An update about an order for the shopper's phone (issue 39): sent by WhatsApp to a shopper who opted
 * in (SMS if WhatsApp fails or is not configured), else by SMS unless they turned order SMS off.
 */
export interface OrderUpdate {
  kind: Exclude<MessageKind, 'otp' | 'offer'>;
  orderId: string;
  /**
   * The shopper; null for an order whose account is gone (nothing is sent then); left out: the
   * order's own shopper (a trigger that holds only the order id).
   */
  userId?: string | null;
  /** The shopper as the caller read them (then `userId` is theirs); left out: read by the messenger. */
  recipient?: OrderRecipient;
  /**
   * What the message says beyond the order number, by kind: `shipped` the tracking link,
   * `cod_confirm` the confirmation link, `refund_made` the amount (e.g. `₹1,299.00`).
   */
  link?: string;
  amount?: string;
  /** One message per trigger across processes and retries (e.g. `shipped:<shipmentId>`). */
  dedupeKey: string;
}

/** An offer for the shopper's phone: only on a channel they turned offers on for, always with its stop link. */
export interface OfferMessage {
  userId: string;
  /** The offer's words, e.g. "20% off silk sarees till Sunday." */
  offer: string;
  link: string;
  dedupeKey: string;
}

/** The shop's phone channels: SMS (one-time codes, order updates) and WhatsApp (order updates). */
export interface Messenger {
  /**
   * Sends a one-time code by SMS: resolves once the message is recorded in `outbox_messages`
   * (kind `otp`, `params` `[code]`); delivery follows on the job queue.
   */
  sendCode(to: string, code: string, purpose: OtpPurpose, locale: Locale): Promise<void>;
  /** Queues an order update for the shopper's phone per their choices; never throws (logged). */
  orderUpdate(update: OrderUpdate): Promise<void>;
}

/** One entry of the webhook's `statuses`: our message (the provider's id), what became of it, when. */
export interface WhatsAppStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  error: string | null;
}
