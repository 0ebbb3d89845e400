import { reportRequest } from './connectivity';
import { codeForStatus, GENERIC_ERROR_MESSAGE, isApiErrorBody, type ApiErrorBody } from '../../shared/platform/errors';
import { serverUrl } from './native/api-origin';
import { nativeAuthHeaders, rememberSession } from './native/session-token';

/**
 * A failed API call: the status and the server's `{ code, message, fields }`. Made from any
 * answer that is not 2xx, whatever its body (a proxy's HTML page, nothing at all), so callers
 * read one shape and never meet a JSON `SyntaxError`.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    /** The whole body, with any further properties the answer had (`remaining_attempts`). */
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.code;
    this.fields = body.fields ?? {};
  }

  /** The error a non-2xx answer stands for, from its status and body text. */
  static fromResponse(status: number, text: string): ApiError {
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (isApiErrorBody(data)) return new ApiError(status, data);
    // Not our body: a gateway's page, an empty answer. Its words are not for the user.
    return new ApiError(status, { code: codeForStatus(status), message: GENERIC_ERROR_MESSAGE });
  }

  /** The call never got an answer (offline, connection dropped). */
  static network(): ApiError {
    return new ApiError(0, { code: 'network_error', message: GENERIC_ERROR_MESSAGE });
  }
}

/** Open while a request that changes the page's session is under way (`holdingRequests`). */
let held: Promise<void> | undefined;

/**
 * Runs `change` (a sign-out, a two-factor change: after it the server refuses the session cookie
 * the page held) while every other API call waits, except the account endpoints' own
 * (`/api/auth/...`, which `change` sends): a call the server answered in the middle would be
 * refused with a 401. A call that waited goes out after `change`, with the session it left,
 * unless its signal is aborted meanwhile (the caller drops what asked for the old account).
 */
export async function holdingRequests<T>(change: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  held = gate;
  try {
    return await change();
  } finally {
    if (held === gate) held = undefined;
    release();
  }
}

/** Waits for the gate, or rejects as fetch does when `signal` aborts first. */
function waitForGate(gate: Promise<void>, signal: AbortSignal | null | undefined): Promise<void> {
  if (!signal) return gate;
  const aborted = () => signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    void gate.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/**
 * Fetches `/api/...` with the session cookie, JSON in and out; throws `ApiError`. In the native
 * app the call goes to the Glint server's origin with the bearer token instead (src/client/lib/native).
 */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  if (held && !path.startsWith('/api/auth/')) await waitForGate(held, rest.signal);
  let res: Response;
  let text: string;
  try {
    res = await fetch(serverUrl(path), {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...nativeAuthHeaders(path),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
    rememberSession(path, res);
    text = await res.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportRequest(false);
    throw ApiError.network();
  }
  reportRequest(true);
  if (!res.ok) throw ApiError.fromResponse(res.status, text);
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    // A 200 that is not JSON comes from something between us and the API (a captive portal).
    throw new ApiError(res.status, { code: 'invalid_response', message: GENERIC_ERROR_MESSAGE });
  }
}

/** Sends an image file as the raw body (thumbnails, avatars); the server re-encodes it. */
export function postImage(path: string, file: File): Promise<{ url: string }> {
  return api<{ url: string }>(path, { method: 'POST', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' } });
}

/** `apiPath('/api/streams', { status: 'live', category: undefined })` -> `/api/streams?status=live`. */
export function apiPath(path: string, params: Record<string, string | boolean | undefined | null> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** A 4xx answer: asking again will not change it. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
