import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { NATIVE_CODE_INVALID, NATIVE_GOOGLE_FAILED, NATIVE_TWO_FACTOR } from '../../shared/native-auth-rules';
import { googleReturnFromLink, googleReturnMessage, pkcePair, takePendingVerifier } from './google-sign-in';

const CODE = 'A'.repeat(42) + '_';

describe('pkcePair', () => {
  it('makes a fresh 32-byte verifier and its SHA-256 challenge, both base64url', async () => {
    const a = await pkcePair();
    const b = await pkcePair();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(createHash('sha256').update(a.verifier).digest('base64url'));
    expect(b.verifier).not.toBe(a.verifier);
  });
});

describe('googleReturnFromLink', () => {
  it('takes the code or the error the browser brings back on the app’s own link', () => {
    expect(googleReturnFromLink(`glint://auth/google?code=${CODE}`)).toEqual({ code: CODE });
    expect(googleReturnFromLink('glint://auth/google?error=two_factor')).toEqual({ error: 'two_factor' });
  });

  it('ignores every other link, and codes or errors that are not of the server’s making', () => {
    for (const link of [
      'glint://glint/abc',
      `https://glint.example/auth/google?code=${CODE}`,
      `glint://auth/google/extra?code=${CODE}`,
      `glint://auth/googlex?code=${CODE}`,
      'glint://auth/google?code=short',
      `glint://auth/google?code=${CODE}%3Cscript%3E`,
      'glint://auth/google?error=%3Cb%3E',
      'glint://auth/google?',
      'javascript:alert(1)',
    ]) {
      expect(googleReturnFromLink(link), link).toBeNull();
    }
  });

  it('says what went wrong in words', () => {
    expect(googleReturnMessage('two_factor')).toBe(NATIVE_TWO_FACTOR);
    expect(googleReturnMessage('expired')).toBe(NATIVE_CODE_INVALID);
    expect(googleReturnMessage('google')).toBe(NATIVE_GOOGLE_FAILED);
  });
});

describe('takePendingVerifier', () => {
  const store = new Map<string, string>();
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  (globalThis as { window?: unknown }).window ??= globalThis;
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  afterEach(() => store.clear());

  it('gives the verifier of a sign-in started in the last ten minutes, once', () => {
    store.set('glint.native.google', JSON.stringify({ verifier: 'v', at: 1_000 }));
    expect(takePendingVerifier(1_000 + 9 * 60_000)).toBe('v');
    expect(takePendingVerifier(1_000 + 9 * 60_000)).toBeUndefined();
  });

  it('gives nothing for an old sign-in, or when none was started', () => {
    store.set('glint.native.google', JSON.stringify({ verifier: 'v', at: 1_000 }));
    expect(takePendingVerifier(1_000 + 11 * 60_000)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(takePendingVerifier()).toBeUndefined();
  });
});
