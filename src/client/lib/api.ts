import type { ApiError } from '../../shared/content';

/** An API answer that was not 2xx, carrying the server's `{ error, message }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

/** Fetches `/api/...` with the session cookie, JSON in and out; throws `ApiRequestError`. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: { Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const body =
      data && typeof data === 'object' && 'message' in data
        ? (data as ApiError)
        : { error: 'http_error', message: `Request failed (${res.status})` };
    throw new ApiRequestError(res.status, body);
  }
  return data as T;
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
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}
