import {
  type Locale,
  type MessageChannel,
  type MessageKind,
  MOBILE_PATTERN,
  type NotificationPrefs,
  type OtpPurpose,
  orderNumber,
} from '@vastra/contracts';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orders, users } from '../../db/schema.ts';
import type { JobOptions, JobQueue } from '../../lib/jobs/index.ts';
import { deliverMessage, fallBackToSms } from './delivery.ts';
import { recordMessage, recordWhatsAppStatus } from './outbox.ts';
import { readNotificationPrefs } from './prefs.ts';
import { providersOf, type SmsProvider, type WhatsAppProvider } from './providers.ts';
import { stopLink } from './stop-link.ts';
import { outboxMessages } from './tables.ts';
import { messageText } from './texts.ts';

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

/** The job that delivers outbox rows (`{ ids }`), and the sweep that picks up rows a lost job left queued. */
export const MESSAGE_JOB = 'messages-deliver';
export const MESSAGE_SWEEP_JOB = 'messages-sweep';

/** Retries with backoff: 30 s, 1, 2, 4 … minutes, about two hours of tries. */
export const MESSAGE_JOB_OPTIONS: JobOptions = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

/**
 * SMS and WhatsApp through the outbox (docs/decisions/026-phone-first.md). Every message is a row of
 * `outbox_messages` first (once per trigger: its dedupe key), then a job delivers it through the
 * provider (MSG91 or the development one for SMS, the Cloud API for WhatsApp), retried with backoff,
 * the provider's message id kept. Without a job queue the delivery runs right after the row is written.
 */
