import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeMessage } from '../../../shared/realtime/realtime.js';
import { SOCKET_BEARER_PREFIX, SOCKET_PROTOCOL } from '../../../shared/realtime/socket-protocol.js';
import { ConfigError, loadConfig, parseCertFingerprints, parseNativeOrigins } from '../../platform/config.js';
import { FOREIGN_ORIGIN } from '../../platform/http/origin.js';
import { bearerFromProtocols } from '../../platform/realtime/socket-auth.js';
import { createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';

const PW = 'Str0ng!Passw0rd';
const ANDROID = 'https://localhost';
const IOS = 'capacitor://localhost';
const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':');

describe('native app settings', () => {
  it('takes exact origins and refuses wildcards, paths and the null origin', () => {
    expect(parseNativeOrigins(' capacitor://localhost , https://localhost ')).toEqual([IOS, ANDROID]);
    for (const bad of ['*', 'https://*.example', 'https://localhost/app', 'null', 'localhost', 'http://glint.example']) {
      expect(() => parseNativeOrigins(bad), bad).toThrow(ConfigError);
    }
  });

  it('takes SHA-256 certificate fingerprints only', () => {
    expect(parseCertFingerprints(FINGERPRINT.toLowerCase())).toEqual([FINGERPRINT]);
    expect(() => parseCertFingerprints('AB:CD')).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', IOS_TEAM_ID: 'not-a-team' })).toThrow(/IOS_TEAM_ID/);
  });
});

describe('app links files', () => {
  it('are not found when nothing is configured, and then the app’s origins are as foreign as any site', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/.well-known/assetlinks.json' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/.well-known/apple-app-site-association' })).statusCode).toBe(404);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/username',
        headers: { origin: ANDROID, 'content-type': 'application/json', 'x-auth-transport': 'bearer' },
        payload: JSON.stringify({ username: 'nobody', password: PW }),
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('name the app, its signing certificate and team, and only the deep-link paths and the sign-in return link, as JSON', async () => {
    const t = await createTestApp({ NATIVE_APP_ID: 'app.glint', ANDROID_CERT_SHA256: FINGERPRINT, IOS_TEAM_ID: 'ABCDE12345' });
    try {
      const android = await t.app.inject({ url: '/.well-known/assetlinks.json' });
      expect(android.statusCode).toBe(200);
      expect(android.headers['content-type']).toMatch(/^application\/json/);
      expect(android.json()).toEqual([
        {
          relation: ['delegate_permission/common.handle_all_urls'],
          target: { namespace: 'android_app', package_name: 'app.glint', sha256_cert_fingerprints: [FINGERPRINT] },
        },
      ]);
      const apple = await t.app.inject({ url: '/.well-known/apple-app-site-association' });
      expect(apple.statusCode).toBe(200);
      expect(apple.headers['content-type']).toMatch(/^application\/json/);
      const details = apple.json().applinks.details;
      expect(details[0].appIDs).toEqual(['ABCDE12345.app.glint']);
      expect(details[0].components.map((c: { '/': string }) => c['/'])).toEqual([
        '/glint',
        '/glint/*',
        '/shorts',
        '/shorts/*',
        '/stream',
        '/stream/*',
        // The Google sign-in's return link, with its one-time code: for this verified app alone.
        '/app/native/return',
      ]);
      // Public media may be shown by the app's pages, another site than the server's.
      const file = path.join(t.config.dataDir, 'pic.jpg');
      fs.writeFileSync(file, 'jpeg');
      await t.app.storage.putFile('profiles/x/pic.jpg', file);
      const media = await t.app.inject({ url: t.app.storage.url('profiles/x/pic.jpg') });
      expect(media.statusCode).toBe(200);
      expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((await t.app.inject({ url: '/api/me' })).headers['cross-origin-resource-policy']).toBe('same-site');
    } finally {
      await t.close();
    }
  });
});

