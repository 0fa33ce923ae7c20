import type { Locale, MessageKind, OtpPurpose } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs/index.ts';
import { outboxMessages } from './tables.ts';

/**
 * An update about an order for the shopper's phone (issue 39): sent by WhatsApp to a shopper who opted
 * in (SMS if WhatsApp fails or is not configured), else by SMS unless they turned order SMS off.
 */
export interface OrderUpdate {
  kind: Exclude<MessageKind, 'otp' | 'offer'>;
  orderId: string;
  /** The shopper; null for an order whose account is gone (nothing is sent then). */
  userId: string | null;
  /**
   * What the message says beyond the order number, by kind: `shipped` the tracking link,
   * `cod_confirm` the confirmation link, `refund_made` the amount (e.g. `₹1,299.00`).
   */
  link?: string;
  amount?: string;
  /** One message per trigger across processes and retries (e.g. `shipped:<shipmentId>`). */
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

/**
 * The first version: records each message in the outbox (the development provider's delivery). The
 * messages module's providers (MSG91, WhatsApp Cloud API) and its delivery job replace this.
 */
export class OutboxMessenger implements Messenger {
  constructor(
    private readonly db: Db,
    _config: Config,
    private readonly log?: FastifyBaseLogger,
    _jobs?: JobQueue,
  ) {}

  async sendCode(to: string, code: string, purpose: OtpPurpose, locale: Locale): Promise<void> {
    const text = `${code} is your Vastra code. It is valid for 5 minutes. Do not share it with anyone.`;
    await this.db
      .insert(outboxMessages)
      .values({ channel: 'sms', kind: 'otp', to, locale, params: [code], text, status: 'sent' });
    this.log?.info({ to, kind: 'otp', purpose }, 'sms (development provider): %s', text);
  }

  async orderUpdate(_update: OrderUpdate): Promise<void> {}
}
