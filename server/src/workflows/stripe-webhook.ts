import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { orders } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import {
  paymentIntentId,
  providerNamed,
  recordPaymentEvent,
  type StripePaymentProvider,
} from '../modules/payments/index.ts';
import { afterPayment, applyPaidSession, type PaymentOutcome } from './confirm-payment.ts';
import { releaseUnpaidOrders } from './reservations.ts';

/**
 * POST /api/payments/stripe/webhook. Its own plugin so the raw-body parser (the signature covers
 * the exact bytes) applies to this route only. Each event id is stored in the same transaction as
 * its effect (a refund it owes included), so a replay or a concurrent duplicate changes nothing.
 */
export default async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/api/payments/stripe/webhook', { schema: { hide: true } }, async (req) => {
    const { config, db } = app.deps;
    const secret = config.stripe.webhookSecret;
    const payments = providerNamed<StripePaymentProvider>(app.deps.payments, 'stripe');
    if (!payments || !secret) throw notFound('Stripe is not configured');
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body))
      throw badRequest('Missing Stripe signature');
    const stripe = await payments.client();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, secret);
    } catch {
      throw badRequest('Invalid Stripe signature');
    }

    const outcome = await db.transaction(async (tx): Promise<PaymentOutcome | 'duplicate' | 'ignored'> => {
      const fresh = await recordPaymentEvent(tx, { provider: 'stripe', eventId: event.id, type: event.type });
      if (!fresh) return 'duplicate';
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          if (session.payment_status !== 'paid') return 'ignored';
          return applyPaidSession(tx, session.id, paymentIntentId(session.payment_intent));
        }
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed':
          await releaseUnpaidOrders(tx, eq(orders.providerSessionId, event.data.object.id));
          return 'ignored';
        default:
          return 'ignored';
      }
    });
    // The event and whatever it owes are committed: answer 200 whatever happens next (a refund
    // not made now is retried by the sweep), so Stripe never retries an event already recorded.
    if (typeof outcome === 'object') await afterPayment({ ...app.deps, log: req.log }, outcome);
    return { received: true, duplicate: outcome === 'duplicate' };
  });
}
