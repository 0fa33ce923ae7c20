import type { NotificationPrefs, NotificationPrefsAnswer } from '@vastra/contracts';
import { api } from '../../lib/api.ts';

/** The shopper's notification choices (issue 39): one call per endpoint. */

export const NOTIFICATION_PREFS_KEY = ['notification-prefs'] as const;

export const fetchNotificationPrefs = () =>
  api<NotificationPrefsAnswer>('/api/user/notifications', { as: 'user' });

/** Stores all six choices; answers them as now in force. */
export const saveNotificationPrefs = (prefs: NotificationPrefs) =>
  api<NotificationPrefsAnswer>('/api/user/notifications', { method: 'PUT', as: 'user', body: prefs });
