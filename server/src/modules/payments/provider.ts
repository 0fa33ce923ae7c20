import type { PaymentProviderName } from '@vastra/contracts';

/** One line of a hosted checkout, priced from the database (paise). */
export interface CheckoutLine {
  name: string;
  unitPaise: number;
  quantity: number;
  image?: string;
}

export interface CreateSessionInput {
  orderId: string;
  lines: CheckoutLine[];
  /** GST to add on top of the lines (0 when the prices include it, GST_MODE=india). */
  gstPaise: number;
  totalPaise: number;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  /** When the provider should stop accepting payment for this session. */
  expiresAt: Date;
}

export interface SessionState {
  paid: boolean;
  /** The provider's payment id (Stripe PaymentIntent), needed for refunds. */
  paymentId?: string;
}

/**
 * A hosted-checkout payment provider (DESIGN §1): Stripe Checkout in production, the built-in
 * test page on a fresh machine. Orders never trust the client: they ask `retrieveSession`.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createSession(input: CreateSessionInput): Promise<{ id: string; url: string }>;
  retrieveSession(sessionId: string): Promise<SessionState>;
  /** Refunds part of a payment; the idempotency key makes a retried refund a no-op. */
  refund(input: {
    sessionId: string;
    paymentId?: string;
    amountPaise: number;
    idempotencyKey: string;
  }): Promise<{
    id: string;
  }>;
  /** Stops a session from taking payment (best effort; used when a newer checkout replaces it). */
  expireSession(sessionId: string): Promise<void>;
  /**
   * The provider a new online checkout goes through, given the shopper's choice (null: none made).
   * A single provider is every choice; the router (payment-router.ts) picks among those configured.
   */
  choose?(choice: PaymentProviderName | null): PaymentProvider;
}

export class PaymentProviderError extends Error {}
