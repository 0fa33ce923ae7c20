import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const WHATSAPP_TOKEN = 'fake-whatsapp-token';
export const WHATSAPP_PHONE_NUMBER_ID = '109876543210';
export const WHATSAPP_APP_SECRET = 'fake-whatsapp-app-secret';
export const WHATSAPP_VERIFY_TOKEN = 'fake-whatsapp-verify-token';

/** One message as the Graph API received it. */
export interface WhatsAppRequest {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    template?: {
      name: string;
      language: { code: string };
      components: { type: string; parameters: { type: string; text: string }[] }[];
    };
  };
  /** The id the fake answered with (`messages[0].id`). */
  id: string;
}

/**
 * A local stand-in for the WhatsApp Cloud API's send endpoint (`POST /{phone-number-id}/messages`
 * with a bearer token): answers `{ messaging_product, contacts, messages: [{ id }] }` or an error when
 * told to. `statusWebhook` builds the signed status payload Meta posts to the shop's webhook.
 */
export class FakeWhatsApp {
  readonly requests: WhatsAppRequest[] = [];
  private failures = { status: 500, left: 0 };
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private port = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.env();
  }

  env(): Record<string, string> {
    return {
      WHATSAPP_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN,
      WHATSAPP_API_URL: `http://127.0.0.1:${this.port}/v21.0`,
    };
  }

  failNext(count: number, status = 500) {
    this.failures = { status, left: count };
  }

  sentTo(mobile: string) {
    return this.requests.filter((r) => r.body.to === `91${mobile}`);
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, message: string) =>
      answer(status, { error: { message, type: 'OAuthException', code: status === 401 ? 190 : 131000 } });
    if (req.method !== 'POST' || req.url !== `/v21.0/${WHATSAPP_PHONE_NUMBER_ID}/messages`)
      return error(404, 'Unknown path');
    if (req.headers.authorization !== `Bearer ${WHATSAPP_TOKEN}`)
      return error(401, 'Invalid OAuth access token');
    if (this.failures.left > 0) {
      this.failures.left--;
      return error(this.failures.status, 'Something went wrong');
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WhatsAppRequest['body'];
    const id = `wamid.${randomBytes(16).toString('base64url')}`;
    this.requests.push({ path: req.url, authorization: req.headers.authorization, body, id });
    answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  }
}

/** A status webhook as Meta posts it: the JSON body and its `X-Hub-Signature-256` under `secret`. */
export function statusWebhook(
  statuses: { id: string; status: string; timestamp?: number; errors?: { code: number; title: string }[] }[],
  secret = WHATSAPP_APP_SECRET,
) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1234567890',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '919800000000', phone_number_id: WHATSAPP_PHONE_NUMBER_ID },
              statuses: statuses.map((s) => ({
                recipient_id: '919876501234',
                timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)),
                ...s,
              })),
            },
          },
        ],
      },
    ],
  });
  return { body, signature: signBody(body, secret) };
}

/** `X-Hub-Signature-256` of a body as Meta computes it. */
export const signBody = (body: string, secret = WHATSAPP_APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
