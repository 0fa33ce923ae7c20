import { z } from 'zod';

/** Shoppers' notification choices and the phone channels: request and answer schemas (issue 39). */

const choice = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** One kind of message on each channel: e-mail, SMS, WhatsApp. */
const channelsSchema = (what: string) =>
  z
    .object({
      email: choice(`${what}.email`),
      sms: choice(`${what}.sms`),
      whatsapp: choice(`${what}.whatsapp`),
    })
    .strict();

/**
 * `PUT /api/user/notifications`: what the shopper hears about, and how. Every choice is given (a
 * form of six checkboxes), strictly as booleans: `"yes"` or a missing one is a 400, not a guess.
 */
export const notificationPrefsSchema = z
  .object({ orders: channelsSchema('orders'), offers: channelsSchema('offers') })
  .strict();
export type NotificationPrefsInput = z.input<typeof notificationPrefsSchema>;
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** Answer of `GET` and `PUT /api/user/notifications`: the choices now in force. */
export const notificationPrefsAnswerSchema = z.object({
  success: z.literal(true),
  orders: z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() }),
  offers: z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() }),
});
export type NotificationPrefsAnswer = z.infer<typeof notificationPrefsAnswerSchema>;

/**
 * What a shopper hears without having chosen (no row yet): order updates by e-mail and SMS,
 * WhatsApp only once they opt in; offers on no channel until they turn them on.
 */
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  orders: { email: true, sms: true, whatsapp: false },
  offers: { email: false, sms: false, whatsapp: false },
};

/** `GET /api/notifications/stop?token=…`: the signed link in an offer message. */
export const stopOffersQuerySchema = z.object({ token: z.string().min(1).max(500) });

/**
 * The part of the WhatsApp Cloud API webhook the shop reads: each change's `statuses` (sent,
 * delivered, read, failed) naming a message by the id the API gave it. Other fields (incoming
 * messages, account updates) pass through unread.
 */
export const whatsAppWebhookSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  statuses: z
                    .array(
                      z.object({
                        id: z.string().min(1).max(500),
                        status: z.string(),
                        timestamp: z.union([z.string(), z.number()]).optional(),
                        errors: z.array(z.object({ title: z.string().optional() }).loose()).optional(),
                      }),
                    )
                    .optional(),
                })
                .loose(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
export type WhatsAppWebhook = z.infer<typeof whatsAppWebhookSchema>;
