import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, type ApiErrorBody } from '../../../shared/platform/error-schema.js';
import { codeForStatus, toErrorCode } from '../../../shared/platform/errors.js';
import { IMAGE_TOO_LARGE } from '../../../shared/media/images.js';

/** An error whose message is safe and meant for the user; `fields` names the request fields at fault. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);

/** The error answers every documented route may give, each with the one error body. */
const ERROR_RESPONSES = {
  400: 'The request is malformed or a field is invalid (see fields)',
  401: 'Not signed in',
  403: 'Signed in, but not allowed',
  404: 'Not found',
  409: 'Conflicts with what exists (already taken, already linked)',
  410: 'Gone: removed by a moderator, or its account is banned',
  429: 'Too many requests',
  500: 'Something failed on our side',
  503: 'The server is overloaded: try again after Retry-After seconds',
} as const;

/** Holds the error body's OpenAPI component (`#/components/schemas/ApiError`). */
export const apiSchemaRegistry = z.registry<{ id: string }>();
apiSchemaRegistry.add(ApiErrorSchema, { id: 'ApiError' });

type OpenApiDoc = { paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>> };

/** Gives the error answers of the OpenAPI document their descriptions (zod schemas carry none). */
export function describeErrorResponses<T>(doc: T): T {
  for (const operations of Object.values((doc as OpenApiDoc).paths ?? {})) {
    for (const op of Object.values(operations)) {
      for (const [status, text] of Object.entries(ERROR_RESPONSES)) {
        const res = op.responses?.[status];
        if (res && (!res.description || res.description === 'Default Response')) res.description = text;
      }
    }
  }
  return doc;
}

/** `links/0` (a validation path) -> `links.0` (how the body and the forms name the field). */
const fieldPath = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/** One shape for every error the API returns: `{ code, message, fields? }`. */
export function registerErrorHandling(app: FastifyInstance): void {
  // Every documented route lists the error answers it may give, so API clients see the shape.
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide || !route.url.startsWith('/api/')) return;
    const schema = (route.schema ??= {});
    const response = { ...(schema.response as Record<string, unknown> | undefined) };
    for (const status of Object.keys(ERROR_RESPONSES)) response[status] ??= ApiErrorSchema;
    schema.response = response;
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const field = fieldPath(v.instancePath);
        // An empty path is the whole body or query (missing, not an object): no field to point at.
        if (field) fields[field] ??= v.message ?? 'Invalid value';
      }
      const first = err.validation[0]?.message;
      const body: ApiErrorBody = {
        code: 'invalid_request',
        message: first ?? 'Invalid request',
        ...(Object.keys(fields).length ? { fields } : {}),
      };
      return reply.status(400).send(body);
    }
    if (err instanceof HttpError) {
      const body: ApiErrorBody = { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
      return reply.status(err.statusCode).send(body);
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    // Only picture uploads take bodies this large, and the browser checks the same limit first.
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && req.headers['content-type']?.startsWith('image/')) {
      return reply.status(413).send({ code: 'image_too_large', message: IMAGE_TOO_LARGE } satisfies ApiErrorBody);
    }
    // Fastify's own codes (FST_ERR_...) name its internals, not the problem: the status says more.
    const code = status >= 500 ? 'internal_error' : err.code && !err.code.startsWith('FST_') ? toErrorCode(err.code) : codeForStatus(status);
    const body: ApiErrorBody = {
      code,
      message: status >= 500 ? 'Something went wrong on our side. Please try again.' : err.message,
    };
    return reply.status(status).send(body);
  });
}
