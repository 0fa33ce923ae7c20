import type { PaymentMethodName, SiteInfo } from '@vastra/contracts';
import { PAYMENT_METHODS } from '@vastra/contracts/constants';

/** What checkout offered before `GET /api/site` named its methods (SPEC §3), and while it loads. */
export const SPEC_PAYMENT_METHODS: readonly PaymentMethodName[] = [/*i18n*/ 'Stripe', 'COD'];

/** How each method reads where the shopper chooses one (cart, place order). */
export const PAYMENT_CHOICE_LABEL: Record<PaymentMethodName, string> = {
  Razorpay: /*i18n*/ 'UPI / Cards / Netbanking',
  Stripe: /*i18n*/ 'Card (Stripe)',
  COD: /*i18n*/ 'Cash On Delivery',
};

/** How each method reads on an order already placed (My Orders, the order page, sellers' orders). */
const PAID_WITH_LABEL: Record<PaymentMethodName, string> = {
  Razorpay: /*i18n*/ 'UPI / Cards / Netbanking (Razorpay)',
  Stripe: /*i18n*/ 'Card',
  COD: /*i18n*/ 'Cash On Delivery',
};

/** A stored or answered value as a method name, or null (old local storage, a future method). */
export function asPaymentMethod(value: unknown): PaymentMethodName | null {
  return PAYMENT_METHODS.find((m) => m === value) ?? null;
}

/** An order's method as the reader should see it; an unknown name is shown as sent. */
export function paidWithLabel(method: string): string {
  const name = asPaymentMethod(method);
  return name ? PAID_WITH_LABEL[name] : method;
}

/** The chooser's options and whether online payments only reach the built-in test page. */
export interface PaymentChoices {
  options: { value: PaymentMethodName; label: string }[];
  testMode: boolean;
}

/**
 * The methods the server offers, in its order (the web shows what the server sends: a method it
 * is not set up for would only be refused at checkout); the SPEC's two until the site info is in.
 */
export function paymentChoices(site: Partial<Pick<SiteInfo, 'paymentMethods' | 'testPayments'>> | undefined) {
  const offered = (site?.paymentMethods ?? []).flatMap((m) => asPaymentMethod(m) ?? []);
  const methods = offered.length > 0 ? offered : SPEC_PAYMENT_METHODS;
  return {
    options: [...new Set(methods)].map((value) => ({ value, label: PAYMENT_CHOICE_LABEL[value] })),
    testMode: site?.testPayments === true && methods.some((m) => m !== 'COD'),
  } satisfies PaymentChoices;
}
