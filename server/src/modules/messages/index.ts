/** SMS and WhatsApp (issue 39): the phone outbox, its providers and the shoppers' notification choices. */
export {
  MESSAGE_JOB,
  type Messenger,
  type OfferMessage,
  type OrderUpdate,
  OutboxMessenger,
} from './messenger.ts';
export { readNotificationPrefs, wantsOrderMails } from './prefs.ts';
export { default as messageRoutes } from './routes.ts';
export { notificationPrefs, outboxMessages } from './tables.ts';
export { rupeesOf } from './texts.ts';
