import { isIP } from 'node:net';

/**
 * Whom the server believes about the client's address (Fastify's `trustProxy`): nobody (`false`,
 * the address is the socket's peer), the nearest N proxies, the proxies at these addresses or
 * ranges, or everybody (`true`, only when nothing can reach the server except through its proxy).
 */
export type TrustProxy = boolean | number | string[];

/** Names proxy-addr (Fastify's resolver) accepts for well-known ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY`: unset, empty or `false` → trust nobody; `true` → everybody; a whole number →
 * that many proxy hops; otherwise a comma-separated list of addresses, CIDR ranges or the names
 * `loopback`, `linklocal`, `uniquelocal`. Returns undefined for anything else, so a typo stops the
 * start instead of silently trusting (or ignoring) the proxy.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) <= 100 ? Number(text) : undefined;
  const entries = text.split(',').map((e) => e.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

/**
 * The setting as Fastify takes it. Fastify refuses a bare hop count (it cannot tell whether the
 * socket's peer is really a proxy), so a count is given as a function trusting the nearest N hops:
 * right only when nothing can reach the server except through those proxies (README says so).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
