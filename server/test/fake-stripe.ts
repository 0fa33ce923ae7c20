import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { App } from '../src/app.ts';

export interface FakeSession {
  id: string;
  params: Record<string, string>;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

/**
 * A small local stand-in for the parts of the Stripe HTTP API the shop calls (Checkout Sessions
 * create/retrieve/expire, Refunds create). The real SDK talks to it through its host/port/protocol
 * options, so tests exercise the SDK's own encoding and never reach the internet.
 */
export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: Array<{ id: string; params: Record<string, string> }> = [];
  readonly requests: FakeRequest[] = [];
  private readonly refundsByKey = new Map<string, string>();
  /** Set to make the next calls fail like an outage. */
  failing = false;
  /** Set to make only refund calls fail (the rest of the API answers). */
  failingRefunds = false;
  private server = http.createServer((req, res) => this.handle(req, res));

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The customer pays on Stripe's page. */
  pay(sessionId: string) {
    const s = this.sessions.get(sessionId)!;
    s.payment_status = 'paid';
    s.status = 'complete';
    s.payment_intent = `pi_${randomBytes(8).toString('hex')}`;
    return this.view(s);
  }

  view(s: FakeSession) {
    return {
      id: s.id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${s.id}`,
      payment_status: s.payment_status,
      status: s.status,
      payment_intent: s.payment_intent,
      client_reference_id: s.params.client_reference_id ?? null,
      metadata: { orderId: s.params['metadata[orderId]'] },
      amount_total: this.amountTotal(s),
      currency: 'inr',
    };
  }

  /** Sum of unit_amount × quantity over the session's line items, as Stripe computes it. */
  amountTotal(s: FakeSession): number {
    let total = 0;
    for (let i = 0; s.params[`line_items[${i}][quantity]`] !== undefined; i++) {
      total +=
        Number(s.params[`line_items[${i}][price_data][unit_amount]`]) *
        Number(s.params[`line_items[${i}][quantity]`]);
    }
    return total;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = Object.fromEntries(new URLSearchParams(body));
      const key = req.headers['idempotency-key'];
      this.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        params,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        res.end(JSON.stringify(payload));
      };
      if (this.failing) return send(500, { error: { type: 'api_error', message: 'fake outage' } });
      if (req.headers.authorization !== 'Bearer sk_test_fake') {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const sessionMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const s: FakeSession = {
          id: `cs_test_${randomBytes(12).toString('hex')}`,
          params,
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
        };
        this.sessions.set(s.id, s);
        return send(200, this.view(s));
      }
      if (sessionMatch) {
        const s = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
        if (!s)
          return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        if (req.method === 'POST' && sessionMatch[2]) s.status = 'expired';
        return send(200, this.view(s));
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        if (this.failingRefunds)
          return send(500, { error: { type: 'api_error', message: 'fake refund outage' } });
        const existing = typeof key === 'string' ? this.refundsByKey.get(key) : undefined;
        if (existing) return send(200, { id: existing, object: 'refund', status: 'succeeded' });
        const id = `re_${randomBytes(8).toString('hex')}`;
        this.refunds.push({ id, params });
        if (typeof key === 'string') this.refundsByKey.set(key, id);
        return send(200, { id, object: 'refund', amount: Number(params.amount), status: 'succeeded' });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL ${url.pathname}` },
      });
    });
  }
}

export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';

/** The environment that points the app's Stripe SDK at a FakeStripe listening on `port`. */
export const fakeStripeEnv = (port: number) => ({
  PUBLIC_URL: 'https://shop.example.in',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(port),
  STRIPE_API_PROTOCOL: 'http',
});

const signer = new Stripe('sk_test_fake');

/** Posts a Stripe event to the app's webhook, signed as Stripe signs it (or with another secret). */
export function sendStripeWebhook(
  app: App,
  type: string,
  object: unknown,
  opts: { id?: string; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
  });
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
