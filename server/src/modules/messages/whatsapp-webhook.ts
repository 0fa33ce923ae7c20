import { createHmac, timingSafeEqual } from 'node:crypto';
import { whatsAppWebhookSchema } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, unauthenticated } from '../../lib/errors.ts';
import type { WhatsAppStatus } from './messenger.ts';
import { OutboxMessenger } from './outbox-messenger.ts';

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** `sha256=<hex>` is the HMAC-SHA256 of the exact bytes under the app secret (Meta's signed payloads). */
export function validWhatsAppSignature(secret: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'), 'utf8');
  const given = Buffer.from(header.slice('sha256='.length).toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The WhatsApp Cloud API's webhook (issue 39). `GET`: Meta's handshake, answered with the challenge
 * only for our verify token. `POST`: message statuses, signed over the raw body with the app secret
 * (its own plugin, so the raw-body parser applies to this route only); without a secret, or with a
 * missing or wrong signature, 401. Each status is recorded forward-only and once, so Meta's retries
 * and replays change nothing.
 */
export default async function whatsAppWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.get('/api/webhooks/whatsapp', { schema: { hide: true } }, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const token = app.deps.config.messages.whatsappVerifyToken;
    const given = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    const genuine =
      token !== undefined &&
      typeof given === 'string' &&
      given.length === token.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(token));
    if (query['hub.mode'] !== 'subscribe' || !genuine || typeof challenge !== 'string')
      throw unauthenticated('Invalid verify token');
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  app.post('/api/webhooks/whatsapp', { schema: { hide: true } }, async (req) => {
    const secret = app.deps.config.messages.whatsappAppSecret;
    if (!secret || !Buffer.isBuffer(req.body)) throw unauthenticated('Invalid signature');
    if (!validWhatsAppSignature(secret, req.body, req.headers['x-hub-signature-256']))
      throw unauthenticated('Invalid signature');
    let json: unknown;
    try {
      json = JSON.parse(req.body.toString('utf8'));
    } catch {
      throw badRequest('The body is not JSON');
    }
    const parsed = whatsAppWebhookSchema.safeParse(json);
    if (!parsed.success) throw badRequest('Not a WhatsApp webhook payload');
    const messenger = app.deps.messenger;
    if (!(messenger instanceof OutboxMessenger)) return { success: true };
    for (const status of statusesOf(parsed.data)) await messenger.whatsAppStatus(status);
    return { success: true };
  });
}

function statusesOf(payload: ReturnType<typeof whatsAppWebhookSchema.parse>): WhatsAppStatus[] {
  const found: WhatsAppStatus[] = [];
  for (const entry of payload.entry)
    for (const change of entry.changes)
      for (const s of change.value.statuses ?? []) {
        // No message of ours has an id with a NUL byte (PostgreSQL text cannot hold one).
        if (!STATUSES.has(s.status) || s.id.includes('\u0000')) continue;
        found.push({
          id: s.id,
          status: s.status as WhatsAppStatus['status'],
          at: timeOf(s.timestamp),
          error: s.errors?.[0]?.title?.replaceAll('\u0000', '').slice(0, 500) ?? null,
        });
      }
  return found;
}

/** Meta's Unix seconds; anything unreadable or beyond a date (a signed but odd payload): now. */
function timeOf(timestamp: string | number | undefined): Date {
  const seconds = Number(timestamp);
  const at = new Date(seconds * 1000);
  return seconds > 0 && !Number.isNaN(at.getTime()) ? at : new Date();
}