describe('the native app against the cross-site checks', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ NATIVE_APP_ORIGINS: `${IOS},${ANDROID}` });
    await verifiedClient(t.app, 'native_ann', PW);
    await verifiedClient(t.app, 'native_bob', PW);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const signIn = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/username',
      headers: { origin, 'content-type': 'application/json', 'x-auth-transport': 'bearer' },
      payload: JSON.stringify({ username: 'native_ann', password: PW }),
    });
  const follow = (origin: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/profiles/native_bob/follow', headers: { origin, ...headers } });
  const followers = async () => (await t.app.inject({ url: '/api/profiles/native_bob' })).json().followers as number;

  it('signs the app in from its own origin and hands it the token, readable across origins', async () => {
    for (const origin of [IOS, ANDROID]) {
      const res = await signIn(origin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-auth-token']).toBeTruthy();
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers['access-control-expose-headers'])).toMatch(/set-auth-token/);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('obeys the app’s bearer token from its origin, and still refuses another site', async () => {
    const token = String((await signIn(ANDROID)).headers['set-auth-token']);
    expect((await follow(ANDROID, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect(await followers()).toBe(1);
    const forged = await follow('https://evil.example', { authorization: `Bearer ${token}` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'foreign_origin', message: FOREIGN_ORIGIN });
    expect(forged.headers['access-control-allow-origin']).toBeUndefined();
    const lookalike = await follow('https://localhost.evil.example', { authorization: `Bearer ${token}` });
    expect(lookalike.statusCode).toBe(403);
  });

  it('refuses a request from a native origin that rides on the session cookie (a local page forging it)', async () => {
    const token = String((await signIn(ANDROID)).headers['set-auth-token']);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/profiles/native_bob/follow',
      headers: { origin: ANDROID, cookie: `glint.session_token=${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(await followers()).toBe(1);
  });

  it('answers the app’s preflight, and nobody else’s', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/profiles/native_bob/follow',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
      });
    const ok = await preflight(IOS);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(IOS);
    expect(String(ok.headers['access-control-allow-headers'])).toMatch(/authorization/);
    expect(String(ok.headers['access-control-allow-methods'])).toMatch(/PUT/);
    const evil = await preflight('https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  const open = (protocols: string[], origin: string) =>
    new Promise<{ hello?: RealtimeMessage; refused?: number; protocol?: string }>((resolve) => {
      const ws = new WebSocket(`ws://${base}/api/realtime`, protocols, { origin });
      ws.on('message', (d) => {
        const m = JSON.parse(String(d)) as RealtimeMessage;
        if (m.event !== 'hello') return;
        resolve({ hello: m, protocol: ws.protocol });
        ws.close();
      });
      ws.on('unexpected-response', (_req, res) => {
        resolve({ refused: res.statusCode });
        ws.close();
      });
      ws.on('error', () => {});
    });
  const offer = (token: string) => [SOCKET_PROTOCOL, `${SOCKET_BEARER_PREFIX}${Buffer.from(token).toString('base64url')}`];

  it('authenticates the realtime socket with the token offered as a subprotocol, and answers with its own protocol', async () => {
    const token = String((await signIn(IOS)).headers['set-auth-token']);
    const me = (await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).json();
    const { hello, protocol } = await open(offer(token), IOS);
    expect(hello?.data).toEqual({ userId: me.user.id });
    expect(protocol).toBe(SOCKET_PROTOCOL);
  });

  it('treats a forged socket token as a guest, and refuses the socket from another site', async () => {
    const token = String((await signIn(IOS)).headers['set-auth-token']);
    const tampered = token.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await open(offer(tampered), IOS)).hello?.data).toEqual({ userId: null });
    expect((await open(offer('not-a-token'), IOS)).hello?.data).toEqual({ userId: null });
    expect((await open(offer(token), 'https://evil.example')).refused).toBe(403);
  });

  it('reads only a well-formed subprotocol token', () => {
    expect(bearerFromProtocols(`${SOCKET_PROTOCOL}, ${SOCKET_BEARER_PREFIX}${Buffer.from('abc.def%2B').toString('base64url')}`)).toBe('abc.def%2B');
    expect(bearerFromProtocols(`${SOCKET_BEARER_PREFIX}${Buffer.from('a b\r\nx').toString('base64url')}`)).toBeUndefined();
    expect(bearerFromProtocols(`${SOCKET_BEARER_PREFIX}not/base64`)).toBeUndefined();
    expect(bearerFromProtocols(SOCKET_PROTOCOL)).toBeUndefined();
  });
});
