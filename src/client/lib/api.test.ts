import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '../../shared/platform/errors';
import { api, ApiError, isClientError } from './api';

const answer = (status: number, body: string, type = 'application/json') =>
  vi.fn(async () => new Response(body || null, { status, headers: { 'content-type': type } }));

afterEach(() => vi.unstubAllGlobals());

describe('ApiError.fromResponse', () => {
  it('reads the server body: code, message, fields and any further property', () => {
    const e = ApiError.fromResponse(
      400,
      JSON.stringify({ code: 'invalid_request', message: 'Bio too long', fields: { bio: 'Bio too long' }, remaining_attempts: 3 }),
    );
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ status: 400, code: 'invalid_request', message: 'Bio too long', fields: { bio: 'Bio too long' } });
    expect(e.body.remaining_attempts).toBe(3);
  });

  it('turns a proxy’s HTML 502 page into a bad_gateway error with words for people', () => {
    const e = ApiError.fromResponse(502, '<html><body><h1>502 Bad Gateway</h1></body></html>');
    expect(e).toMatchObject({ status: 502, code: 'bad_gateway', message: GENERIC_ERROR_MESSAGE, fields: {} });
  });

  it('handles an empty body and JSON that is not ours', () => {
    expect(ApiError.fromResponse(404, '')).toMatchObject({ status: 404, code: 'not_found', message: GENERIC_ERROR_MESSAGE });
    expect(ApiError.fromResponse(500, '{"error":"x"}')).toMatchObject({ code: 'internal_error', message: GENERIC_ERROR_MESSAGE });
    expect(ApiError.fromResponse(418, 'null')).toMatchObject({ code: 'http_error' });
  });
});

describe('api()', () => {
  it('throws ApiError, never a SyntaxError, for a 502 HTML answer', async () => {
    vi.stubGlobal('fetch', answer(502, '<!doctype html><title>Bad Gateway</title>', 'text/html'));
    const error = await api('/api/home').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'bad_gateway', message: GENERIC_ERROR_MESSAGE });
    expect(isClientError(error)).toBe(false);
  });

  it('throws the server’s error for a 4xx, and counts it as a client error', async () => {
    vi.stubGlobal('fetch', answer(409, JSON.stringify({ code: 'display_name_taken', message: 'Display name is already taken' })));
    const error = await api('/api/profile', { method: 'PATCH', json: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'display_name_taken', message: 'Display name is already taken' });
    expect(isClientError(error)).toBe(true);
  });

  it('throws network_error when there is no answer at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/api/home')).rejects.toMatchObject({ status: 0, code: 'network_error', message: GENERIC_ERROR_MESSAGE });
  });

  it('returns the JSON of a 2xx, and undefined for an empty one', async () => {
    vi.stubGlobal('fetch', answer(200, '{"ok":true}'));
    await expect(api('/api/x')).resolves.toEqual({ ok: true });
    vi.stubGlobal('fetch', answer(204, ''));
    await expect(api('/api/x')).resolves.toBeUndefined();
  });
});
