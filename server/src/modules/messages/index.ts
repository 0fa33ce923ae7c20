/** SMS and WhatsApp (issue 39): the phone outbox, its providers and the shoppers' notification choices. */
export type { Messenger, OfferMessage, OrderRecipient, OrderUpdate } from './messenger.ts';
export { MESSAGE_JOB, OutboxMessenger } from './outbox-messenger.ts';
export { orderPrefsOf, orderPrefsSql, readNotificationPrefs, wantsOrderMails } from './prefs.ts';
export { default as messageRoutes } from './routes.ts';
export { notificationPrefs, outboxMessages } from './tables.ts';
export { rupeesOf } from './texts.ts';
