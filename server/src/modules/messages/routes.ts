import {
  type NotificationPrefs,
  type NotificationPrefsAnswer,
  notificationPrefsAnswerSchema,
  notificationPrefsSchema,
  responses,
  stopOffersQuerySchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { readNotificationPrefs, saveNotificationPrefs, stopOffers } from './prefs.ts';
import { readStopToken } from './stop-link.ts';
import whatsAppWebhookRoutes from './whatsapp-webhook.ts';

const answer = (prefs: NotificationPrefs): NotificationPrefsAnswer => ({ success: true, ...prefs });

const CHANNEL_NAMES = { sms: 'SMS', whatsapp: 'WhatsApp', email: 'e-mail' } as const;

/**
 * The shopper's notification choices (`/api/user/notifications`), the stop link of offer messages,
 * and the WhatsApp webhook.
 */
export default async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const prefsAnswer = responses(notificationPrefsAnswerSchema);

  app.get('/api/user/notifications', { ...asUser, schema: { response: prefsAnswer } }, async (req) =>
    answer(await readNotificationPrefs(db, principalOf(req).id)),
  );

  app.put(
    '/api/user/notifications',
    { ...asUser, schema: { body: notificationPrefsSchema, response: prefsAnswer } },
    async (req) => answer(await saveNotificationPrefs(db, principalOf(req).id, req.body)),
  );

  // Followed from an SMS or WhatsApp offer, signed in or not: a page that says it is done.
  app.get(
    '/api/notifications/stop',
    { schema: { querystring: stopOffersQuerySchema, hide: true } },
    async (req, reply) => {
      const named = readStopToken(config.jwtSecret, req.query.token);
      if (!named) throw badRequest('This link is not valid', 'token');
      // An account deleted since: nothing left to send to, so stopping is already true.
      await stopOffers(db, named.userId, named.channel).catch(() => undefined);
      const said = `Offers by ${CHANNEL_NAMES[named.channel]} are off. You can turn them on again under Account → Notifications.`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Offers turned off</title>` +
            `<main><h1>Offers turned off</h1><p>${said}</p><p><a href="/account/notifications">Notification settings</a></p></main></html>`,
        );
    },
  );

  await app.register(whatsAppWebhookRoutes);
}
