import { api } from './api.ts';
import type { Locale } from './i18n.tsx';

/** PUT /api/user/locale: the signed-in shopper's language, for the e-mails the shop sends them. */
export function saveLocale(locale: Locale): Promise<{ success: true; locale: Locale }> {
  return api('/api/user/locale', { method: 'PUT', body: { locale }, as: 'user' });
}
