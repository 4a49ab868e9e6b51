import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  /** PUBLIC_ORIGIN: over https, browsers are told to use nothing else (HSTS) and to upgrade requests. */
  publicOrigin?: string;
  /** The web app's inline scripts (`'sha256-…'`), the only inline code the policy runs. */
  inlineScriptHashes: string[];
}

/**
 * The app's Content-Security-Policy. Scripts come from this origin only, inline ones by hash; nothing
 * may frame the app. Styles allow inline ones: antd (CSS-in-JS) inserts `<style>` elements at run time
 * without a nonce, and the prerendered landing page carries `style` attributes (e2e/csp.e2e.ts shows
 * what a stricter policy breaks). Images may come from https (a profile image is any https URL).
 */
export function contentSecurityPolicy(options: SecurityHeadersOptions): Record<string, string[]> {
  const origin = options.publicOrigin ? new URL(options.publicOrigin) : undefined;
  const https = origin?.protocol === 'https:';
  // 'self' covers the same origin's WebSocket in current browsers; older ones need it spelled out.
  const socket = origin ? [`${https ? 'wss' : 'ws'}://${origin.host}`] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...options.inlineScriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...socket],
    'media-src': ["'self'", 'blob:'],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response the gateway sends (pages, assets, API answers, errors), by
 * helmet: register it before any other onRequest hook, so that an answer refused by a hook carries
 * them too. Helmet's middleware is built once here: @fastify/helmet rebuilt it (parsing the CSP) on
 * every request, a tenth of the gateway's time per proxied request. Signed-in API answers (and those
 * that set a cookie) are never stored by a cache, but those a service marks `private` (only the
 * browser may keep them).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: SecurityHeadersOptions): void {
  const https = options.publicOrigin?.startsWith('https:') ?? false;
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    hsts: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  fastify.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && (request.caller || reply.hasHeader('set-cookie'))) {
      // But a file the service marks `private` (an avatar: browsers may keep it, shared caches may not).
      const ownPolicy = String(reply.getHeader('cache-control') ?? '');
      if (!/\bprivate\b/.test(ownPolicy) || reply.hasHeader('set-cookie'))
        void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
