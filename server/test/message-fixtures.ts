import { randomInt } from 'node:crypto';
import type { NotificationPrefs } from '@vastra/contracts';
import { desc, eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { notificationPrefs, outboxMessages } from '../src/db/schema.ts';
import type { MemoryQueue } from '../src/lib/jobs/index.ts';
import { insertProduct } from './factories.ts';
import { insertOrderRow } from './order-rows.ts';
import { type FastAccount, quickSeller, quickUser } from './shop-fixtures.ts';

/** A 10-digit Indian mobile no other test uses, so a fake's requests can be told apart by number. */
export const freshMobile = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/**
 * A shopper with a mobile, a language and (optionally) their notification choices, and an order of
 * theirs written straight into the tables (the triggers' own tests place orders through the API).
 */
export async function shopperWithOrder(
  app: App,
  opts: { locale?: 'en' | 'hi'; prefs?: NotificationPrefs } = {},
): Promise<{ shopper: FastAccount; mobile: string; orderId: string }> {
  const mobile = freshMobile();
  const shopper = await quickUser(app, { mobile, locale: opts.locale ?? 'en' });
  if (opts.prefs) {
    const { orders: o, offers: f } = opts.prefs;
    await app.deps.db.insert(notificationPrefs).values({
      userId: shopper.id,
      ordersEmail: o.email,
      ordersSms: o.sms,
      ordersWhatsapp: o.whatsapp,
      offersEmail: f.email,
      offersSms: f.sms,
      offersWhatsapp: f.whatsapp,
    });
  }
  const seller = await quickSeller(app);
  const product = await insertProduct(app.deps.db, seller.id);
  const { order } = await insertOrderRow(app.deps.db, shopper.id, product);
  return { shopper, mobile, orderId: order.id };
}

/** The phone outbox's rows to one mobile, oldest first. */
export async function messagesTo(db: DbOrTx, mobile: string) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, mobile))
    .orderBy(desc(outboxMessages.createdAt));
  return rows.reverse();
}

/** Waits for the in-process job queue (tests run it in memory on both databases) to finish. */
export const jobsSettled = (app: App) => (app.deps.jobs as MemoryQueue).settled();
