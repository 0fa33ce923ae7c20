/** Payment providers behind one interface: Razorpay, Stripe Checkout, the built-in test page. */
export {
  createPaymentProvider,
  offeredProviders,
  providerNamed,
  TEST_PAYMENTS_WARNING,
} from './create-provider.ts';
export { recordPaymentEvent } from './events.ts';
export { PaymentRouter } from './payment-router.ts';
export { type PaymentProvider, PaymentProviderError } from './provider.ts';
export { RazorpayPaymentProvider } from './razorpay-provider.ts';
export {
  signPayment,
  signWebhook,
  validPaymentSignature,
  validWebhookSignature,
} from './razorpay-signature.ts';
export {
  COD_REFUND_PROVIDER,
  claimDueRefunds,
  markRefundMadeAtOnce,
  markRefundPaidByHand,
  markRefundSucceeded,
  markRefundSucceededByKey,
  type OwedRefund,
  type RefundRow,
  recordOwedRefund,
  recordRefundFailure,
} from './refunds.ts';
export { paymentIntentId, StripePaymentProvider } from './stripe-provider.ts';
export { renderClosedPage, renderPayPage } from './test-page.ts';
export {
  netbankingFormSchema,
  parseFormFields,
  payFormSchema,
  readTestPayment,
  TEST_BANKS,
  TEST_VPA_FAILS,
  TEST_VPA_OK,
  upiFormSchema,
} from './test-page-form.ts';
export { TEST_CARD_DECLINED, TestPaymentProvider } from './test-provider.ts';
