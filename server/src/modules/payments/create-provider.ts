import type { PaymentProviderName } from '@vastra/contracts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { PaymentRouter } from './payment-router.ts';
import type { PaymentProvider } from './provider.ts';
import { RazorpayPaymentProvider } from './razorpay-provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';
import { TestPaymentProvider } from './test-provider.ts';

/**
 * Logged at start-up by a production shop without a payment key: its checkout "takes" online
 * payments on the built-in test page, and nobody would notice from the shop's side.
 */
export const TEST_PAYMENTS_WARNING =
  'Online payments are in TEST MODE: neither RAZORPAY_KEY_ID/RAZORPAY_KEY_SECRET nor STRIPE_SECRET_KEY is set, so checkout uses the built-in test page at /pay and no real money is taken. Set Razorpay (or Stripe) keys and the webhook secret before selling.';

/**
 * Razorpay when its keys are set (the default: UPI and more), Stripe when its key is set (cards),
 * both when both are; with neither, the built-in test page (works offline). The test page is never
 * offered next to a real provider: it would let anyone mark an order paid.
 */
export function createPaymentProvider(config: Config, db: DbOrTx): PaymentProvider {
  const providers: PaymentProvider[] = [];
  if (config.razorpay) providers.push(new RazorpayPaymentProvider(config.razorpay, config.publicUrl));
  const { secretKey } = config.stripe;
  if (secretKey) providers.push(new StripePaymentProvider({ ...config.stripe, secretKey }));
  if (providers.length === 0) providers.push(new TestPaymentProvider(db, config.publicUrl));
  return new PaymentRouter(providers);
}

/** The provider of this name among those configured (a single provider, or a router's). */
export function providerNamed<T extends PaymentProvider>(
  payments: PaymentProvider,
  name: PaymentProviderName,
): T | undefined {
  if (payments instanceof PaymentRouter) return payments.find(name) as T | undefined;
  return payments.name === name ? (payments as T) : undefined;
}

/** The online providers a shopper can choose from, default first. */
export const offeredProviders = (payments: PaymentProvider): PaymentProviderName[] =>
  payments instanceof PaymentRouter ? payments.names : [payments.name];
