import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import { OutboxMailer, OutboxRecorder } from './mailer.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop?.());

const message = (n: number) => ({
  to: `buyer-${n}@example.com`,
  subject: `Order ${n}`,
  text: `Thank you for order ${n}`,
  kind: 'order_confirmation',
});

const rowsTo = (addresses: string[]) =>
  database.db.select().from(outboxEmails).where(inArray(outboxEmails.to, addresses));

describe('the outbox', () => {
  it('stores every message of concurrent sends, those that waited together in one insert', async () => {
    const mailer = new OutboxMailer(database.db, 'shop@example.com', undefined);
    const sends = Array.from({ length: 20 }, (_, n) => [
      message(n),
      { ...message(n), to: `seller-${n}@example.com` },
    ]);
    await Promise.all(sends.map((pair) => mailer.send(...pair)));

    const rows = await rowsTo(sends.flat().map((m) => m.to));
    expect(rows).toHaveLength(40);
    for (const [buyer, seller] of sends) {
      expect(rows.find((r) => r.to === buyer!.to)).toMatchObject({ ...buyer, sentAt: null, error: null });
      expect(rows.find((r) => r.to === seller!.to)?.subject).toBe(seller!.subject);
    }
    // One insert for the first send, which found the outbox idle; the 19 that arrived while it ran
    // went together in the next (rows of one statement share its transaction's timestamp).
    const statements = new Set(rows.map((r) => r.createdAt.getTime()));
    expect(statements.size).toBe(2);
  });

  it('rejects only the callers whose rows fail, also when they shared an insert, and keeps writing', async () => {
    const recorder = new OutboxRecorder(database.db);
    const broken = { id: randomUUID(), ...message(100), text: null as unknown as string };
    await expect(recorder.record([broken])).rejects.toThrow();
    const later = { id: randomUUID(), ...message(101) };
    await recorder.record([later]);
    expect((await rowsTo([broken.to, later.to])).map((r) => r.to)).toEqual([later.to]);

    // The first call finds the outbox idle; the next three wait and share one insert, which fails.
    const first = { id: randomUUID(), ...message(102) };
    const good = { id: randomUUID(), ...message(103) };
    const bad = { id: randomUUID(), ...message(104), to: null as unknown as string };
    const alsoGood = { id: randomUUID(), ...message(105) };
    const outcomes = await Promise.allSettled(
      [first, good, bad, alsoGood].map((row) => recorder.record([row])),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = await rowsTo([first.to, good.to, alsoGood.to]);
    expect(stored.map((r) => r.id).sort()).toEqual([first.id, good.id, alsoGood.id].sort());
  });
});
