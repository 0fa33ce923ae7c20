import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../src/app.ts';
import { signPayment, signWebhook } from '../src/modules/payments/index.ts';

export const RZP_KEY_ID = 'rzp_test_fakekey';
export const RZP_KEY_SECRET = 'fake-razorpay-key-secret';
export const RZP_WEBHOOK_SECRET = 'fake-razorpay-webhook-secret';

interface Order {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
}
export interface Payment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
}
interface Refund {
  id: string;
  payment_id: string;
  amount: number;
  receipt: string | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

/**
 * A local stand-in for the parts of Razorpay's HTTP API the shop calls (orders, payments, capture,
 * refunds). The real `razorpay` SDK is pointed at it (RAZORPAY_API_URL), so tests exercise the SDK's
 * own requests and basic auth and never reach the internet.
 */
export class FakeRazorpay {
  readonly orders = new Map<string, Order>();
  readonly payments = new Map<string, Payment>();
  readonly refunds: Refund[] = [];
  readonly requests: { method: string; path: string; body: Record<string, unknown> }[] = [];
  /** How many refund calls fail (HTTP 502) before they work again. */
  failRefunds = 0;
  private server = http.createServer((req, res) => void this.handle(req, res));
  private port = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.env();
  }

  env() {
    return {
      RAZORPAY_KEY_ID: RZP_KEY_ID,
      RAZORPAY_KEY_SECRET: RZP_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: RZP_WEBHOOK_SECRET,
      RAZORPAY_API_URL: `http://127.0.0.1:${this.port}`,
    };
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The shopper pays on Razorpay Checkout (UPI, say): a captured payment of the order. */
  pay(orderId: string, over: Partial<Payment> = {}): Payment {
    const order = this.orders.get(orderId)!;
    const payment: Payment = {
      id: id('pay'),
      order_id: orderId,
      amount: order.amount,
      currency: 'INR',
      status: 'captured',
      ...over,
    };
    this.payments.set(payment.id, payment);
    if (payment.status === 'captured' && payment.amount === order.amount) order.status = 'paid';
    return payment;
  }

  /** What Checkout's handler gives the browser: ids and Razorpay's signature. */
  handlerResult(payment: Payment, secret = RZP_KEY_SECRET) {
    return {
      razorpay_order_id: payment.order_id,
      razorpay_payment_id: payment.id,
      razorpay_signature: signPayment(secret, payment.order_id, payment.id),
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = (req.url ?? '').split('?')[0]!;
    this.requests.push({ method: req.method ?? '', path, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const expected = `Basic ${Buffer.from(`${RZP_KEY_ID}:${RZP_KEY_SECRET}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    const notFound = () =>
      send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
    /** The id in `path` when the request is `method` on `pattern`, else undefined. */
    const route = (method: string, pattern: RegExp) =>
      req.method === method ? path.match(pattern)?.[1] : undefined;
    const postOrders = req.method === 'POST' && path === '/v1/orders';
    if (postOrders) {
      const order: Order = {
        id: id('order'),
        amount: Number(body.amount),
        currency: String(body.currency),
        receipt: String(body.receipt),
        status: 'created',
      };
      this.orders.set(order.id, order);
      return send(200, order);
    }
    const orderId = route('GET', /^\/v1\/orders\/([^/]+)$/);
    if (orderId !== undefined) {
      const order = this.orders.get(orderId);
      return order ? send(200, order) : notFound();
    }
    const orderPayments = route('GET', /^\/v1\/orders\/([^/]+)\/payments$/);
    if (orderPayments !== undefined) {
      const items = [...this.payments.values()].filter((p) => p.order_id === orderPayments);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    const paymentId = route('GET', /^\/v1\/payments\/([^/]+)$/);
    if (paymentId !== undefined) {
      const payment = this.payments.get(paymentId);
      return payment ? send(200, payment) : notFound();
    }
    const captured = route('POST', /^\/v1\/payments\/([^/]+)\/capture$/);
    if (captured !== undefined) {
      const payment = this.payments.get(captured);
      if (!payment) return notFound();
      payment.status = 'captured';
      return send(200, payment);
    }
    const refunded = route('POST', /^\/v1\/payments\/([^/]+)\/refund$/);
    if (refunded !== undefined) {
      if (this.failRefunds > 0) {
        this.failRefunds--;
        return send(502, { error: { code: 'SERVER_ERROR', description: 'fake refund outage' } });
      }
      const payment = this.payments.get(refunded);
      if (!payment) return notFound();
      const refund: Refund = {
        id: id('rfnd'),
        payment_id: payment.id,
        amount: Number(body.amount),
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
      };
      this.refunds.push(refund);
      return send(200, refund);
    }
    const refundsOf = route('GET', /^\/v1\/payments\/([^/]+)\/refunds$/);
    if (refundsOf !== undefined) {
      const items = this.refunds.filter((r) => r.payment_id === refundsOf);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    return send(404, { error: { code: 'NOT_FOUND', description: `no fake for ${req.method} ${path}` } });
  }
}

/** Sends a webhook as Razorpay would: the raw body signed with the webhook secret. */
export function sendRazorpayWebhook(
  app: App,
  event: string,
  payload: Record<string, unknown>,
  opts: { eventId?: string; secret?: string } = {},
) {
  const body = JSON.stringify({ entity: 'event', event, payload, created_at: Math.floor(Date.now() / 1000) });
  return app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signWebhook(opts.secret ?? RZP_WEBHOOK_SECRET, body),
      'x-razorpay-event-id': opts.eventId ?? id('evt'),
    },
    payload: body,
  });
}
