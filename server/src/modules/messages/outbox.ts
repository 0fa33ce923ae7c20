import type { MessageStatus } from '@vastra/contracts';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outboxMessages } from './tables.ts';

/** The phone outbox's rows: written once per trigger, claimed by one delivery at a time, moved on. */

export type MessageRow = typeof outboxMessages.$inferSelect;
export type NewMessage = typeof outboxMessages.$inferInsert;

/**
 * A claim lasts this long: a delivery that died after claiming (its process killed mid-send) leaves
 * the row to the next retry once it is over. Longer than a provider's answer may take (10 s).
 */
const CLAIM_SECONDS = 20;

/**
 * Writes the message unless its trigger already wrote one (`dedupe_key`, across processes): returns
 * the new row's id, or null when it was there already.
 */
export async function recordMessage(db: DbOrTx, message: NewMessage): Promise<string | null> {
  const [row] = await db
    .insert(outboxMessages)
    .values(message)
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return row?.id ?? null;
}

/**
 * Takes the queued rows among `ids` for one delivery attempt (counted in `attempts`), in one
 * statement: a conditional update, so of two deliveries of the same row at once (two processes, a
 * retry and a sweep) only one sends it.
 */
export async function claimMessages(db: DbOrTx, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(outboxMessages)
    .set({ attempts: sql`${outboxMessages.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        inArray(outboxMessages.id, ids),
        eq(outboxMessages.status, 'queued'),
        or(
          eq(outboxMessages.attempts, 0),
          lt(outboxMessages.updatedAt, sql`now() - make_interval(secs => ${CLAIM_SECONDS})`),
        ),
      ),
    )
    .returning();
}

/**
 * The provider took them: each one's message id kept, in one statement. Only a row still queued moves
 * (never back from a webhook's later news).
 */
export async function markSent(db: DbOrTx, sent: { id: string; providerMessageId: string | null }[]) {
  if (sent.length === 0) return;
  await db.execute(sql`update ${outboxMessages} m
    set status = 'sent', provider_message_id = s.provider_id, sent_at = now(), error = null, updated_at = now()
    from json_to_recordset(${JSON.stringify(sent.map((s) => ({ id: s.id, provider_id: s.providerMessageId })))}::json)
      as s(id uuid, provider_id text)
    where m.id = s.id and m.status = 'queued'`);
}

/** Not sent, for good (`failed`: refused; `skipped`: no template), with the reason. */
export async function markNotSent(db: DbOrTx, id: string, status: 'failed' | 'skipped', error: string) {
  const [row] = await db
    .update(outboxMessages)
    .set({
      status,
      error,
      updatedAt: sql`now()`,
      ...(status === 'failed' ? { failedAt: sql`now()` } : {}),
    })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued')))
    .returning();
  return row;
}

/** Not sent this time (the provider unreachable): queued still, the error kept, for the retry. */
export async function markUnsent(db: DbOrTx, id: string, error: string) {
  await db
    .update(outboxMessages)
    .set({ error, updatedAt: sql`now() - make_interval(secs => ${CLAIM_SECONDS})` })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued')));
}

/**
 * The SMS in place of a failed WhatsApp message, written once (its own dedupe key, and the WhatsApp
 * row names it in `fallback_id` only if it named none): returns the SMS row's id when written now.
 */
export async function recordFallback(
  db: DbOrTx,
  whatsapp: MessageRow,
  sms: NewMessage,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const id = await recordMessage(tx, {
      ...sms,
      dedupeKey: `${whatsapp.dedupeKey ?? whatsapp.id}:sms-fallback`,
    });
    if (!id) return null;
    const [named] = await tx
      .update(outboxMessages)
      .set({ fallbackId: id, updatedAt: sql`now()` })
      .where(and(eq(outboxMessages.id, whatsapp.id), isNull(outboxMessages.fallbackId)))
      .returning({ id: outboxMessages.id });
    return named ? id : null;
  });
}

/** A WhatsApp status moves a message only forward: from these, to it. */
const MOVES_FROM: Record<'sent' | 'delivered' | 'read' | 'failed', MessageStatus[]> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  read: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
};
const STAMP = { sent: 'sentAt', delivered: 'deliveredAt', read: 'readAt', failed: 'failedAt' } as const;

/**
 * Records a WhatsApp status for the message with this provider id: its time kept once (a replay
 * changes nothing), its status moved only forward (a late `delivered` leaves `read`). Returns the
 * row as it stands, or undefined for an id the shop never sent.
 */
export async function recordWhatsAppStatus(
  db: DbOrTx,
  providerMessageId: string,
  status: keyof typeof MOVES_FROM,
  at: Date,
  error: string | null,
): Promise<MessageRow | undefined> {
  const column = outboxMessages[STAMP[status]];
  const [row] = await db
    .update(outboxMessages)
    .set({
      [STAMP[status]]: sql`coalesce(${column}, ${at.toISOString()}::timestamptz)`,
      status: sql`case when ${inArray(outboxMessages.status, MOVES_FROM[status])} then ${status} else ${outboxMessages.status} end`,
      ...(status === 'failed' && error ? { error: sql`coalesce(${outboxMessages.error}, ${error})` } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(outboxMessages.channel, 'whatsapp'), eq(outboxMessages.providerMessageId, providerMessageId)),
    )
    .returning();
  return row;
}
