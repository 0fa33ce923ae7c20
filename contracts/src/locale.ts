import { z } from 'zod';

/** The shop's languages (issue 21): English and Hindi. The web's `lang` cookie holds one of them. */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * `PUT /api/user/locale` and `PUT /api/seller/locale`: the signed-in shopper's or seller's
 * language, for the e-mails the shop sends them.
 */
export const userLocaleSchema = z.object({
  locale: z.enum(LOCALES, { error: 'Choose en (English) or hi (Hindi)' }),
});
export const userLocaleAnswerSchema = z.object({ success: z.literal(true), locale: z.enum(LOCALES) });
export type UserLocaleAnswer = z.infer<typeof userLocaleAnswerSchema>;

/** The `lang` cookie of a Cookie header, if it names a language of the shop. */
export function localeOfCookie(cookie: string | null | undefined): Locale | undefined {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(cookie ?? '')?.[1];
  return LOCALES.find((l) => l === value);
}
