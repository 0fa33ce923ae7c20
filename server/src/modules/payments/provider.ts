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
  readonly name: 'stripe' | 'test';
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
}

export class PaymentProviderError extends Error {}
