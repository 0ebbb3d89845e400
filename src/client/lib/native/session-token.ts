import { SOCKET_BEARER_PREFIX, SOCKET_PROTOCOL } from '../../../shared/realtime/socket-protocol';
import { readStored, writeStored } from '../storage';
import { BUILT_FOR_APP, isNativePlatform } from './platform';

/**
 * The native app's session. Across origins the WebView neither keeps nor sends the server's
 * cookie reliably, so the app asks for the session token itself (`X-Auth-Transport: bearer` on
 * the account endpoints), keeps it in localStorage and sends it as `Authorization: Bearer` on
 * every call and as a subprotocol on its sockets. A browser never does any of this: its session
 * is the httpOnly cookie, which page scripts cannot read.
 *
 * localStorage, not a keychain: the token is readable by the page's own scripts either way (the
 * Preferences plugin answers scripts too), and the WebView keeps localStorage in the app's
 * private storage, out of other apps' reach. Should the system clear it, the user signs in again.
 */
export const SESSION_TOKEN_KEY = 'glint.native.session';

/** Account endpoints after which the session this app holds is gone. */
const ENDS_OWN_SESSION = /^\/api\/auth\/(sign-out|delete-user)(\?|$)/;

/**
 * The token to keep after an answer: the one the server just issued (`set-auth-token`, given at
 * every sign-in, sign-up, two-factor step and session refresh), none after a successful sign-out
 * or account deletion, or after the server said the token is no good (401 while we sent it);
 * otherwise the one held.
 */
export function tokenAfterAnswer(current: string | null, answer: { path: string; status: number; issued: string | null }): string | null {
  const path = answer.path.replace(/^https?:\/\/[^/]+/, '');
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && ENDS_OWN_SESSION.test(path)) return null;
  if (answer.issued && /^[\x21-\x7e]{1,2048}$/.test(answer.issued)) return answer.issued;
  if (answer.status === 401 && path.startsWith('/api/auth/get-session') && current) return null;
  return current;
}

/** Headers for a call to the server: the bearer token when held, and the token request on account endpoints. */
export function bearerHeaders(path: string, token: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (path.replace(/^https?:\/\/[^/]+/, '').startsWith('/api/auth/')) headers['X-Auth-Transport'] = 'bearer';
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Subprotocols for a socket: Glint's own, and the token (base64url, which subprotocol names allow). */
export function socketProtocols(token: string | null): string[] {
  if (!token) return [];
  const bytes = new TextEncoder().encode(token);
  const b64 = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return [SOCKET_PROTOCOL, `${SOCKET_BEARER_PREFIX}${b64}`];
}

const parseToken = (raw: unknown) => (typeof raw === 'string' && raw ? raw : undefined);

/** The token held by the native app; always null in a browser. */
export function sessionToken(): string | null {
  return BUILT_FOR_APP && isNativePlatform() ? (readStored(SESSION_TOKEN_KEY, parseToken) ?? null) : null;
}

/** Headers that authenticate a call from the native app (none in a browser). */
export function nativeAuthHeaders(path: string): Record<string, string> {
  return BUILT_FOR_APP && isNativePlatform() ? bearerHeaders(path, sessionToken()) : {};
}

/** Keeps what an answer says about the session (native app only). */
export function rememberSession(path: string, res: Pick<Response, 'status' | 'headers'>): void {
  if (!BUILT_FOR_APP || !isNativePlatform()) return;
  const current = sessionToken();
  const next = tokenAfterAnswer(current, { path, status: res.status, issued: res.headers.get('set-auth-token') });
  if (next === current) return;
  if (next) writeStored(SESSION_TOKEN_KEY, next);
  else {
    try {
      window.localStorage.removeItem(SESSION_TOKEN_KEY);
    } catch {
      // Storage unavailable: nothing was kept either.
    }
  }
}
