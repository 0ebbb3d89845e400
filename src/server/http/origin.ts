import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN = 'This request came from another site and was refused.';

/**
 * Cross-site request forgery, refused for the whole API at once rather than route by route.
 * Browsers name the page's origin on every state-changing request and on WebSocket upgrades, so
 * a request another site makes on a signed-in visitor's behalf carries a foreign `Origin` (or,
 * from older browsers, a `Sec-Fetch-Site` saying so). Requests with neither come from scripts and
 * apps that hold their own credentials (curl, the native app's bearer token) and pass.
 */
export function isForeignRequest(req: FastifyRequest, ownOrigin: string): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return origin !== ownOrigin;
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export function registerOriginChecks(app: FastifyInstance, publicUrl: string): void {
  const ownOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const upgrade = req.headers.upgrade?.toLowerCase() === 'websocket';
    if (SAFE_METHODS.has(req.method) && !upgrade) return;
    if (isForeignRequest(req, ownOrigin)) throw new HttpError(403, 'foreign_origin', FOREIGN_ORIGIN);
  });
  // A cross-site HTML form can send text/plain without asking first; JSON routes take JSON only.
  app.removeContentTypeParser('text/plain');
}
