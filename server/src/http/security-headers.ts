import type { FastifyInstance } from 'fastify';

/**
 * Headers for an API that only ever answers JSON to programs.
 *
 * Nothing the server returns is meant to be rendered, framed or cached: the strictest CSP, no
 * framing, no MIME sniffing, no referrer, and no storing of replies that may carry tokens.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Every reply gets the headers above, and `Cache-Control: no-store` unless its route chose its own
 * caching (stored media, the delivery API's public, revalidated configuration) — except a 304: it
 * carries only what guides the cache that kept the representation (ETag, Cache-Control, Vary, Date;
 * RFC 9110 §15.4.5), since a cache merges a 304's fields into the stored reply, which already has
 * the headers above. The delivery API answers most of its requests with 304s.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every reply, the delivery API's many included,
  // and has nothing to wait for.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode !== 304) {
      reply.headers(SECURITY_HEADERS);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