export class OutboxMessenger implements Messenger {
  private readonly sms: SmsProvider;
  private readonly whatsapp: WhatsAppProvider | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log?: FastifyBaseLogger,
    private readonly jobs?: JobQueue,
    jobOptions: JobOptions = MESSAGE_JOB_OPTIONS,
  ) {
    ({ sms: this.sms, whatsapp: this.whatsapp } = providersOf(config, log));
    jobs?.define<{ ids: string[] }>(MESSAGE_JOB, jobOptions, ({ ids }) => this.deliverRows(ids));
    jobs?.define(MESSAGE_SWEEP_JOB, { ...jobOptions, retryLimit: 0 }, () => this.sweep());
    jobs?.every(MESSAGE_SWEEP_JOB, 5);
  }

  async sendCode(to: string, code: string, purpose: OtpPurpose, locale: Locale): Promise<void> {
    const id = await this.record(
      'sms',
      'otp',
      { to, userId: null, orderId: null, locale, dedupeKey: null },
      { code },
    );
    this.log?.info({ to, kind: 'otp', purpose }, 'sms queued');
    if (id) await this.dispatch([id]);
  }

  async orderUpdate(update: OrderUpdate): Promise<void> {
    try {
      const shopper = await this.shopperOf(update.orderId, update.userId);
      if (!shopper) return;
      const channel = this.channelFor(update.kind, shopper.prefs.orders);
      if (!channel) return;
      const id = await this.record(
        channel,
        update.kind,
        { ...shopper, orderId: update.orderId, dedupeKey: update.dedupeKey },
        { orderNumber: orderNumber(update.orderId), link: update.link, amount: update.amount },
      );
      if (id) await this.dispatch([id]);
    } catch (err) {
      this.log?.error({ err, orderId: update.orderId, kind: update.kind }, 'order message failed');
    }
  }

  /** An offer, on the shopper's chosen channel only (offers are off until turned on); never throws. */
  async offer(message: OfferMessage): Promise<void> {
    try {
      const shopper = await this.shopperOf(null, message.userId);
      if (!shopper) return;
      const channel = this.channelFor('offer', shopper.prefs.offers);
      if (!channel) return;
      const stop = stopLink(this.config.publicUrl, this.config.jwtSecret, shopper.userId, channel);
      const facts = { offer: message.offer, link: message.link, stopLink: stop };
      const id = await this.record(
        channel,
        'offer',
        { ...shopper, orderId: null, dedupeKey: message.dedupeKey },
        facts,
      );
      if (id) await this.dispatch([id]);
    } catch (err) {
      this.log?.error({ err, userId: message.userId }, 'offer message failed');
    }
  }

  /** The job: delivers each row (one delivery per row across processes); throws to retry the ones not reached. */
  async deliverRows(ids: string[]): Promise<void> {
    let unreached = 0;
    for (const id of ids) {
      const outcome = await deliverMessage(this.deliveryDeps(), id);
      if (outcome.fallbackId) await this.dispatch([outcome.fallbackId]);
      if (outcome.retry) unreached++;
    }
    if (unreached > 0)
      throw new Error(`${unreached} of ${ids.length} messages not reached the provider; retrying`);
  }

  /**
   * A status the WhatsApp webhook reported for one of our messages: kept (forward only, once); a
   * `failed` message is sent by SMS instead, once however often the webhook repeats it.
   */
  async whatsAppStatus(status: WhatsAppStatus): Promise<void> {
    const row = await recordWhatsAppStatus(this.db, status.id, status.status, status.at, status.error);
    if (!row) {
      this.log?.info({ providerMessageId: status.id }, 'whatsapp status for a message we do not know');
      return;
    }
    if (row.status !== 'failed' || row.fallbackId) return;
    this.log?.warn({ id: row.id, error: status.error }, 'whatsapp reports a message failed; sending SMS');
    const smsId = await fallBackToSms(this.deliveryDeps(), row);
    if (smsId) await this.dispatch([smsId]);
  }

  /** Rows still queued a while after they were written (their job lost with a restart): delivered again. */
  async sweep(): Promise<void> {
    const stale = await this.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.status, 'queued'),
          lt(outboxMessages.updatedAt, sql`now() - interval '10 minutes'`),
          lt(outboxMessages.attempts, 10),
        ),
      )
      .orderBy(asc(outboxMessages.createdAt))
      .limit(100);
    if (stale.length > 0) await this.deliverRows(stale.map((r) => r.id)).catch(() => undefined);
  }

  /** What a delivery needs: the database, the providers, the configuration. */
  private deliveryDeps() {
    return { db: this.db, config: this.config, log: this.log, sms: this.sms, whatsapp: this.whatsapp };
  }

  /** Has the rows delivered: by a job when there is a queue, else now (a failure stays on the row). */
  async dispatch(ids: string[]): Promise<void> {
    if (this.jobs) {
      await this.jobs.send(MESSAGE_JOB, { ids });
      return;
    }
    await this.deliverRows(ids).catch((err: unknown) => this.log?.warn({ err }, 'message not delivered yet'));
  }

  /** WhatsApp to a shopper who chose it, when it is set up with a template for the kind; else SMS if chosen. */
  private channelFor(kind: MessageKind, chosen: NotificationPrefs['orders']): MessageChannel | undefined {
    if (chosen.whatsapp && this.whatsapp && this.config.messages.whatsappTemplates[kind]) return 'whatsapp';
    return chosen.sms ? 'sms' : undefined;
  }

  /** The shopper of an order (or the one named), their mobile, language and choices; none: nothing to send. */
  private async shopperOf(orderId: string | null, userId: string | null | undefined) {
    if (userId === null) return undefined;
    const [row] = userId
      ? await this.db
          .select({ userId: users.id, mobile: users.mobile, locale: users.locale })
          .from(users)
          .where(eq(users.id, userId))
      : await this.db
          .select({ userId: users.id, mobile: users.mobile, locale: users.locale })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(eq(orders.id, orderId ?? ''));
    if (!row) return undefined;
    if (!MOBILE_PATTERN.test(row.mobile)) {
      this.log?.warn({ userId: row.userId }, 'shopper has no usable mobile number; no message');
      return undefined;
    }
    const prefs = await readNotificationPrefs(this.db, row.userId);
    return { userId: row.userId, to: row.mobile.slice(-10), locale: row.locale, prefs };
  }

  /** Writes the row (once per dedupe key); its words in the shopper's language, its registered template. */
  private record(
    channel: MessageChannel,
    kind: MessageKind,
    who: {
      to: string;
      userId: string | null;
      orderId: string | null;
      locale: Locale;
      dedupeKey: string | null;
    },
    facts: Parameters<typeof messageText>[2],
  ) {
    const { params, text } = messageText(kind, who.locale, facts);
    const templates =
      channel === 'sms' ? this.config.messages.smsTemplates : this.config.messages.whatsappTemplates;
    return recordMessage(this.db, {
      channel,
      kind,
      to: who.to,
      userId: who.userId,
      orderId: who.orderId,
      locale: who.locale,
      template: templates[kind] ?? null,
      params,
      text,
      dedupeKey: who.dedupeKey,
    });
  }
}
