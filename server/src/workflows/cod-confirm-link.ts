import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link a shopper confirms a COD order with (issue 39), sent by SMS or WhatsApp: the order id,
 * its deadline and an HMAC of both under the server's secret (JWT_SECRET) and this purpose, so a
 * session token cannot pass for one and one order's link confirms no other. Short enough for an SMS:
 * `<order id>.<deadline, base 36 seconds>.<128-bit signature>`.
 */

const PURPOSE = 'cod_confirm';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, orderId: string, expires: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${orderId}:${expires}`).digest().subarray(0, 16);

/** The token of an order's confirmation link, valid until its deadline. */
export function codConfirmToken(secret: string, orderId: string, confirmBy: Date): string {
  const expires = Math.ceil(confirmBy.getTime() / 1000).toString(36);
  return `${orderId}.${expires}.${signature(secret, orderId, expires).toString('base64url')}`;
}

/** The page the link opens (web `/orders/confirm`), which confirms with the token. */
export const codConfirmLink = (publicUrl: string, token: string) =>
  `${publicUrl}/orders/confirm?token=${encodeURIComponent(token)}`;

/**
 * What a token says, when it was signed here: the order and whether its deadline has passed.
 * Undefined for anything forged, altered or malformed.
 */
export function readCodConfirmToken(
  secret: string,
  token: string,
  now = new Date(),
): { orderId: string; expired: boolean } | undefined {
  const [orderId, expires, sig, ...rest] = token.split('.');
  if (!orderId || !expires || !sig || rest.length > 0) return undefined;
  if (!UUID.test(orderId) || !/^[0-9a-z]{1,12}$/.test(expires)) return undefined;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secret, orderId, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { orderId, expired: Number.parseInt(expires, 36) * 1000 <= now.getTime() };
}
