import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BANNED } from '../../../shared/moderation/moderation.js';
import { sanctions } from '../../platform/db/schema/index.js';
import { Client, createTestApp, type TestApp } from '../../test-support/app.js';

// Google is held at its real protocol boundary: a local OpenID Connect server.
let idp: OAuth2Server;
let t: TestApp;
let claims: Record<string, unknown> = {};
// Google's picture host: serves one PNG made by ffmpeg.
const picture = execFileSync('ffmpeg', [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'color=c=orange:s=64x64',
  '-frames:v',
  '1',
  '-f',
  'image2pipe',
  '-c:v',
  'png',
  '-',
]);
const pictureHost = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(picture));

beforeAll(async () => {
  await new Promise<void>((resolve) => pictureHost.listen(0, '127.0.0.1', resolve));
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  idp.service.on('beforeUserinfo', (res) => {
    res.body = { sub: claims.sub, ...claims };
  });
  t = await createTestApp({ GOOGLE_CLIENT_ID: 'glint-test', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: idp.issuer.url! });
});
afterAll(async () => {
  await t.close();
  await idp.stop();
  pictureHost.close();
});

/** Runs the browser's part of the redirect dance and returns where Glint finally sends it. */
async function signInWithGoogle(c: Client) {
  const start = await c.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/app', errorCallbackURL: '/app' });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json().url);
  expect(authorize.origin).toBe(new URL(idp.issuer.url!).origin);
  expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
  const atIdp = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atIdp.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/callback/google');
  const done = await c.get(back.pathname + back.search);
  expect(done.statusCode).toBe(302);
  return new URL(done.headers.location as string, 'http://localhost:3000');
}

describe('Google sign-in (OIDC)', () => {
  it('creates an account with a profile from the Google claims and signs in', async () => {
    const pictureUrl = `http://127.0.0.1:${(pictureHost.address() as AddressInfo).port}/ada.png`;
    claims = { sub: 'google-123', email: 'ada@gmail.example', email_verified: true, name: 'Ada Lovelace', picture: pictureUrl };
    const c = new Client(t.app);
    const landed = await signInWithGoogle(c);
    expect(landed.pathname).toBe('/app');
    const me = (await c.get('/api/me')).json();
    expect(me.user).toMatchObject({ email: 'ada@gmail.example', emailVerified: true });
    expect(me.profile).toMatchObject({ username: 'ada', displayName: 'Ada Lovelace' });
    // Google's picture is copied in and re-encoded as the user's own avatar; its address is not kept.
    expect(me.profile.avatarUrl).toMatch(new RegExp(`^/media/profiles/${me.user.id}/avatar-[0-9a-f-]+\\.jpg$`));
    const avatar = await c.get(me.profile.avatarUrl);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/jpeg');
  });

  it('makes the username unique and falls back to "User" without a name', async () => {
    claims = { sub: 'google-456', email: 'ada@other.example', email_verified: true };
    const c = new Client(t.app);
    await signInWithGoogle(c);
    const me = (await c.get('/api/me')).json();
    expect(me.profile.username).toBe('ada2');
    expect(me.profile.displayName).toBe('User');
  });

  it('signs the same Google account back into the same Glint account', async () => {
    claims = { sub: 'google-123', email: 'ada@gmail.example', email_verified: true, name: 'Ada Lovelace' };
    const first = new Client(t.app);
    await signInWithGoogle(first);
    const again = new Client(t.app);
    await signInWithGoogle(again);
    expect((await again.get('/api/me')).json().user.id).toBe((await first.get('/api/me')).json().user.id);
  });

  it('asks an account with an authenticator for its code after Google, as after a password', async () => {
    claims = { sub: 'google-2fa', email: 'grace@gmail.example', email_verified: true, name: 'Grace Hopper' };
    const first = new Client(t.app);
    await signInWithGoogle(first);
    const enable = await first.post('/api/auth/two-factor/enable', {});
    expect(enable.statusCode).toBe(200);
    const totp = OTPAuth.URI.parse(enable.json().totpURI) as OTPAuth.TOTP;
    expect((await first.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);
    const id = (await first.get('/api/me')).json().user.id;

    const c = new Client(t.app);
    const landed = await signInWithGoogle(c);
    expect(landed.pathname).toBe('/app');
    expect(landed.searchParams.get('two_factor')).toBe('required');
    expect((await c.get('/api/me')).json()).toEqual({ user: null });
    const right = await c.post('/api/auth/two-factor/verify-totp', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(right.statusCode).toBe(200);
    expect((await c.get('/api/me')).json().user.id).toBe(id);
  });

  it('returns a refusal at Google to /app as error and error_description', async () => {
    const c = new Client(t.app);
    const start = await c.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/app', errorCallbackURL: '/app' });
    const state = new URL(start.json().url).searchParams.get('state')!;
    const res = await c.get(`/api/auth/callback/google?error=access_denied&error_description=${encodeURIComponent('The user denied access')}&state=${state}`);
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string, 'http://localhost:3000');
    expect(to.pathname).toBe('/app');
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('error_description')).toBe('The user denied access');
  });

  it('refuses a banned account at the callback, with the reason in error_description', async () => {
    claims = { sub: 'google-banned', email: 'mallory@gmail.example', email_verified: true, name: 'Mallory' };
    const first = new Client(t.app);
    await signInWithGoogle(first);
    const id = (await first.get('/api/me')).json().user.id as string;
    await t.database.db.insert(sanctions).values({ userId: id, kind: 'ban' });
    const c = new Client(t.app);
    const landed = await signInWithGoogle(c);
    expect(landed.pathname).toBe('/app');
    expect(landed.searchParams.get('error')).toBeTruthy();
    expect(landed.searchParams.get('error_description')).toBe(ACCOUNT_BANNED);
    expect((await c.get('/api/me')).json()).toEqual({ user: null });
  });

  it('sends other sign-in errors to /app too', async () => {
    const c = new Client(t.app);
    const res = await c.get('/api/auth/callback/google?code=x&state=forged');
    const to = new URL(res.headers.location as string, 'http://localhost:3000');
    expect(to.pathname).toBe('/app');
    expect(to.searchParams.get('error')).toBeTruthy();
  });
});
