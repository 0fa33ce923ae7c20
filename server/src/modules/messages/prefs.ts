import { DEFAULT_NOTIFICATION_PREFS, type MessageChannel, type NotificationPrefs } from '@vastra/contracts';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { notificationPrefs } from './tables.ts';

type PrefsRow = typeof notificationPrefs.$inferSelect;

const toPrefs = (row: PrefsRow): NotificationPrefs => ({
  orders: { email: row.ordersEmail, sms: row.ordersSms, whatsapp: row.ordersWhatsapp },
  offers: { email: row.offersEmail, sms: row.offersSms, whatsapp: row.offersWhatsapp },
});

/**
 * The shopper's order-update choices as one JSON value (null: no row, the defaults), for a statement
 * that reads them alongside others (the COD order's read): `userId` is a column or a placeholder.
 */
export const orderPrefsSql = (userId: SQLWrapper) => sql<unknown>`(select json_build_object(
  'email', p.orders_email, 'sms', p.orders_sms, 'whatsapp', p.orders_whatsapp)
  from ${notificationPrefs} p where p.user_id = ${userId})`;

/** The JSON of `orderPrefsSql` as choices. */
export function orderPrefsOf(value: unknown): NotificationPrefs['orders'] {
  const raw = (typeof value === 'string' ? JSON.parse(value) : value) as NotificationPrefs['orders'] | null;
  return raw ?? { ...DEFAULT_NOTIFICATION_PREFS.orders };
}

/** The shopper's choices; no row yet: the defaults (orders by e-mail and SMS, offers nowhere). */
export async function readNotificationPrefs(db: DbOrTx, userId: string): Promise<NotificationPrefs> {
  const [row] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  return row ? toPrefs(row) : structuredClone(DEFAULT_NOTIFICATION_PREFS);
}

/** Stores all six choices at once (the form sends them all); answers what is now in force. */
export async function saveNotificationPrefs(
  db: DbOrTx,
  userId: string,
  prefs: NotificationPrefs,
): Promise<NotificationPrefs> {
  const columns = {
    ordersEmail: prefs.orders.email,
    ordersSms: prefs.orders.sms,
    ordersWhatsapp: prefs.orders.whatsapp,
    offersEmail: prefs.offers.email,
    offersSms: prefs.offers.sms,
    offersWhatsapp: prefs.offers.whatsapp,
  };
  const [row] = await db
    .insert(notificationPrefs)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: { ...columns, updatedAt: sql`now()` } })
    .returning();
  return toPrefs(row!);
}

/** Offers off on one channel (the stop link in an offer message); the other choices stay. */
export async function stopOffers(db: DbOrTx, userId: string, channel: MessageChannel | 'email') {
  const column = { email: 'offersEmail', sms: 'offersSms', whatsapp: 'offersWhatsapp' } as const;
  await db
    .insert(notificationPrefs)
    .values({ userId, [column[channel]]: false })
    .onConflictDoUpdate({
      target: notificationPrefs.userId,
      set: { [column[channel]]: false, updatedAt: sql`now()` },
    });
}

/**
 * Whether the shopper of this order wants order e-mails (`orders.email`, on unless turned off): one
 * statement, for the order e-mails to ask before they are written. An order without an account: yes.
 */
export async function wantsOrderMails(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ wanted: notificationPrefs.ordersEmail })
    .from(orders)
    .innerJoin(notificationPrefs, eq(notificationPrefs.userId, orders.userId))
    .where(eq(orders.id, orderId));
  return row?.wanted ?? true;
}
