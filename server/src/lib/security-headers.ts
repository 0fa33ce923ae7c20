import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAGE_BOOT_HASH } from './page-boot.ts';

/**
 * The Content-Security-Policy of the pages we serve (the SPA, the test payment page, the API docs):
 * they load only their own scripts (and the storefront's inline boot script, by its hash:
 * page-boot.ts); images may come from any https host; forms may post to Stripe
 * Checkout. No `upgrade-insecure-requests`: the shop may run on plain http (localhost, a LAN address).
 */
const PAGE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self' https://checkout.stripe.com",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob: https:",
  "object-src 'none'",
  `script-src 'self' ${PAGE_BOOT_HASH}`,
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join(';');

/** Helmet's default set (helmet 8) with the CSP above: what every document, script or image carries. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': PAGE_CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * JSON answers are data, never documents: the headers that only steer how a browser runs a page
 * (opener and agent-cluster isolation, referrer, DNS prefetch, IE's download and XSS switches) do
 * nothing on them. What protects data stays: no MIME sniffing (JSON is never run as HTML or script),
 * no cross-site no-cors reads (CORP), HSTS, and, should one be opened as a page, a CSP that allows
 * nothing and forbids framing. Half the header bytes on small answers such as a product.
 */
export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-site',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

const isJson = (reply: FastifyReply) => {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
};

/**
 * Security headers on every answer, from two precomputed sets (@fastify/helmet rebuilt helmet's whole
 * middleware chain and re-parsed the CSP on every request: a seventh of the CPU of a cached read).
 * Chosen when the answer is complete, by its type: JSON gets JSON_HEADERS, anything else PAGE_HEADERS.
 * A header a route set itself is kept.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    const set = isJson(reply) ? JSON_HEADERS : PAGE_HEADERS;
    for (const name in set) if (!reply.hasHeader(name)) reply.header(name, set[name]);
    done(null, payload);
  });
}
