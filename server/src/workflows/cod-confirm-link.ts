import { readSignedFields, signFields } from '../lib/signed-fields.ts';

/**
 * The link a shopper confirms a COD order with (issue 39), sent by SMS or WhatsApp: the order id and
 * its deadline, signed for this purpose (lib/signed-fields.ts), so a session token cannot pass for one
 * and one order's link confirms no other. Short enough for an SMS:
 * `<order id>.<deadline, base 36 seconds>.<128-bit signature>`.
 */

const PURPOSE = 'cod_confirm';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The token of an order's confirmation link, valid until its deadline. */
export function codConfirmToken(secret: string, orderId: string, confirmBy: Date): string {
  return signFields(secret, PURPOSE, [orderId, Math.ceil(confirmBy.getTime() / 1000).toString(36)]);
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
  const [orderId, expires] = readSignedFields(secret, PURPOSE, token, 2) ?? [];
  if (!orderId || !expires || !UUID.test(orderId) || !/^[0-9a-z]{1,12}$/.test(expires)) return undefined;
  return { orderId, expired: Number.parseInt(expires, 36) * 1000 <= now.getTime() };
}
