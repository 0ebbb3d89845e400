import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { NATIVE_CODE_INVALID, NATIVE_GOOGLE_CANCELLED, NATIVE_GOOGLE_FAILED, NATIVE_TWO_FACTOR } from '../../../shared/auth/native-auth-rules';
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
  const SERVER = 'https://glint.example';
  const back = (link: string) => googleReturnFromLink(link, SERVER);

  it('takes the code or the error the browser brings back on the server’s own https return link', () => {
    expect(back(`https://glint.example/app/native/return?code=${CODE}`)).toEqual({ code: CODE });
    expect(back('https://glint.example/app/native/return?error=two_factor')).toEqual({ error: 'two_factor' });
    expect(back('https://glint.example/app/native/return?error=cancelled')).toEqual({ error: 'cancelled' });
  });

  it('takes no code on the custom scheme, which any app can claim, nor on another host, port or path', () => {
    for (const link of [
      `glint://auth/google?code=${CODE}`,
      `glint://app/native/return?code=${CODE}`,
      `http://glint.example/app/native/return?code=${CODE}`,
      `https://evil.example/app/native/return?code=${CODE}`,
      `https://glint.example.evil.example/app/native/return?code=${CODE}`,
      `https://glint.example:8443/app/native/return?code=${CODE}`,
      `https://user:pw@glint.example/app/native/return?code=${CODE}`,
      `https://glint.example@evil.example/app/native/return?code=${CODE}`,
      `https://GLINT.example/app/native/return?code=${CODE}`,
      `https://glint.example/app/native/./return?code=${CODE}`,
      `https://glint.example/app/native/return/extra?code=${CODE}`,
      `https://glint.example/app/native/returnx?code=${CODE}`,
      `https://glint.example//app/native/return?code=${CODE}`,
      `https://glint.example/app/native/return?code=${CODE}#x`,
      `https://glint.example/app/native/return?code=${CODE}\\evil`,
      '//glint.example/app/native/return?code=' + CODE,
      'javascript:alert(1)',
    ]) {
      expect(back(link), link).toBeNull();
    }
  });

  it('ignores codes or errors that are not of the server’s making, and everything without a server address', () => {
    for (const link of [
      'https://glint.example/app/native/return?code=short',
      `https://glint.example/app/native/return?code=${CODE}%3Cscript%3E`,
      'https://glint.example/app/native/return?error=%3Cb%3E',
      'https://glint.example/app/native/return?',
      'https://glint.example/app/native/return',
      `https://glint.example/glint/abc?code=${CODE}`,
    ]) {
      expect(back(link), link).toBeNull();
    }
    expect(googleReturnFromLink(`https://glint.example/app/native/return?code=${CODE}`, null)).toBeNull();
  });

  it('says what went wrong in words', () => {
    expect(googleReturnMessage('two_factor')).toBe(NATIVE_TWO_FACTOR);
    expect(googleReturnMessage('expired')).toBe(NATIVE_CODE_INVALID);
    expect(googleReturnMessage('cancelled')).toBe(NATIVE_GOOGLE_CANCELLED);
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
