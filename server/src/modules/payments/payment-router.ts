import type { PaymentProviderName } from '@vastra/contracts';
import { type CreateSessionInput, type PaymentProvider, PaymentProviderError } from './provider.ts';
import { RazorpayPaymentProvider } from './razorpay-provider.ts';
import { TestPaymentProvider } from './test-provider.ts';

/**
 * Several providers at once (Razorpay for UPI and the rest, Stripe for cards, the test page for
 * orders placed before keys were set): new checkouts go to the shopper's choice when it is
 * configured, else to the default (the first); everything else goes to the provider whose session
 * or payment it is, told by its id (`order_…` Razorpay, `test_cs_…` test, else Stripe).
 */
export class PaymentRouter implements PaymentProvider {
  constructor(private readonly providers: PaymentProvider[]) {
    if (providers.length === 0) throw new Error('PaymentRouter needs a provider');
  }

  get name() {
    return this.providers[0]!.name;
  }

  /** The online providers configured, default first. */
  get names(): PaymentProviderName[] {
    return this.providers.map((p) => p.name);
  }

  find(name: PaymentProviderName) {
    return this.providers.find((p) => p.name === name);
  }

  choose(choice: PaymentProviderName | null): PaymentProvider {
    return (choice && this.find(choice)) || this.providers[0]!;
  }

  private owner(sessionId: string): PaymentProvider {
    const name: PaymentProviderName = RazorpayPaymentProvider.isSessionId(sessionId)
      ? 'razorpay'
      : TestPaymentProvider.isSessionId(sessionId)
        ? 'test'
        : 'stripe';
    const provider = this.find(name);
    if (!provider)
      throw new PaymentProviderError(`No ${name} payment provider is configured for ${sessionId}`);
    return provider;
  }

  createSession(input: CreateSessionInput) {
    return this.providers[0]!.createSession(input);
  }

  retrieveSession(sessionId: string) {
    return this.owner(sessionId).retrieveSession(sessionId);
  }

  refund(input: { sessionId: string; paymentId?: string; amountPaise: number; idempotencyKey: string }) {
    return this.owner(input.sessionId).refund(input);
  }

  expireSession(sessionId: string) {
    return this.owner(sessionId).expireSession(sessionId);
  }
}
