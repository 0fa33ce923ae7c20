import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  claimMessages,
  type MessageRow,
  markNotSent,
  markSent,
  markUnsent,
  recordFallback,
} from './outbox.ts';
import type { SendOutcome, SmsProvider, WhatsAppProvider } from './providers.ts';

export interface DeliveryDeps {
  db: Db;
  config: Config;
  log?: FastifyBaseLogger;
  sms: SmsProvider;
  whatsapp: WhatsAppProvider | undefined;
}

/** What became of one row: `retry` when the provider was not reached; the SMS written in a WhatsApp's place. */
export interface Delivered {
  retry: boolean;
  fallbackId?: string;
  /** An SMS the provider took, with its message id: marked sent with the others of its batch. */
  sent?: { id: string; providerMessageId: string | null };
}

/**
 * One delivery attempt of the rows among `ids` still queued: claimed first in one statement, so a row
 * already sent (or being sent by another process) is left alone; the ones the providers take are
 * marked sent together. Answers how many were not reached (to retry) and the SMS written in place
 * of failed WhatsApp messages.
 */
export async function deliverMessages(deps: DeliveryDeps, ids: string[]) {
  const rows = await claimMessages(deps.db, ids);
  const outcomes: Delivered[] = [];
  for (const row of rows) outcomes.push(await deliverClaimed(deps, row));
  await markSent(
    deps.db,
    outcomes.flatMap((o) => (o.sent ? [o.sent] : [])),
  );
  return {
    unreached: outcomes.filter((o) => o.retry).length,
    fallbackIds: outcomes.flatMap((o) => (o.fallbackId ? [o.fallbackId] : [])),
  };
}

/**
 * One claimed row. SMS with MSG91 needs the kind's DLT template id: without one the row is `skipped`,
 * never sent. A WhatsApp message the Cloud API does not take is `failed` and its SMS goes instead (once).
 */
async function deliverClaimed(deps: DeliveryDeps, row: MessageRow): Promise<Delivered> {
  if (row.channel === 'sms') return deliverSms(deps, row);
  if (!deps.whatsapp || !row.template) {
    // WhatsApp was turned off (or its template removed) after the row was written: SMS it is.
    await markNotSent(deps.db, row.id, 'failed', 'WhatsApp is not configured for this message');
    return { retry: false, fallbackId: (await fallBackToSms(deps, row)) ?? undefined };
  }
  const outcome = await deps.whatsapp.send(row);
  if (outcome.kind === 'sent') {
    // At once, not with the batch: WhatsApp's webhook names the message by this id, and may be quick.
    await markSent(deps.db, [{ id: row.id, providerMessageId: outcome.providerMessageId }]);
    return { retry: false };
  }
  deps.log?.warn(
    { id: row.id, kind: row.kind, error: outcome.error },
    'whatsapp message failed; sending SMS',
  );
  await markNotSent(deps.db, row.id, 'failed', outcome.error);
  return { retry: false, fallbackId: (await fallBackToSms(deps, row)) ?? undefined };
}

async function deliverSms(deps: DeliveryDeps, row: MessageRow): Promise<Delivered> {
  if (deps.sms.needsTemplate && !row.template) {
    const missing = `SMS_TEMPLATE_${row.kind.toUpperCase()}`;
    const error = `No DLT template id: set ${missing} to send "${row.kind}" messages`;
    deps.log?.warn({ id: row.id, kind: row.kind }, 'sms not sent: %s', error);
    await markNotSent(deps.db, row.id, 'skipped', error);
    return { retry: false };
  }
  const outcome: SendOutcome = await deps.sms.send(row);
  switch (outcome.kind) {
    case 'sent':
      return { retry: false, sent: { id: row.id, providerMessageId: outcome.providerMessageId } };
    case 'refused':
      deps.log?.warn({ id: row.id, kind: row.kind, error: outcome.error }, 'sms refused by the provider');
      await markNotSent(deps.db, row.id, 'failed', outcome.error);
      return { retry: false };
    case 'unreachable':
      deps.log?.warn(
        { id: row.id, kind: row.kind, error: outcome.error },
        'sms provider not reached; retrying',
      );
      await markUnsent(deps.db, row.id, outcome.error);
      return { retry: true };
  }
}

/**
 * The SMS in place of a failed WhatsApp message: the same words and variables under the SMS template
 * of its kind. Written once whoever notices the failure first (the send, or the webhook's `failed`).
 */
export async function fallBackToSms(deps: Pick<DeliveryDeps, 'db' | 'config'>, row: MessageRow) {
  return recordFallback(deps.db, row, {
    channel: 'sms',
    kind: row.kind,
    to: row.to,
    userId: row.userId,
    orderId: row.orderId,
    locale: row.locale,
    template: deps.config.messages.smsTemplates[row.kind] ?? null,
    params: row.params,
    text: row.text,
  });
}
