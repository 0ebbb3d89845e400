import { describe, expect, it } from 'vitest';
import { toApiErrorAnswer } from './routes.js';

describe('Better Auth error answers in the API’s one shape', () => {
  it('snake-cases the code and keeps the properties clients read', () => {
    expect(toApiErrorAnswer(401, { code: 'INVALID_CODE', message: 'Invalid code', remaining_attempts: 3 })).toEqual({
      status: 401,
      body: { code: 'invalid_code', message: 'Invalid code', remaining_attempts: 3 },
    });
  });

  it('answers every "already exists" with 409, as Glint’s own routes do', () => {
    for (const code of ['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'USERNAME_IS_ALREADY_TAKEN', 'EMAIL_EXISTS']) {
      expect(toApiErrorAnswer(422, { code, message: 'taken' }).status, code).toBe(409);
    }
    expect(toApiErrorAnswer(422, { code: 'FAILED_TO_CREATE_USER', message: 'x' }).status).toBe(422);
  });

  it('fills a missing code from the status and a missing message with plain words, whatever the body', () => {
    expect(toApiErrorAnswer(403, { message: 'Nope' }).body).toEqual({ code: 'forbidden', message: 'Nope' });
    expect(toApiErrorAnswer(400, { code: 'BAD' }).body).toEqual({ code: 'bad', message: 'Something went wrong. Please try again.' });
    expect(toApiErrorAnswer(404, null).body).toEqual({ code: 'not_found', message: 'Not found' });
    expect(toApiErrorAnswer(400, [1]).body).toEqual({ code: 'bad_request', message: 'Something went wrong. Please try again.' });
  });
});
