import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short signed texts for links that act without a sign-in (a COD order's confirmation, an offer's
 * stop link): the fields joined by dots, then a 128-bit HMAC-SHA256 of them under the server's
 * secret and the link's purpose, so one purpose's token never passes for another's and nothing in
 * it can be altered. Fields must not contain a dot (ids, base-36 numbers, names).
 */

const signature = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}:${payload}`).digest().subarray(0, 16);

export function signFields(secret: string, purpose: string, fields: readonly string[]): string {
  const payload = fields.join('.');
  return `${payload}.${signature(secret, purpose, payload).toString('base64url')}`;
}

/** The `count` fields of a token signed here for `purpose` (compared in constant time); undefined otherwise. */
export function readSignedFields(
  secret: string,
  purpose: string,
  token: string,
  count: number,
): string[] | undefined {
  const parts = token.split('.');
  if (parts.length !== count + 1 || parts.some((p) => p === '')) return undefined;
  const fields = parts.slice(0, count);
  const given = Buffer.from(parts[count]!, 'base64url');
  const expected = signature(secret, purpose, fields.join('.'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return fields;
}
