import { api } from './api.ts';
import type { Locale } from './i18n.tsx';

/**
 * PUT /api/user/locale or /api/seller/locale: the signed-in shopper's or seller's language, for
 * the e-mails the shop sends them.
 */
export function saveLocale(
  locale: Locale,
  role: 'user' | 'seller' = 'user',
): Promise<{ success: true; locale: Locale }> {
  return api(`/api/${role}/locale`, { method: 'PUT', body: { locale }, as: role });
}
