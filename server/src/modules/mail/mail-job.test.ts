import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fake-smtp.ts';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import { MemoryQueue } from '../../lib/jobs/index.ts';
import { OutboxMailer } from './mailer.ts';

let database: Database;
let drop: () => Promise<void>;
let smtp: FakeSmtp;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await drop?.();
});

describe('e-mail through the job queue (the outbox is the queue)', () => {
  it('answers once the rows are stored, then delivers them, retrying with backoff after a refusal', async () => {
    const queue = new MemoryQueue(pino({ level: 'silent' }));
    const options = { retryLimit: 4, retryDelaySeconds: 0.1, retryBackoff: true, expireInSeconds: 60 };
    const mailer = new OutboxMailer(database.db, 'shop@example.com', smtp.url, undefined, queue, options);
    await queue.start();
    smtp.refuseNext(1);
    const to = ['first@example.in', 'second@example.in'];
    await mailer.send(...to.map((t) => ({ to: t, subject: `Hello ${t}`, text: 'Your order', kind: 'test' })));

    await queue.settled();
    await new Promise((r) => setTimeout(r, 1500));
    await queue.settled();
    const rows = await database.db.select().from(outboxEmails).where(inArray(outboxEmails.to, to));
    expect(rows.map((r) => r.sentAt !== null)).toEqual([true, true]);
    expect(rows.every((r) => r.error === null)).toBe(true);
    // Each message arrived once: the one refused came on the retry, the other was not sent again.
    for (const t of to) expect(smtp.received.filter((d) => d.includes(`To: ${t}`))).toHaveLength(1);
    await queue.stop(1000);
  });

  it('keeps the error on the row while a message cannot be sent', async () => {
    const queue = new MemoryQueue(pino({ level: 'silent' }));
    const options = { retryLimit: 1, retryDelaySeconds: 0.05, retryBackoff: false, expireInSeconds: 60 };
    const mailer = new OutboxMailer(database.db, 'shop@example.com', smtp.url, undefined, queue, options);
    await queue.start();
    smtp.refuseNext(5);
    await mailer.send({ to: 'never@example.in', subject: 'No', text: 'No', kind: 'test' });
    await queue.settled();
    await new Promise((r) => setTimeout(r, 200));
    await queue.settled();
    const [row] = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'never@example.in'));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/451/);
    smtp.refuseNext(0);
    await queue.stop(1000);
  });
});
