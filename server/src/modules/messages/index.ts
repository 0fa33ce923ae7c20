/** SMS and WhatsApp (issue 39): the phone outbox, its providers and the shoppers' notification choices. */
export { type Messenger, type OrderUpdate, OutboxMessenger } from './messenger.ts';
export { notificationPrefs, outboxMessages } from './tables.ts';
