/** Fastify's keep-alive wait (its default): longer than the 60 s idle timeout of common load balancers. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Node's own limits: headers within 60 s, running requests checked every 30 s. */
const NODE_HEADERS_TIMEOUT_MS = 60_000;
const NODE_CHECK_INTERVAL_MS = 30_000;

/**
 * Fastify's socket options. A request that trickles in forever (slow headers or an endless body)
 * is cut off: it must arrive whole within `requestTimeoutMs` or it gets a 408 and its socket is
 * closed (lib/http.ts answers it). Node checks on an interval, here a tenth of the timeout, so the
 * cut comes close to the limit. A socket with no traffic at all for longer than a keep-alive wait
 * plus a request is closed too (a client that never reads its answer); that is longer than the
 * keep-alive wait, so idle keep-alive sockets still end by the keep-alive rule.
 */
export function socketTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: KEEP_ALIVE_TIMEOUT_MS + requestTimeoutMs,
    // Given to Node's server itself as well: Fastify sets requestTimeout only after creating it, and
    // Node then leaves a late body alone while its headers timeout (60 s) is the longer of the two.
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(NODE_HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(
        NODE_CHECK_INTERVAL_MS,
        Math.max(50, Math.round(requestTimeoutMs / 10)),
      ),
    },
  };
}
