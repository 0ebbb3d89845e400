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
