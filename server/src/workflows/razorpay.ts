import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { orders } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { findSessionOrder } from '../modules/orders/index.ts';
import {
  markRefundSucceededByKey,
  providerNamed,
  RazorpayPaymentProvider,
  recordPaymentEvent,
  renderClosedPage,
  validPaymentSignature,
  validWebhookSignature,
} from '../modules/payments/index.ts';
import { CANCEL_PATH, SUCCESS_PATH } from './checkout.ts';
import { afterPayment, applyPaidSession, type PaymentOutcome } from './confirm-payment.ts';
import type { WorkflowDeps } from './deps.ts';
import { RAZORPAY_PAGE_CSP, RAZORPAY_SCRIPT, renderRazorpayPage } from './razorpay-page.ts';

/** What Razorpay Checkout's handler gives the browser, sent on to us. */
export const razorpayPaymentSchema = z.object({
  razorpay_order_id: z.string().trim().min(1, 'razorpay_order_id is required').max(64),
  razorpay_payment_id: z.string().trim().min(1, 'razorpay_payment_id is required').max(64),
  razorpay_signature: z.string().trim().min(1, 'razorpay_signature is required').max(256),
});
export type RazorpayPaymentInput = z.infer<typeof razorpayPaymentSchema>;

export const SIGNATURE_MISMATCH = 'The payment signature does not match: nothing was paid';
export const PAYMENT_MISMATCH = 'The payment does not match this order: nothing was paid';

const razorpayOf = (deps: WorkflowDeps) => {
  const provider = providerNamed<RazorpayPaymentProvider>(deps.payments, 'razorpay');
  const keys = deps.config.razorpay;
  if (!provider || !keys) throw notFound('Razorpay is not configured');
  return { provider, keys };
};

/**
 * The browser says a Razorpay payment went through. Believed only when the signature is Razorpay's
 * (HMAC of order|payment under our key secret, compared in constant time) and Razorpay itself shows
 * that payment captured, of this order, for the order's total in rupees. A replay of a settled
 * payment changes nothing.
 */
export async function verifyRazorpayPayment(deps: WorkflowDeps, input: RazorpayPaymentInput) {
  const { provider, keys } = razorpayOf(deps);
  const signed = validPaymentSignature(keys.keySecret, {
    orderId: input.razorpay_order_id,
    paymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
  });
  if (!signed) throw badRequest(SIGNATURE_MISMATCH, 'razorpay_signature');
  const [order] = await deps.db
    .select({ id: orders.id, totalPaise: orders.totalPaise, status: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.providerSessionId, input.razorpay_order_id));
  if (!order) throw notFound('Order not found');
  if (order.status === 'paid') return { orderId: order.id, paid: true };
  const payment = await provider.verifiedPayment(
    input.razorpay_order_id,
    input.razorpay_payment_id,
    order.totalPaise,
  );
  if (!payment) throw badRequest(PAYMENT_MISMATCH, 'razorpay_payment_id');
  const outcome = await deps.db.transaction((tx) =>
    applyPaidSession(tx, input.razorpay_order_id, payment.id),
  );
  await afterPayment(deps, outcome);
  return { orderId: order.id, paid: outcome.kind === 'paid' || outcome.kind === 'already' };
}

interface WebhookEvent {
  event: string;
  payload: {
    payment?: { entity: { id: string; order_id: string; amount: number; currency: string; status: string } };
    refund?: { entity: { id: string; payment_id: string; amount: number; receipt?: string | null } };
  };
}

/**
 * Razorpay's webhook: the signature over the raw body is checked with RAZORPAY_WEBHOOK_SECRET, and
 * each event id is handled once (a replay is recorded as a duplicate and changes nothing). It
 * settles payments the browser never reported (a closed tab) and confirms refunds.
 */
