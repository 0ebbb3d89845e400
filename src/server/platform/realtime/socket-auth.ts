import type { FastifyInstance } from 'fastify';
import { SOCKET_BEARER_PREFIX, SOCKET_PROTOCOL } from '../../../shared/realtime/socket-protocol.js';

/** The session token a socket offered as a subprotocol (`glint.bearer.<base64url>`), if any. */
export function bearerFromProtocols(header: string | undefined): string | undefined {
  for (const p of (header ?? '').split(',')) {
    const protocol = p.trim();
    if (!protocol.startsWith(SOCKET_BEARER_PREFIX)) continue;
    const encoded = protocol.slice(SOCKET_BEARER_PREFIX.length);
    if (!/^[A-Za-z0-9_-]{1,1024}$/.test(encoded)) return undefined;
    const token = Buffer.from(encoded, 'base64url').toString('utf8');
    // A session token is printable ASCII; anything else would only confuse the header it becomes.
    return /^[\x21-\x7e]+$/.test(token) ? token : undefined;
  }
  return undefined;
}

/** Picks Glint's own subprotocol when a socket offers it: never the one carrying the token. */
export function pickSocketProtocol(protocols: Set<string>): string | false {
  return protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false;
}

/**
 * A socket's subprotocol token becomes its `Authorization: Bearer` header before any route reads
 * the session, so every socket route (realtime, live ingest) and every later re-check of it
 * authenticate the native app the same way as an API call. The token is checked like any bearer
 * token: a forged one is a guest. A real `Authorization` header wins.
 */
export function registerSocketBearer(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.headers.upgrade?.toLowerCase() === 'websocket' && !req.headers.authorization) {
      const token = bearerFromProtocols(req.headers['sec-websocket-protocol']);
      if (token) req.headers.authorization = `Bearer ${token}`;
    }
    done();
  });
}
