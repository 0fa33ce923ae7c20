import type { FastifyInstance } from 'fastify';
import { findSessionOrder } from '../modules/orders/index.ts';
import {
  parseFormFields,
  providerNamed,
  readTestPayment,
  renderClosedPage,
  renderPayPage,
  TEST_CARD_DECLINED,
  TestPaymentProvider,
} from '../modules/payments/index.ts';
import { CANCEL_PATH, SESSION_PLACEHOLDER, SUCCESS_PATH } from './checkout.ts';
import { confirmSession } from './confirm-payment.ts';
import razorpayRoutes from './razorpay.ts';
import { releaseSession } from './reservations.ts';
import stripeWebhookRoutes from './stripe-webhook.ts';

/** Payments: the Stripe webhook and the built-in test provider's hosted page at /pay/:sessionId. */
export default async function paymentRoutes(app: FastifyInstance) {
  await app.register(stripeWebhookRoutes);
  await app.register(razorpayRoutes);
  await app.register(testPayPageRoutes);
}

type SessionParams = { Params: { sessionId: string } };

const DECLINED = {
  card: 'Your card was declined',
  upi: 'The UPI payment was declined in your UPI app',
  netbanking: 'Your bank declined the payment',
} as const;

async function testPayPageRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const payments = providerNamed<TestPaymentProvider>(app.deps.payments, 'test');
  if (!payments) return;
  // The page posts plain HTML forms; this parser is scoped to these routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseFormFields(String(body))),
  );
  const html = (reply: import('fastify').FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);
  const backToShop = { href: `${config.publicUrl}${CANCEL_PATH}`, label: 'Back to your cart' };

  /** The session's order, or the page explaining why it cannot be paid. */
  async function openSession(sessionId: string) {
    if (!TestPaymentProvider.isSessionId(sessionId)) return { closed: 'This payment session does not exist' };
    const order = await findSessionOrder(db, sessionId);
    if (!order) return { closed: 'This payment session does not exist' };
    const successUrl = `${config.publicUrl}${SUCCESS_PATH[order.source]}?session_id=${encodeURIComponent(sessionId)}`;
    if (order.paymentStatus === 'paid') return { closed: 'This order is already paid', successUrl };
    if (order.paymentStatus !== 'awaiting_payment') return { closed: 'This payment session has expired' };
    return { order, successUrl };
  }

  app.get<SessionParams>('/pay/:sessionId', { schema: { hide: true } }, async (req, reply) => {
    const s = await openSession(req.params.sessionId);
    if (!s.order) {
      const link = s.successUrl ? { href: s.successUrl, label: 'See your order' } : backToShop;
      return html(reply, s.successUrl ? 200 : 404, renderClosedPage(s.closed!, link));
    }
    return html(reply, 200, renderPayPage(req.params.sessionId, s.order));
  });

  app.post<SessionParams & { Body: unknown }>(
    '/pay/:sessionId/pay',
    { schema: { hide: true } },
    async (req, reply) => {
      const { sessionId } = req.params;
      const s = await openSession(sessionId);
      if (!s.order) {
        if (s.successUrl) return reply.redirect(s.successUrl, 303);
        return html(reply, 404, renderClosedPage(s.closed!, backToShop));
      }
      // Validated here rather than by a route schema: a refusal re-renders the page, not JSON.
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      const form = readTestPayment(body, TEST_CARD_DECLINED);
      if (!form.ok) return html(reply, 400, renderPayPage(sessionId, s.order, form.message));
      if (form.payment.declined)
        return html(reply, 402, renderPayPage(sessionId, s.order, DECLINED[form.payment.method]));
      await payments.pay(db, sessionId);
      // Confirm at once, as Stripe's webhook would; the return page's lookup would find it paid anyway.
      await confirmSession({ ...app.deps, log: req.log }, sessionId);
      return reply.redirect(s.successUrl.replace(SESSION_PLACEHOLDER, sessionId), 303);
    },
  );

  app.post<SessionParams>('/pay/:sessionId/cancel', { schema: { hide: true } }, async (req, reply) => {
    const s = await openSession(req.params.sessionId);
    // Cancelling gives the reserved stock back at once instead of after 30 minutes.
    if (s.order) await releaseSession(db, req.params.sessionId);
    return reply.redirect(backToShop.href, 303);
  });
}