async function handleWebhook(deps: WorkflowDeps, raw: Buffer, signature: string, eventId: string) {
  const secret = deps.config.razorpay?.webhookSecret;
  if (!razorpayOf(deps) || !secret) throw notFound('Razorpay webhooks are not configured');
  if (!validWebhookSignature(secret, raw, signature)) throw badRequest('Invalid Razorpay signature');
  let event: WebhookEvent;
  try {
    event = JSON.parse(raw.toString('utf8')) as WebhookEvent;
  } catch {
    throw badRequest('The webhook body is not JSON');
  }
  const outcome = await deps.db.transaction(async (tx): Promise<PaymentOutcome | 'duplicate' | 'ignored'> => {
    const fresh = await recordPaymentEvent(tx, { provider: 'razorpay', eventId, type: event.event });
    if (!fresh) return 'duplicate';
    const payment = event.payload.payment?.entity;
    switch (event.event) {
      case 'payment.captured':
      case 'order.paid': {
        if (payment?.status !== 'captured' || payment.currency !== 'INR') return 'ignored';
        const [order] = await tx
          .select({ totalPaise: orders.totalPaise })
          .from(orders)
          .where(eq(orders.providerSessionId, payment.order_id));
        if (!order || order.totalPaise !== payment.amount) return 'ignored';
        return applyPaidSession(tx, payment.order_id, payment.id);
      }
      case 'refund.processed': {
        const refund = event.payload.refund?.entity;
        if (!refund?.receipt) return 'ignored';
        await markRefundSucceededByKey(tx, refund.receipt, refund.id);
        return 'ignored';
      }
      default:
        // payment.failed: the order stays awaiting payment; the shopper may try again until the
        // reservation lapses, when the stock goes back.
        return 'ignored';
    }
  });
  if (typeof outcome === 'object') await afterPayment(deps, outcome);
  return { received: true, duplicate: outcome === 'duplicate' };
}

/** The verify call, the webhook, and the page that opens Razorpay Checkout for an order. */
export default async function razorpayRoutes(app: FastifyInstance) {
  const deps = (log: import('fastify').FastifyBaseLogger): WorkflowDeps => ({ ...app.deps, log });

  app.post('/api/payments/razorpay/verify', { schema: { body: razorpayPaymentSchema } }, async (req) => ({
    success: true as const,
    ...(await verifyRazorpayPayment(deps(req.log), req.body as RazorpayPaymentInput)),
  }));

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    raw.post('/api/payments/razorpay/webhook', { schema: { hide: true } }, async (req) => {
      const signature = req.headers['x-razorpay-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body))
        throw badRequest('Missing Razorpay signature');
      const eventId = req.headers['x-razorpay-event-id'];
      if (typeof eventId !== 'string' || eventId.length === 0 || eventId.length > 100)
        throw badRequest('Missing Razorpay event id');
      return handleWebhook(deps(req.log), req.body, signature, eventId);
    });
  });

  await app.register(razorpayPageRoutes);
}

type OrderParams = { Params: { orderId: string } };

/** Our page for a Razorpay order: loads Razorpay Checkout, and posts its result back to us. */
async function razorpayPageRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  if (!providerNamed(app.deps.payments, 'razorpay') || !config.razorpay) return;
  const keyId = config.razorpay.keyId;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', RAZORPAY_PAGE_CSP)
      .send(body);
  const cart = { href: `${config.publicUrl}${CANCEL_PATH}`, label: 'Back to your cart' };

  app.get('/pay/razorpay.js', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(RAZORPAY_SCRIPT),
  );

  app.get<OrderParams>('/pay/razorpay/:orderId', { schema: { hide: true } }, async (req, reply) => {
    const { orderId } = req.params;
    const order = RazorpayPaymentProvider.isSessionId(orderId)
      ? await findSessionOrder(db, orderId)
      : undefined;
    if (!order) return html(reply, 404, renderClosedPage('This payment does not exist', cart));
    const success = `${config.publicUrl}${SUCCESS_PATH[order.source]}?session_id=${encodeURIComponent(orderId)}`;
    if (order.paymentStatus === 'paid')
      return html(
        reply,
        200,
        renderClosedPage('This order is already paid', { href: success, label: 'See your order' }),
      );
    if (order.paymentStatus !== 'awaiting_payment')
      return html(reply, 410, renderClosedPage('This payment has expired', cart));
    return html(reply, 200, renderRazorpayPage({ keyId, orderId, order, cancelUrl: cart.href }));
  });

  app.post<OrderParams & { Body: Record<string, string> }>(
    '/pay/razorpay/:orderId/complete',
    { schema: { hide: true } },
    async (req, reply) => {
      const form = razorpayPaymentSchema.safeParse(req.body ?? {});
      const order = await findSessionOrder(db, req.params.orderId);
      if (!form.success || !order || form.data.razorpay_order_id !== req.params.orderId)
        return html(reply, 400, renderClosedPage('The payment could not be confirmed', cart));
      try {
        await verifyRazorpayPayment({ ...app.deps, log: req.log }, form.data);
      } catch (err) {
        req.log.warn({ err }, 'a Razorpay payment could not be confirmed');
        return html(reply, 400, renderClosedPage('The payment could not be confirmed', cart));
      }
      const success = `${config.publicUrl}${SUCCESS_PATH[order.source]}?session_id=${encodeURIComponent(req.params.orderId)}`;
      return reply.redirect(success, 303);
    },
  );
}
