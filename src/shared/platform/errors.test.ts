import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from './error-schema.js';
import { codeForStatus, isApiErrorBody, toErrorCode } from './errors.js';

describe('the error body', () => {
  it('needs a code and a message, and keeps further properties', () => {
    expect(ApiErrorSchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(ApiErrorSchema.safeParse({ code: 'x' }).success).toBe(false);
    expect(ApiErrorSchema.safeParse({ code: 'x', message: 'y', fields: { a: 1 } }).success).toBe(false);
    expect(ApiErrorSchema.parse({ code: 'x', message: 'y', remaining_attempts: 2 })).toEqual({ code: 'x', message: 'y', remaining_attempts: 2 });
  });

  it("the web app's plain check accepts exactly what the schema accepts", () => {
    const loose = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined), fc.array(fc.string()));
    const bodyLike = fc.record(
      {
        code: loose,
        message: loose,
        fields: fc.oneof(loose, fc.dictionary(fc.string(), loose), fc.dictionary(fc.string(), fc.string())),
        remaining_attempts: fc.integer(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), bodyLike), (data) => {
        expect(isApiErrorBody(data)).toBe(ApiErrorSchema.safeParse(data).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('codes are snake_case whatever Better Auth or a library wrote', () => {
    expect(toErrorCode('USERNAME_IS_ALREADY_TAKEN')).toBe('username_is_already_taken');
    expect(toErrorCode('InvalidCode')).toBe('invalid_code');
    expect(toErrorCode('rate-limited')).toBe('rate_limited');
    expect(toErrorCode('already_snake')).toBe('already_snake');
  });

  it('an answer without our body gets a code from its status', () => {
    expect([400, 401, 403, 404, 409, 429, 502, 503, 500, 418].map(codeForStatus)).toEqual([
      'bad_request',
      'unauthorized',
      'forbidden',
      'not_found',
      'conflict',
      'too_many_requests',
      'bad_gateway',
      'service_unavailable',
      'internal_error',
      'http_error',
    ]);
  });
});
