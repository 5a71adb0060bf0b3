import type { FastifyInstance } from 'fastify';

/**
 * The browser policy of every response. Scripts come only from our own origin (no inline
 * script, no eval); styles may be inline because React style props, KaTeX and the code
 * highlighter set them; images may come from https hosts because a reader can choose to load
 * one from a reply (they are not loaded automatically); the app frames only Bing's image
 * creator (a Sydney picture that passed the web's embed check); nobody may frame the app.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src https://www.bing.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const always = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** Only a browser that reached us over TLS is told to stay on it (through TRUST_PROXY, X-Forwarded-Proto counts). */
const hsts = 'max-age=31536000; includeSubDomains';

/**
 * Sets the headers when the request arrives, on the raw response, so that every answer carries
 * them: routes, the SPA and its assets, errors, and the event streams that write their own
 * head after hijacking the reply (which an onSend hook would never see).
 */
export function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of Object.entries(always)) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', hsts);
  });
}
