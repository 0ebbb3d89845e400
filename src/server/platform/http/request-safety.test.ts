import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, loadConfig, parseTrustProxy } from '../config.js';
import { createTestApp, createTestDatabase, verifiedClient, type Client, type TestApp } from '../../test-support/app.js';
import { loggerOptions, redactUrl } from './log.js';
import { NUL_IN_TEXT } from './input.js';
import { FOREIGN_ORIGIN } from './origin.js';

describe('cross-site requests', () => {
  let t: TestApp;
  let alice: Client;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await verifiedClient(t.app, 'alice_x');
    await verifiedClient(t.app, 'bob_x');
  });
  afterAll(() => t.close());

  const cookieOf = (c: Client) => c.cookie;
  const followers = async () => (await t.app.inject({ method: 'GET', url: '/api/profiles/bob_x' })).json().followers as number;

  it('refuses a signed-in visitor’s follow forged by another site, and changes nothing', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/profiles/bob_x/follow', headers: { cookie: cookieOf(alice), origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'foreign_origin', message: FOREIGN_ORIGIN });
    expect(await followers()).toBe(0);
  });

  it('refuses what an older browser marks cross-site even without an Origin', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/profiles/bob_x/follow', headers: { cookie: cookieOf(alice), 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect(await followers()).toBe(0);
  });

  it('refuses a foreign origin on the account endpoints and the realtime socket too', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/username',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'alice_x', password: 'Str0ng!Passw0rd' }),
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const socket = await t.app.inject({
      method: 'GET',
      url: '/api/realtime',
      headers: { cookie: cookieOf(alice), origin: 'https://evil.example', upgrade: 'websocket', connection: 'upgrade' },
    });
    expect(socket.statusCode).toBe(403);
  });

  it('refuses a text/plain body that a cross-site form could send to a JSON route', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: cookieOf(alice), origin: t.config.publicUrl, 'content-type': 'text/plain' },
      payload: JSON.stringify({ bio: 'forged' }),
    });
    expect(res.statusCode).toBe(415);
    expect((await alice.get('/api/profile')).json().bio).toBe('');
  });

  it('obeys the same request from Glint itself, and from a script with no Origin', async () => {
    expect((await alice.request('PUT', '/api/profiles/bob_x/follow')).statusCode).toBe(200);
    expect(await followers()).toBe(1);
    const script = await t.app.inject({ method: 'DELETE', url: '/api/profiles/bob_x/follow', headers: { cookie: cookieOf(alice) } });
    expect(script.statusCode).toBe(200);
  });
});

describe('input the database cannot hold (found by fuzzing)', () => {
  let t: TestApp;
  let alice: Client;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await verifiedClient(t.app, 'alice_nul');
  });
  afterAll(() => t.close());

  it('refuses a NUL character in a path, a query or a JSON body with a 400, not a 500', async () => {
    for (const url of ['/api/search?q=a%00b', '/api/profiles/a%00b', '/api/availability?displayName=a%00b']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid_text', message: NUL_IN_TEXT });
    }
    // The account endpoints read their own bodies: the same holds there.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/username',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a\u0000b', password: 'x' }),
    });
    expect(signIn.statusCode).toBe(400);
    const patch = await alice.request('PATCH', '/api/profile', { bio: 'hello\u0000there' });
    expect(patch.statusCode).toBe(400);
    expect((await alice.get('/api/profiles/alice_nul')).json().bio).toBe('');
  });

  it('answers a video list excluding a malformed id with a 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/videos?exclude=%5C' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/videos?exclude=0b7c2a9e-3f4d-4e1a-9b2c-8d7e6f5a4b3c' })).statusCode).toBe(200);
  });
});

describe('the client address', () => {
  it('is not taken from X-Forwarded-For unless a proxy is configured', async () => {
    const t = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/username',
          remoteAddress: '203.0.113.9',
          headers: { origin: t.config.publicUrl, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          payload: JSON.stringify({ username: `nobody_${i}`, password: 'Wr0ng!Passw0rd' }),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY takes a hop count or addresses, never "trust everyone"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8,loopback')).toEqual(['10.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(ConfigError);
    expect(() => parseTrustProxy('evil host')).toThrow(/TRUST_PROXY/);
  });
});

describe('development conveniences', () => {
  it('are refused on a public server whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadConfig({ NODE_ENV, HOST: '0.0.0.0' })).toThrow(/SESSION_SECRET is required/);
      expect(() => loadConfig({ NODE_ENV, PUBLIC_URL: 'https://glint.example' })).toThrow(/SESSION_SECRET is required/);
    }
    const laptop = loadConfig({});
    expect(laptop.localDev).toBe(true);
    expect(laptop.host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0', SESSION_SECRET: 's'.repeat(32) }).localDev).toBe(false);
  });

  it('the mail outbox (every reset link) is only served on a laptop', async () => {
    const local = await createTestApp();
    const shared = await createTestApp({ NODE_ENV: 'development', HOST: '0.0.0.0', PUBLIC_URL: 'https://glint.example', SESSION_SECRET: 's'.repeat(32) });
    try {
      expect((await local.app.inject({ method: 'GET', url: '/api/dev/outbox.json' })).statusCode).toBe(200);
      for (const url of ['/api/dev/outbox.json', '/api/dev/outbox']) {
        expect((await shared.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await local.close();
      await shared.close();
    }
  }, 90_000); // two whole apps, on a busy 2-core machine
});

describe('logs', () => {
  it('never show reset tokens, confirmation tokens or upload ids', async () => {
    expect(redactUrl('/reset-password/abc123?callbackURL=/update-password')).toBe('/reset-password/[redacted]?callbackURL=[redacted]');
    expect(redactUrl('/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Fapp')).toBe('/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]');
    expect(redactUrl('/api/uploads/0123456789abcdef0123456789abcdef')).toBe('/api/uploads/[upload]');

    let out = '';
    const sink = new Writable({ write: (chunk, _enc, done) => ((out += String(chunk)), done()) });
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', SEED: 'none', DATA_DIR: `/tmp/glint-log-${process.pid}`, RTMP_PORT: '-1' });
    const app = await buildApp({ config, database, logger: pino(loggerOptions('info', false), sink) });
    try {
      await app.inject({ method: 'GET', url: '/api/auth/reset-password/SECRET-RESET-TOKEN?callbackURL=%2Fupdate-password' });
      await app.inject({ method: 'GET', url: '/api/auth/verify-email?token=SECRET-VERIFY-TOKEN' });
      await app.inject({ method: 'HEAD', url: '/api/uploads/0123456789abcdef0123456789abcdef', headers: { 'tus-resumable': '1.0.0' } });
      expect(out).toContain('/reset-password/[redacted]');
      expect(out).not.toMatch(/SECRET-RESET-TOKEN|SECRET-VERIFY-TOKEN|0123456789abcdef0123456789abcdef/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
