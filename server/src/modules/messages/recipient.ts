import { DEFAULT_NOTIFICATION_PREFS, MOBILE_PATTERN } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, users } from '../../db/schema.ts';
import type { OrderRecipient } from './messenger.ts';
import { readNotificationPrefs } from './prefs.ts';

/**
 * Whom a message goes to: the shopper of an order (or the one named), their mobile, language and
 * choices. None (no account, or no usable mobile): nothing is sent.
 */
export async function recipientOf(
  db: Db,
  orderId: string | null,
  userId: string | null | undefined,
  log?: FastifyBaseLogger,
) {
  if (userId === null) return undefined;
  const columns = { userId: users.id, mobile: users.mobile, locale: users.locale };
  const [row] = userId
    ? await db.select(columns).from(users).where(eq(users.id, userId))
    : await db
        .select(columns)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId ?? ''));
  if (!row) return undefined;
  if (!MOBILE_PATTERN.test(row.mobile)) {
    log?.warn({ userId: row.userId }, 'shopper has no usable mobile number; no message');
    return undefined;
  }
  const prefs = await readNotificationPrefs(db, row.userId);
  return { userId: row.userId, to: row.mobile.slice(-10), locale: row.locale, prefs };
}

/** The same from a shopper the caller read with the order (offers play no part in an order update). */
export function recipientFrom(recipient: OrderRecipient, log?: FastifyBaseLogger) {
  if (!MOBILE_PATTERN.test(recipient.mobile)) {
    log?.warn({ userId: recipient.userId }, 'shopper has no usable mobile number; no message');
    return undefined;
  }
  const { userId, mobile, locale, orders } = recipient;
  return {
    userId,
    to: mobile.slice(-10),
    locale,
    prefs: { orders, offers: DEFAULT_NOTIFICATION_PREFS.offers },
  };
}
