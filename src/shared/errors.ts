import { z } from 'zod';

/**
 * The body of every error the API answers, from Glint's routes and from the account endpoints
 * alike. `code` is for programs (snake_case, stable), `message` for people (shown as it is), and
 * `fields` maps a request field (`links.0`, `displayName`) to what is wrong with it. A few answers
 * carry more (two-factor's `remaining_attempts`), so other properties are kept, not stripped.
 */
export const ApiErrorSchema = z.looseObject({
  code: z.string().describe('snake_case, stable: what a program checks'),
  message: z.string().describe('What went wrong, in words to show the user'),
  fields: z.record(z.string(), z.string()).optional().describe('Request field path -> its problem'),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

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
