import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN = 'This request came from another site and was refused.';

/** The session cookie's name, with or without the `__Secure-` prefix Better Auth adds over https. */
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?glint\.session_token=/;

/**
 * What the native app's pages may send across origins: its bearer token, JSON, and tus's upload
 * headers. Nothing else is allowed, and never credentials (cookies): the app does not use them.
 */
const NATIVE_ALLOWED_HEADERS = [
  'accept',
  'authorization',
  'content-type',
  'x-auth-transport',
  'tus-resumable',
  'upload-length',
  'upload-metadata',
  'upload-offset',
  'upload-concat',
  'upload-defer-length',
].join(', ');
const NATIVE_EXPOSED_HEADERS = [
  'set-auth-token',
  'location',
  'tus-resumable',
  'tus-max-size',
  'upload-offset',
  'upload-length',
  'payment-required',
  'payment-response',
].join(', ');

/**
 * Cross-site request forgery, refused for the whole API at once rather than route by route.
 * Browsers name the page's origin on every state-changing request and on WebSocket upgrades, so
 * a request another site makes on a signed-in visitor's behalf carries a foreign `Origin` (or,
 * from older browsers, a `Sec-Fetch-Site` saying so). Requests with neither come from scripts and
 * apps that hold their own credentials (curl, the native app's bearer token) and pass.
 *
 * The native app's WebView pages have an origin of their own (`capacitor://localhost`,
 * `https://localhost`), allowed when listed in `nativeOrigins`, but only without the session
 * cookie: the app authenticates with its bearer token, which another page cannot make a browser
 * send. `https://localhost` is also what a developer's local server is called, so a cookie-carrying
 * request from there is still a forgery candidate and refused.
 */
export function isForeignRequest(req: FastifyRequest, ownOrigin: string, nativeOrigins: readonly string[] = []): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (origin === ownOrigin) return false;
    if (nativeOrigins.includes(origin.toLowerCase())) return SESSION_COOKIE.test(req.headers.cookie ?? '');
    return true;
  }
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** CORS for the native app's origins only: exact origin echoed, no credentials, a fixed list of headers. */
function answerNativeCors(req: FastifyRequest, reply: FastifyReply, nativeOrigins: readonly string[]): boolean {
  const origin = req.headers.origin?.toLowerCase();
  if (!origin || !nativeOrigins.includes(origin)) return false;
  reply.header('Access-Control-Allow-Origin', req.headers.origin);
  reply.header('Vary', 'Origin');
  reply.header('Access-Control-Expose-Headers', NATIVE_EXPOSED_HEADERS);
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    reply.header('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE');
    reply.header('Access-Control-Allow-Headers', NATIVE_ALLOWED_HEADERS);
    reply.header('Access-Control-Max-Age', '600');
    return true;
  }
  return false;
}

export function registerOriginChecks(app: FastifyInstance, publicUrl: string, nativeOrigins: readonly string[] = []): void {
  const ownOrigin = new URL(publicUrl).origin;
  // A callback hook: an async one costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    // A preflight from the native app is answered here: no route has an OPTIONS handler.
    if (answerNativeCors(req, reply, nativeOrigins)) return void reply.status(204).send();
    const upgrade = req.headers.upgrade?.toLowerCase() === 'websocket';
    if (SAFE_METHODS.has(req.method) && !upgrade) return done();
    if (isForeignRequest(req, ownOrigin, nativeOrigins)) return done(new HttpError(403, 'foreign_origin', FOREIGN_ORIGIN));
    done();
  });
  // A cross-site HTML form can send text/plain without asking first; JSON routes take JSON only.
  app.removeContentTypeParser('text/plain');
}
