import { describe, expect, it } from 'vitest';
import { SOCKET_BEARER_PREFIX, SOCKET_PROTOCOL } from '../../../shared/realtime/socket-protocol';
import { mediaUrl, parseApiOrigin, serverUrl, socketUrl } from './api-origin';
import { nativeFromGlobals, startRedirect } from './platform';
import { bearerHeaders, socketProtocols, tokenAfterAnswer } from './session-token';

describe('nativeFromGlobals', () => {
  it('knows the app by the bridge its shell injects or a named custom platform, and a browser by their absence', () => {
    expect(nativeFromGlobals({ Capacitor: { isNativePlatform: () => true } })).toBe(true);
    expect(nativeFromGlobals({ CapacitorCustomPlatform: { name: 'android' } })).toBe(true);
    expect(nativeFromGlobals({})).toBe(false);
    // @capacitor/core on the web puts a Capacitor object that says it is not native.
    expect(nativeFromGlobals({ Capacitor: { isNativePlatform: () => false } })).toBe(false);
    expect(nativeFromGlobals({ CapacitorCustomPlatform: { name: 'web' } })).toBe(false);
    expect(nativeFromGlobals({ CapacitorCustomPlatform: { name: 42 } })).toBe(false);
  });
});

describe('startRedirect', () => {
  it('sends the native app from the landing page to the home feed, and nothing else anywhere', () => {
    expect(startRedirect('/', true)).toBe('/app');
    expect(startRedirect('/', false)).toBeNull();
    expect(startRedirect('/bounties', true)).toBeNull();
    expect(startRedirect('/app', true)).toBeNull();
  });
});

describe('the server origin', () => {
  it('takes an http(s) origin only', () => {
    expect(parseApiOrigin('https://glint.example/')).toBe('https://glint.example');
    expect(parseApiOrigin(' http://10.0.2.2:3000 ')).toBe('http://10.0.2.2:3000');
    for (const bad of [
      undefined,
      '',
      'glint.example',
      'javascript:alert(1)',
      'https://glint.example/api',
      'https://u:p@glint.example',
      'https://glint.example/?x=1',
    ]) {
      expect(parseApiOrigin(bad), String(bad)).toBeNull();
    }
  });

  it('puts it in front of server paths only when there is one', () => {
    const o = 'https://glint.example';
    expect(serverUrl('/api/home', o)).toBe('https://glint.example/api/home');
    expect(serverUrl('/api/home', null)).toBe('/api/home');
    expect(serverUrl('//evil.example/x', o)).toBe('//evil.example/x');
    expect(mediaUrl('/media/a.jpg', o)).toBe('https://glint.example/media/a.jpg');
    expect(mediaUrl('https://cdn.example/a.jpg', o)).toBe('https://cdn.example/a.jpg');
    expect(mediaUrl('blob:https://localhost/1', o)).toBe('blob:https://localhost/1');
    expect(mediaUrl(null, o)).toBeNull();
    expect(mediaUrl(undefined, o)).toBeUndefined();
  });

  it('opens sockets on the page’s origin in a browser and on the server in the app', () => {
    expect(socketUrl('/api/realtime', { protocol: 'https:', host: 'glint.example' }, null)).toBe('wss://glint.example/api/realtime');
    expect(socketUrl('/api/realtime', { protocol: 'https:', host: 'localhost' }, 'https://glint.example')).toBe('wss://glint.example/api/realtime');
    expect(socketUrl('/api/live/ingest', { protocol: 'capacitor:', host: 'localhost' }, 'http://10.0.2.2:3000')).toBe('ws://10.0.2.2:3000/api/live/ingest');
  });
});

describe('the native session token', () => {
  const answer = (path: string, status: number, issued: string | null = null) => ({ path, status, issued });

  it('is kept from any answer that issues one, and forgotten at sign-out or account deletion', () => {
    expect(tokenAfterAnswer(null, answer('/api/auth/sign-in/username', 200, 'tok.sig'))).toBe('tok.sig');
    expect(tokenAfterAnswer('old', answer('/api/auth/two-factor/verify-totp', 200, 'new.sig'))).toBe('new.sig');
    expect(tokenAfterAnswer('tok', answer('/api/me', 200))).toBe('tok');
    expect(tokenAfterAnswer('tok', answer('/api/auth/sign-out', 200))).toBeNull();
    expect(tokenAfterAnswer('tok', answer('https://glint.example/api/auth/delete-user', 200))).toBeNull();
  });

  it('survives a failed sign-out and a failed call, but not the server calling it no good', () => {
    expect(tokenAfterAnswer('tok', answer('/api/auth/sign-out', 500))).toBe('tok');
    expect(tokenAfterAnswer('tok', answer('/api/videos', 401))).toBe('tok');
    expect(tokenAfterAnswer('tok', answer('/api/auth/get-session', 401))).toBeNull();
  });

  it('ignores an issued token that could not be a header value', () => {
    expect(tokenAfterAnswer('tok', answer('/api/auth/sign-in/email', 200, 'a b\r\nSet-Cookie: x'))).toBe('tok');
  });

  it('goes as a bearer header, and asks for the token on the account endpoints', () => {
    expect(bearerHeaders('/api/me', 'tok')).toEqual({ Authorization: 'Bearer tok' });
    expect(bearerHeaders('/api/auth/sign-in/email', null)).toEqual({ 'X-Auth-Transport': 'bearer' });
    expect(bearerHeaders('/api/videos', null)).toEqual({});
  });

  it('goes to sockets as a base64url subprotocol beside Glint’s own', () => {
    expect(socketProtocols(null)).toEqual([]);
    const [own, bearer] = socketProtocols('tok.ab+c/d%3D');
    expect(own).toBe(SOCKET_PROTOCOL);
    expect(bearer).toMatch(new RegExp(`^${SOCKET_BEARER_PREFIX.replace(/\./g, '\\.')}[A-Za-z0-9_-]+$`));
    const encoded = bearer!.slice(SOCKET_BEARER_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
    expect(atob(encoded + '='.repeat((4 - (encoded.length % 4)) % 4))).toBe('tok.ab+c/d%3D');
  });
});
