// No zod here: the app shell imports these (docs/performance.md, the bundle budget).

/**
 * WebSocket subprotocols of Glint's sockets (`/api/realtime`, `/api/live/ingest`). A page cannot
 * set `Authorization` on a WebSocket, so the native app, which has no session cookie, offers
 * `[SOCKET_PROTOCOL, SOCKET_BEARER_PREFIX + base64url(token)]`; the server reads the token from
 * the second and answers with the first.
 */
export const SOCKET_PROTOCOL = 'glint.v1';
export const SOCKET_BEARER_PREFIX = 'glint.bearer.';
