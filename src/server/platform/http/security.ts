import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for every answer. The policy allows exactly what the app does: its own
 * scripts, styles (Radix positions popovers with inline style attributes), images from anywhere
 * over https (avatars, thumbnails), media from blob: (hls.js) and the realtime socket.
 */
export function securityHeaderOptions(publicUrl: string, { framable = false }: { framable?: boolean } = {}): HelmetOptions {
  const secure = publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", secure ? 'wss:' : 'ws:', 'https:'],
        // The service worker and hls.js's transmuxer, both served from here.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: framable ? ['*'] : ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation would block https avatars and thumbnails from other hosts.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: framable ? 'cross-origin' : 'same-site' },
    frameguard: framable ? false : { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
  };
}

/**
 * Helmet's headers, worked out once. The policy is the same for every answer (no per-request
 * nonces), and building Helmet's middleware on every request, as the Fastify plugin does, cost
 * more than many whole answers.
 */
export function securityHeaders(publicUrl: string, options: HelmetOptions = securityHeaderOptions(publicUrl)): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The only pages other sites may put in a frame: the embeddable player (`/embed/{id}`). */
export const FRAMABLE_PREFIX = '/embed/';

/**
 * The embed's headers: the same policy, except that any site may frame it (`frame-ancestors *`,
 * no `X-Frame-Options`) and load it across origins. Every other page refuses to be framed.
 */
export function embedSecurityHeaders(publicUrl: string): Record<string, string> {
  return securityHeaders(publicUrl, securityHeaderOptions(publicUrl, { framable: true }));
}

export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = securityHeaders(publicUrl);
  // Public media is embedded by the native app's pages too (another origin, not the same site).
  const mediaHeaders = { ...headers, 'cross-origin-resource-policy': 'cross-origin' };
  const embedHeaders = embedSecurityHeaders(publicUrl);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/media/') ? mediaHeaders : req.url.startsWith(FRAMABLE_PREFIX) ? embedHeaders : headers);
    done();
  });
}
