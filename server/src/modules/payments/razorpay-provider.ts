import { createRequire } from 'node:module';
import {
  type CreateSessionInput,
  type PaymentProvider,
  PaymentProviderError,
  type SessionState,
} from './provider.ts';

/** The parts of Razorpay's payment entity we read. */
export interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
}

interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
}

/** The SDK methods used (the `razorpay` package, CommonJS, loaded on first use). */
interface RazorpaySdk {
  api: { rq: { defaults: { baseURL?: string } } };
  orders: {
    create(p: object): Promise<RazorpayOrder>;
    fetch(id: string): Promise<RazorpayOrder>;
    fetchPayments(id: string): Promise<{ items: RazorpayPayment[] }>;
  };
  payments: {
    fetch(id: string): Promise<RazorpayPayment>;
    capture(id: string, amount: number, currency: string): Promise<RazorpayPayment>;
    refund(id: string, p: object): Promise<{ id: string }>;
    fetchMultipleRefund(
      id: string,
      p?: object,
    ): Promise<{ items: { id: string; receipt?: string | null }[] }>;
  };
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  /** Tests point the SDK at a local fake of Razorpay's API; unset in production (api.razorpay.com). */
  apiUrl?: string;
}

/**
 * Razorpay (UPI, cards, netbanking, wallets): a Razorpay order per checkout, created from database
 * prices; the shopper pays on Razorpay Checkout, opened by the shop's own page at
 * /pay/razorpay/:orderId. Nothing is taken as paid on the browser's word: the handler's signature is
 * checked and the payment fetched from Razorpay (amount, currency, status) before an order is paid.
 */
export class RazorpayPaymentProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  private sdk: RazorpaySdk | undefined;

  constructor(
    private readonly config: RazorpayConfig,
    private readonly publicUrl: string,
  ) {}

  get keyId() {
    return this.config.keyId;
  }

  static isSessionId(id: string) {
    return /^order_[A-Za-z0-9]{6,40}$/.test(id);
  }

  private client(): RazorpaySdk {
    if (!this.sdk) {
      const Razorpay = createRequire(import.meta.url)('razorpay') as new (o: object) => RazorpaySdk;
      const sdk = new Razorpay({ key_id: this.config.keyId, key_secret: this.config.keySecret });
      if (this.config.apiUrl) sdk.api.rq.defaults.baseURL = this.config.apiUrl;
      this.sdk = sdk;
    }
    return this.sdk;
  }

  async createSession(input: CreateSessionInput) {
    const order = await this.call((rzp) =>
      rzp.orders.create({
        amount: input.totalPaise,
        currency: 'INR',
        receipt: input.orderId,
        notes: { orderId: input.orderId },
      }),
    );
    return { id: order.id, url: `${this.publicUrl}/pay/razorpay/${order.id}` };
  }

  /** Paid when Razorpay has a captured payment of the whole order (an authorized one is captured). */
  async retrieveSession(orderId: string): Promise<SessionState> {
    const [order, { items }] = await this.call((rzp) =>
      Promise.all([rzp.orders.fetch(orderId), rzp.orders.fetchPayments(orderId)]),
    );
    for (const payment of items) {
      const settled = await this.settle(payment, order.amount);
      if (settled) return { paid: true, paymentId: settled.id };
    }
    return { paid: false };
  }

  /**
   * The payment the browser reported, as Razorpay has it: of this order, in rupees, for the amount
   * expected, and captured (capturing an authorized one). Undefined when any of that fails.
   */
  async verifiedPayment(orderId: string, paymentId: string, expectedPaise: number) {
    const payment = await this.call((rzp) => rzp.payments.fetch(paymentId));
    if (payment.order_id !== orderId) return undefined;
    return this.settle(payment, expectedPaise);
  }

  private async settle(payment: RazorpayPayment, expectedPaise: number) {
    if (payment.currency !== 'INR' || payment.amount !== expectedPaise) return undefined;
    if (payment.status === 'captured') return payment;
    if (payment.status === 'authorized')
      return this.call((rzp) => rzp.payments.capture(payment.id, payment.amount, 'INR'));
    return undefined;
  }

  /**
   * Refunds part of a payment once: the idempotency key is the refund's `receipt`, so a retry first
   * looks for a refund with that receipt and answers it instead of refunding twice.
   */
  async refund(input: { paymentId?: string; amountPaise: number; idempotencyKey: string }) {
    const paymentId = input.paymentId;
    if (!paymentId) throw new PaymentProviderError('No payment to refund');
    const made = await this.call((rzp) => rzp.payments.fetchMultipleRefund(paymentId, { count: 100 }));
    const earlier = made.items.find((r) => r.receipt === input.idempotencyKey);
    if (earlier) return { id: earlier.id };
    const refund = await this.call((rzp) =>
      rzp.payments.refund(paymentId, {
        amount: input.amountPaise,
        receipt: input.idempotencyKey,
        notes: { key: input.idempotencyKey },
      }),
    );
    return { id: refund.id };
  }

  async expireSession(_orderId: string): Promise<void> {
    // A Razorpay order cannot be closed; a payment that still lands is refunded (ADR 006).
  }

  private async call<T>(fn: (rzp: RazorpaySdk) => Promise<T>): Promise<T> {
    try {
      return await fn(this.client());
    } catch (err) {
      const e = err as { statusCode?: number; error?: { description?: string }; message?: string };
      throw new PaymentProviderError(
        `Razorpay: ${e.error?.description ?? e.message ?? `HTTP ${e.statusCode}`}`,
      );
    }
  }
}
