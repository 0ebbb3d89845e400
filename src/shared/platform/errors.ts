import type { ApiErrorBody } from './error-schema.js';

export type { ApiErrorBody };

/**
 * Whether a parsed answer is our error body: `ApiErrorSchema` (error-schema.ts) as a plain check.
 * The web app reads every failed answer through this, and a zod schema built at load would put zod
 * in the app's entry chunk; a property test keeps the two in agreement.
 */
export function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const { code, message, fields } = data as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  if (fields === undefined) return true;
  return typeof fields === 'object' && fields !== null && !Array.isArray(fields) && Object.values(fields).every((v) => typeof v === 'string');
}

/** What a person sees when the server gave no usable words (a proxy's HTML page, a dropped line). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** `USERNAME_IS_ALREADY_TAKEN`, `UsernameTaken` or `username-taken` -> `username_is_already_taken`, ... */
export function toErrorCode(code: string): string {
  return code
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** The code of an answer without a body of ours, by its status. */
export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'too_many_requests';
    case 502:
      return 'bad_gateway';
    case 503:
      return 'service_unavailable';
    case 504:
      return 'gateway_timeout';
    default:
      return status >= 500 ? 'internal_error' : 'http_error';
  }
}
