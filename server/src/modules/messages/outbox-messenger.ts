import { randomUUID } from 'node:crypto';
import {
  type Locale,
  type MessageChannel,
  type MessageKind,
  type NotificationPrefs,
  type OtpPurpose,
  orderNumber,
} from '@vastra/contracts';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { BatchWriter } from '../../lib/batch-writer.ts';
import type { JobOptions, JobQueue } from '../../lib/jobs/index.ts';
import { deliverMessages, fallBackToSms } from './delivery.ts';
import type { Messenger, OfferMessage, OrderUpdate, WhatsAppStatus } from './messenger.ts';
import { type NewMessage, recordWhatsAppStatus } from './outbox.ts';
import { providersOf, type SmsProvider, type WhatsAppProvider } from './providers.ts';
import { recipientFrom, recipientOf } from './recipient.ts';
import { stopLink } from './stop-link.ts';
import { outboxMessages } from './tables.ts';
import { messageText } from './texts.ts';

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

  /**
   * Rows written together when they arrive together (many orders placed at once): one insert and one
   * delivery job for all of them. A row whose trigger already wrote one (`dedupe_key`) is not written.
   */
  private readonly writer = new BatchWriter<NewMessage & { id: string }, void>(async (rows) => {
    const written = await this.db
      .insert(outboxMessages)
      .values(rows)
      .onConflictDoNothing({ target: outboxMessages.dedupeKey })
      .returning({ id: outboxMessages.id });
    if (written.length > 0) await this.dispatch(written.map((r) => r.id));
    return rows.map(() => undefined);
  });

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
    await this.record('sms', 'otp', { to, userId: null, orderId: null, locale, dedupeKey: null }, { code });
    this.log?.info({ to, kind: 'otp', purpose }, 'sms queued');
  }

  async orderUpdate(update: OrderUpdate): Promise<void> {
    try {
      const shopper = update.recipient
        ? recipientFrom(update.recipient, this.log)
        : await recipientOf(this.db, update.orderId, update.userId, this.log);
      if (!shopper) return;
      const channel = this.channelFor(update.kind, shopper.prefs.orders);
      if (!channel) return;
      await this.record(
        channel,
        update.kind,
        { ...shopper, orderId: update.orderId, dedupeKey: update.dedupeKey },
        { orderNumber: orderNumber(update.orderId), link: update.link, amount: update.amount },
      );
    } catch (err) {
      this.log?.error({ err, orderId: update.orderId, kind: update.kind }, 'order message failed');
    }
  }

  /** An offer, on the shopper's chosen channel only (offers are off until turned on); never throws. */
  async offer(message: OfferMessage): Promise<void> {
    try {
      const shopper = await recipientOf(this.db, null, message.userId, this.log);
      if (!shopper) return;
      const channel = this.channelFor('offer', shopper.prefs.offers);
      if (!channel) return;
      const stop = stopLink(this.config.publicUrl, this.config.jwtSecret, shopper.userId, channel);
      const facts = { offer: message.offer, link: message.link, stopLink: stop };
      await this.record(channel, 'offer', { ...shopper, orderId: null, dedupeKey: message.dedupeKey }, facts);
    } catch (err) {
      this.log?.error({ err, userId: message.userId }, 'offer message failed');
    }
  }

  /** The job: delivers each row (one delivery per row across processes); throws to retry the ones not reached. */
  async deliverRows(ids: string[]): Promise<void> {
    const { unreached, fallbackIds } = await deliverMessages(this.deliveryDeps(), ids);
    if (fallbackIds.length > 0) await this.dispatch(fallbackIds);
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

  /**
   * Has the rows delivered: by a job when there is a queue, else now (a failure stays on the row).
   * A queue that cannot take the job (its database away) does not hold a one-time code back: the
   * rows are delivered here instead, and a failure is left to the job's retries or the sweep.
   */
  async dispatch(ids: string[]): Promise<void> {
    if (this.jobs) {
      try {
        await this.jobs.send(MESSAGE_JOB, { ids });
        return;
      } catch (err) {
        this.log?.warn({ err }, 'message job not queued; delivering now');
      }
    }
    await this.deliverRows(ids).catch((err: unknown) => this.log?.warn({ err }, 'message not delivered yet'));
  }

  /**
   * WhatsApp to a shopper who chose it, when it is set up with a template for the kind; else SMS if
   * chosen. A COD confirmation is not news but a step the order waits on: it goes by SMS even to a
   * shopper who turned order SMS off (as a one-time code does).
   */
  private channelFor(kind: MessageKind, chosen: NotificationPrefs['orders']): MessageChannel | undefined {
    if (chosen.whatsapp && this.whatsapp && this.config.messages.whatsappTemplates[kind]) return 'whatsapp';
    return chosen.sms || kind === 'cod_confirm' ? 'sms' : undefined;
  }

  /**
   * Writes the row (once per dedupe key) and has it delivered; its words in the shopper's language,
   * its registered template. Resolves once the row is stored.
   */
  private async record(
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
    await this.writer.add({
      id: randomUUID(),
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
