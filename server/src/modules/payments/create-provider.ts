import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';
import { TestPaymentProvider } from './test-provider.ts';

/** Stripe when a secret key is configured, otherwise the built-in test page (works offline). */
export function createPaymentProvider(config: Config, db: DbOrTx): PaymentProvider {
  const { secretKey } = config.stripe;
  if (secretKey) return new StripePaymentProvider({ ...config.stripe, secretKey });
  return new TestPaymentProvider(db, config.publicUrl);
}
