import {
  NATIVE_CODE_INVALID,
  NATIVE_GOOGLE_CANCELLED,
  NATIVE_GOOGLE_FAILED,
  NATIVE_GOOGLE_RETURN_PATH,
  NATIVE_TWO_FACTOR,
} from '../../../shared/auth/native-auth-rules';
import { api, ApiError } from '../../lib/api';
import { readStored, writeStored } from '../../lib/storage';
import { apiOrigin, serverUrl } from '../../lib/native/api-origin';

/**
 * Google sign-in inside the native app. Google refuses sign-in in an app's WebView, so the app
 * registers a PKCE challenge with the server, then opens the system browser at the Glint server
 * (Capacitor's Browser: Custom Tabs on Android, SFSafariViewController on iOS) with the flow id it
 * was given. The browser signs in with Google, asks "Continue to the Glint app?", and comes back
 * on the server's own https link, `https://<host>/app/native/return?code=…`, which the phone opens
 * in this app only (App Links, universal links). The app then trades the code and the verifier
 * only it holds for its session token (the server side is src/server/features/auth/native-google.ts).
 */

/** The verifier of the sign-in under way, while the browser is open. */
const PENDING_KEY = 'glint.native.google';
/** As long as the server keeps the flow: after that the code could not be good anyway. */
const PENDING_MS = 10 * 60_000;

interface Pending {
  verifier: string;
  at: number;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A fresh verifier (32 random bytes) and its challenge, `base64url(sha256(verifier))`. */
export async function pkcePair(crypto: Crypto = globalThis.crypto): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

export type GoogleReturn = { code: string } | { error: string };

/**
 * What the browser's return link brings back, or null when the link is anything else. Only
 * `<server origin>/app/native/return?…` is taken, the server being exactly the one the app talks
 * to (`VITE_API_ORIGIN`): no other host, port or scheme (never `glint://`, which any app can
 * claim), no credentials, no fragment, and a code or error of the server's own making.
 */
export function googleReturnFromLink(raw: string, origin: string | null = apiOrigin()): GoogleReturn | null {
  if (!origin || typeof raw !== 'string' || raw.length > 512 || /[\s\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password || url.hash || url.pathname !== NATIVE_GOOGLE_RETURN_PATH) return null;
  // Checked on the text too: URL would tidy `/app/native/./return` or `HTTPS://` into a match.
  if (!raw.startsWith(`${origin}${NATIVE_GOOGLE_RETURN_PATH}?`)) return null;
  const code = url.searchParams.get('code');
  if (code !== null) return /^[A-Za-z0-9_-]{43}$/.test(code) ? { code } : null;
  const error = url.searchParams.get('error');
  return error !== null && /^[a-z_]{1,40}$/.test(error) ? { error } : null;
}

/** What the app says when the browser came back with an error instead of a code. */
export function googleReturnMessage(error: string): string {
  if (error === 'two_factor') return NATIVE_TWO_FACTOR;
  if (error === 'expired') return NATIVE_CODE_INVALID;
  if (error === 'cancelled') return NATIVE_GOOGLE_CANCELLED;
  return NATIVE_GOOGLE_FAILED;
}

const parsePending = (raw: unknown): Pending | undefined => {
  const p = raw as Partial<Pending> | null;
  return p && typeof p.verifier === 'string' && typeof p.at === 'number' ? { verifier: p.verifier, at: p.at } : undefined;
};

/** The verifier of a sign-in started here less than ten minutes ago, taken (it serves once). */
export function takePendingVerifier(now = Date.now()): string | undefined {
  const pending = readStored(PENDING_KEY, parsePending);
  try {
    window.localStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
  return pending && now - pending.at < PENDING_MS && now >= pending.at ? pending.verifier : undefined;
}

/**
 * Registers a fresh challenge with the server (from the app's own origin), then opens the system
 * browser at the server's Google sign-in with the flow id it was given: a sign-in the app did not
 * start has no flow, and the server starts none.
 */
export async function startNativeGoogleSignIn(): Promise<void> {
  const { verifier, challenge } = await pkcePair();
  const { flow } = await api<{ flow: string }>('/api/native/google/flows', { method: 'POST', json: { challenge } });
  writeStored(PENDING_KEY, { verifier, at: Date.now() } satisfies Pending);
  const { Browser } = await import('@capacitor/browser');
  await Browser.open({ url: serverUrl(`/api/native/google?flow=${encodeURIComponent(flow)}`) });
}

/**
 * Ends a sign-in the browser came back from: closes it, and trades the code for the session (kept
 * by the API client from `set-auth-token`). Resolves to null when signed in, or to what to tell.
 */
export async function finishNativeGoogleSignIn(back: GoogleReturn): Promise<string | null> {
  const { Browser } = await import('@capacitor/browser');
  // Android closes Custom Tabs itself when the app comes forward; iOS needs telling.
  await Browser.close().catch(() => undefined);
  const verifier = takePendingVerifier();
  if ('error' in back) return googleReturnMessage(back.error);
  if (!verifier) return NATIVE_CODE_INVALID;
  try {
    await api('/api/native/google/exchange', { method: 'POST', json: { code: back.code, verifier } });
    return null;
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? NATIVE_CODE_INVALID : NATIVE_GOOGLE_FAILED;
  }
}
