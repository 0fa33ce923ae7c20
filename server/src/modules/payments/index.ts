/** Payment providers behind one interface: Stripe Checkout, the built-in test page. */
export { createPaymentProvider, TEST_PAYMENTS_WARNING } from './create-provider.ts';
export { type PaymentProvider, PaymentProviderError } from './provider.ts';
export { paymentIntentId, StripePaymentProvider } from './stripe-provider.ts';
export { renderClosedPage, renderPayPage } from './test-page.ts';
export { parseFormFields, payFormSchema } from './test-page-form.ts';
export { TEST_CARD_DECLINED, TestPaymentProvider } from './test-provider.ts';
