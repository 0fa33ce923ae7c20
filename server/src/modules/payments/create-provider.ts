import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';
import { TestPaymentProvider } from './test-provider.ts';

/**
 * Logged at start-up by a production shop without a payment key: its checkout "takes" card payments
 * on the built-in test page, and nobody would notice from the shop's side.
 */
export const TEST_PAYMENTS_WARNING =
  'Card payments are in TEST MODE: STRIPE_SECRET_KEY is not set, so checkout uses the built-in test page at /pay and no real money is taken. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET before selling.';

/** Stripe when a secret key is configured, otherwise the built-in test page (works offline). */
export function createPaymentProvider(config: Config, db: DbOrTx): PaymentProvider {
  const { secretKey } = config.stripe;
  if (secretKey) return new StripePaymentProvider({ ...config.stripe, secretKey });
  return new TestPaymentProvider(db, config.publicUrl);
}
