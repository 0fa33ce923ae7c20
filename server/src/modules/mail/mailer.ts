import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { outboxEmails } from '../../db/schema.ts';
import { BatchWriter } from '../../lib/batch-writer.ts';
import type { JobOptions, JobQueue } from '../../lib/jobs/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * A simple HTML alternative of `text`, sent over SMTP. The outbox keeps the text only: it is the
   * record of what was said, and every message stays readable as plain text.
   */
  html?: string;
  /** What the message is about, e.g. `order_confirmation`, `new_order`, `shipment`, `contact`. */
  kind: string;
}

/** The shop's one way to send e-mail. Every message is recorded in `outbox_emails` first. */
export interface Mailer {
  /** Records the messages (one statement for all of them), then delivers each. */
  send(...messages: MailMessage[]): Promise<void>;
}

/** The job that delivers outbox rows over SMTP (ADR 016). */
export const MAIL_JOB = 'mail-deliver';

/** Retries with backoff: 30 s, 1, 2, 4 … minutes, about 4 hours of tries in all. */
export const MAIL_JOB_OPTIONS: JobOptions = {
  retryLimit: 9,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

/**
 * Records each message in the outbox, then has it sent over SMTP when `SMTP_URL` is set; without SMTP
 * the outbox (and the log line) is the delivery. With a job queue the outbox is the queue: one job per
 * send names its rows, and is retried with backoff until every row is sent (a row already sent is
 * never sent again). A failed SMTP send never fails the business operation that triggered it.
 */
export class OutboxMailer implements Mailer {
  private readonly transport: Transporter | undefined;
  private readonly recorder: OutboxRecorder;

  constructor(
    private readonly db: Db,
    private readonly from: string,
    smtpUrl: string | undefined,
    private readonly log?: FastifyBaseLogger,
    private readonly queue?: JobQueue,
    jobOptions: JobOptions = MAIL_JOB_OPTIONS,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
    this.recorder = new OutboxRecorder(db);
    queue?.define<{ ids: string[] }>(MAIL_JOB, jobOptions, ({ ids }) => this.deliverRows(ids));
  }

  async send(...messages: MailMessage[]): Promise<void> {
    if (messages.length === 0) return;
    // Ids made here, so each delivery result lands on its own row whatever order RETURNING uses.
    const rows = messages.map((message) => ({ id: randomUUID(), ...message }));
    await this.recorder.record(rows);
    for (const { to, subject, kind } of rows) this.log?.info({ to, subject, kind }, 'mail queued');
    if (!this.transport) return;
    if (this.queue) {
      await this.queue.send(MAIL_JOB, { ids: rows.map((r) => r.id) });
      return;
    }
    for (const { id, ...message } of rows) await this.deliver(id, message);
  }

  /**
   * The job: sends the rows among `ids` not sent yet; throws if any failed, so the job is retried
   * (the rows sent meanwhile are skipped next time).
   */
  async deliverRows(ids: string[]): Promise<void> {
    if (!this.transport || ids.length === 0) return;
    const unsent = await this.db
      .select()
      .from(outboxEmails)
      .where(and(inArray(outboxEmails.id, ids), isNull(outboxEmails.sentAt)));
    let failed = 0;
    for (const row of unsent) if (!(await this.deliver(row.id, row))) failed++;
    if (failed > 0) throw new Error(`${failed} of ${unsent.length} e-mails could not be sent; retrying`);
  }

  private async deliver(id: string, message: MailMessage): Promise<boolean> {
    if (!this.transport) return false;
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      await this.markSent(id, null);
      return true;
    } catch (err) {
      this.log?.warn({ err, to: message.to }, 'mail send failed; kept in outbox');
      await this.markSent(id, (err as Error).message);
      return false;
    }
  }

  private async markSent(id: string, error: string | null) {
    await this.db
      .update(outboxEmails)
      .set(error ? { error } : { sentAt: new Date(), error: null })
      .where(eq(outboxEmails.id, id));
  }
}

type OutboxRow = MailMessage & { id: string };

/** Rows per insert (the columns go as five arrays, whatever the count). */
const MAX_BATCH_ROWS = 1000;

/** Any number of rows in one statement whose text never changes, so it is prepared once. */
const insertOutboxRows = namedStatement<
  never,
  { ids: string[]; to: string[]; subjects: string[]; texts: string[]; kinds: string[] }
>(
  'insert_outbox_rows',
  sql`insert into outbox_emails (id, "to", subject, text, kind)
    select * from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('to')}::text[],
      ${sql.placeholder('subjects')}::text[], ${sql.placeholder('texts')}::text[], ${sql.placeholder('kinds')}::text[])`,
);

/**
 * Writes outbox rows with one insert at a time (BatchWriter): rows that arrive while an insert runs go
 * together in the next one, so under load one statement and one commit carry the e-mails of several
 * orders. `record` resolves once the caller's rows are stored, and rejects if they could not be.
 */
export class OutboxRecorder {
  private readonly writer: BatchWriter<OutboxRow[], void>;

  constructor(private readonly db: Db) {
    this.writer = new BatchWriter<OutboxRow[], void>(
      async (batches) => {
        await this.insert(batches.flat());
        return batches.map(() => undefined);
      },
      { weight: (rows) => rows.length, max: MAX_BATCH_ROWS },
    );
  }

  record(rows: OutboxRow[]): Promise<void> {
    return this.writer.add(rows);
  }

  private insert(rows: OutboxRow[]) {
    return insertOutboxRows(this.db, {
      ids: rows.map((r) => r.id),
      to: rows.map((r) => r.to),
      subjects: rows.map((r) => r.subject),
      texts: rows.map((r) => r.text),
      kinds: rows.map((r) => r.kind),
    });
  }
}
