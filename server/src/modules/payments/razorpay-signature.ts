import { createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of a hex HMAC-SHA256 with the one we compute. */
function matches(expectedHex: string, given: string) {
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const hmac = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/**
 * Razorpay Checkout's handler result is genuine when its signature is the HMAC-SHA256 of
 * `order_id|payment_id` under the key secret (Razorpay's "payment verification").
 */
export const validPaymentSignature = (
  secret: string,
  p: { orderId: string; paymentId: string; signature: string },
) => matches(hmac(secret, `${p.orderId}|${p.paymentId}`), p.signature);

/** A webhook is genuine when X-Razorpay-Signature is the HMAC-SHA256 of the raw body under the webhook secret. */
export const validWebhookSignature = (secret: string, rawBody: Buffer | string, signature: string) =>
  matches(hmac(secret, rawBody), signature);

/** What tests and the fake sign with (the same function the check uses). */
export const signPayment = (secret: string, orderId: string, paymentId: string) =>
  hmac(secret, `${orderId}|${paymentId}`);
export const signWebhook = (secret: string, rawBody: string) => hmac(secret, rawBody);
