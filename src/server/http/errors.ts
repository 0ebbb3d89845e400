import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/content.js';

/** An error whose message is safe and meant for the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);

/** One shape for every error the API returns: `{ error, message, issues? }`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const body: ApiError = { error: 'invalid_request', message: issues[0]?.message ?? 'Invalid request', issues };
      return reply.status(400).send(body);
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ error: err.code, message: err.message } satisfies ApiError);
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    const body: ApiError = {
      error: status >= 500 ? 'internal_error' : (err.code ?? 'bad_request').toLowerCase(),
      message: status >= 500 ? 'Something went wrong on our side. Please try again.' : err.message,
    };
    return reply.status(status).send(body);
  });
}
