import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import {
  type CreateSessionInput,
  type PaymentProvider,
  PaymentProviderError,
  type SessionState,
} from './provider.ts';

/** Stripe Checkout (INR): line items from database prices plus one GST line. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private sdk: Promise<Stripe> | undefined;

  constructor(private readonly stripe: Config['stripe'] & { secretKey: string }) {}

  /** The SDK client, loaded on first use: the SDK costs the process ~10 MB, so it loads only when needed. */
  client(): Promise<Stripe> {
    const stripe = this.stripe;
    this.sdk ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(stripe.secretKey, {
          // Tests point the SDK at a local fake; production leaves these unset (api.stripe.com).
          ...(stripe.host ? { host: stripe.host } : {}),
          ...(stripe.port ? { port: stripe.port } : {}),
          ...(stripe.protocol ? { protocol: stripe.protocol } : {}),
          maxNetworkRetries: 1,
          timeout: 20_000,
        }),
    );
    return this.sdk;
  }

  async createSession(input: CreateSessionInput) {
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: 'inr',
        unit_amount: line.unitPaise,
        product_data: {
          name: line.name,
          ...(line.image?.startsWith('https://') ? { images: [line.image] } : {}),
        },
      },
    }));
    if (input.gstPaise > 0) {
      lineItems.push({
        quantity: 1,
        price_data: { currency: 'inr', unit_amount: input.gstPaise, product_data: { name: 'GST 18%' } },
      });
    }
    const session = await this.call((client) =>
      client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.orderId,
          metadata: { orderId: input.orderId },
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          // Stripe wants at least 30 minutes; a payment landing after our reservation lapsed is handled.
          expires_at: Math.floor(input.expiresAt.getTime() / 1000) + 60,
        },
        { idempotencyKey: `session-${input.orderId}` },
      ),
    );
    if (!session.url) throw new PaymentProviderError('Stripe returned a session without a URL');
    return { id: session.id, url: session.url };
  }

  async retrieveSession(sessionId: string): Promise<SessionState> {
    const session = await this.call((client) => client.checkout.sessions.retrieve(sessionId));
    return { paid: session.payment_status === 'paid', paymentId: paymentIntentId(session.payment_intent) };
  }

  async refund(input: { paymentId?: string; amountPaise: number; idempotencyKey: string }) {
    if (!input.paymentId) throw new PaymentProviderError('No payment to refund');
    const paymentId = input.paymentId;
    const refund = await this.call((client) =>
      client.refunds
        .create(
          { payment_intent: paymentId, amount: input.amountPaise },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch((err: { code?: string }) => {
          // A retry after Stripe's idempotency window (24 h) of a refund that was in fact made:
          // the payment is already wholly refunded, which is what was owed.
          if (err.code === 'charge_already_refunded') return { id: `already_refunded:${paymentId}` };
          throw err;
        }),
    );
    return { id: refund.id };
  }

  async expireSession(sessionId: string): Promise<void> {
    await this.call((client) => client.checkout.sessions.expire(sessionId)).catch(() => undefined);
  }

  private async call<T>(fn: (client: Stripe) => Promise<T>): Promise<T> {
    try {
      return await fn(await this.client());
    } catch (err) {
      throw new PaymentProviderError(`Stripe: ${(err as Error).message}`);
    }
  }
}

export const paymentIntentId = (pi: string | { id: string } | null | undefined) =>
  pi == null ? undefined : typeof pi === 'string' ? pi : pi.id;
