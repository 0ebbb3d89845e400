import { createHash, randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_CODE_INVALID } from '../../shared/native-auth-rules.js';
import { FOREIGN_ORIGIN } from '../http/origin.js';
import { Client, createTestApp, type TestApp } from '../test-support/app.js';

// Google is held at its real protocol boundary: a local OpenID Connect server.
let idp: OAuth2Server;
let t: TestApp;
let claims: Record<string, unknown> = {};
const APP_ORIGIN = 'capacitor://localhost';

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => void Object.assign(token.payload, claims));
  idp.service.on('beforeUserinfo', (res) => void (res.body = { sub: claims.sub, ...claims }));
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'glint-test',
    GOOGLE_CLIENT_SECRET: 'secret',
    GOOGLE_ISSUER: idp.issuer.url!,
    NATIVE_APP_ORIGINS: `${APP_ORIGIN},https://localhost`,
  });
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

/** What the app keeps to itself, and the challenge it shows the server. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The system browser's part: start, Google, callback; returns the `done` answer and the link to the app in it. */
async function browserSignIn(browser: Client, challenge: string) {
  const start = await browser.get(`/api/native/google?challenge=${challenge}`);
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(new URL(idp.issuer.url!).origin);
  const atIdp = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(atIdp.headers.get('location')!);
  expect(callback.pathname).toBe('/api/auth/callback/google');
  const back = await browser.get(callback.pathname + callback.search);
  expect(back.statusCode).toBe(302);
  const done = new URL(back.headers.location as string, t.app.config.publicUrl);
  expect(done.pathname).toBe('/api/native/google/done');
  const page = await browser.get(done.pathname + done.search);
  return { page, link: appLink(page.body) };
}

/** The `glint://auth/google?...` address the page opens. */
function appLink(html: string) {
  const href = /<a href="([^"]+)">/.exec(html)?.[1]?.replace(/&#38;/g, '&');
  return href ? new URL(href) : undefined;
}

/** The app's exchange: from its WebView origin, with no cookie, as the app sends it. */
const exchange = (code: string, verifier: string, origin = APP_ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/native/google/exchange',
    headers: { origin, 'content-type': 'application/json' },
    payload: JSON.stringify({ code, verifier }),
  });

const meWithBearer = async (token: string) =>
  (await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}`, origin: APP_ORIGIN } })).json();

describe('Google sign-in from the native app', () => {
  it('signs the app in through the system browser and leaves the browser signed out', async () => {
    claims = { sub: 'google-native-1', email: 'ada@gmail.example', email_verified: true, name: 'Ada Lovelace' };
    const { verifier, challenge } = pkce();
    const browser = new Client(t.app);
    const { page, link } = await browserSignIn(browser, challenge);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(`${link!.protocol}//${link!.host}${link!.pathname}`).toBe('glint://auth/google');
    const code = link!.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The session went to the app: the browser holds none.
    expect((await browser.get('/api/me')).json()).toEqual({ user: null });

    const res = await exchange(code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    const token = res.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    expect((await meWithBearer(token)).user.email).toBe('ada@gmail.example');

    // Once only.
    const again = await exchange(code, verifier);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'native_code_invalid', message: NATIVE_CODE_INVALID });
  });

  it('spends a code on a wrong verifier: an app that caught the link gets nothing, and neither does a second try', async () => {
    claims = { sub: 'google-native-2', email: 'grace@gmail.example', email_verified: true, name: 'Grace Hopper' };
    const { verifier, challenge } = pkce();
    const { link } = await browserSignIn(new Client(t.app), challenge);
    const code = link!.searchParams.get('code')!;
    const thief = await exchange(code, pkce().verifier);
    expect(thief.statusCode).toBe(401);
    expect(thief.headers['set-auth-token']).toBeUndefined();
    expect((await exchange(code, verifier)).statusCode).toBe(401);
  });

  it('hands over no session the browser already had: a link straight to the end of the flow gets an error', async () => {
    claims = { sub: 'google-native-3', email: 'alan@gmail.example', email_verified: true, name: 'Alan Turing' };
    // The victim is signed in on the website in this browser.
    const victim = new Client(t.app);
    const { challenge: first } = pkce();
    await browserSignIn(victim, first);
    const web = await victim.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/app', errorCallbackURL: '/app' });
    const atIdp = await fetch(new URL(web.json().url), { redirect: 'manual' });
    const cb = new URL(atIdp.headers.get('location')!);
    await victim.get(cb.pathname + cb.search);
    expect((await victim.get('/api/me')).json().user.email).toBe('alan@gmail.example');

    // The attacker started a flow of their own (their browser holds its nonce) and sends the victim to its end.
    const { challenge } = pkce();
    const attacker = new Client(t.app);
    expect((await attacker.get(`/api/native/google?challenge=${challenge}`)).statusCode).toBe(302);
    const page = await victim.get(`/api/native/google/done?challenge=${challenge}`);
    expect(appLink(page.body)!.searchParams.get('error')).toBe('expired');
    expect(appLink(page.body)!.searchParams.has('code')).toBe(false);
    // And with no flow at all.
    const none = await victim.get(`/api/native/google/done?challenge=${pkce().challenge}`);
    expect(appLink(none.body)!.searchParams.get('error')).toBe('expired');
    // Nor when the victim's browser was made to start a flow and then sent to its end without Google.
    const { challenge: lured } = pkce();
    expect((await victim.get(`/api/native/google?challenge=${lured}`)).statusCode).toBe(302);
    const skipped = await victim.get(`/api/native/google/done?challenge=${lured}`);
    expect(appLink(skipped.body)!.searchParams.get('error')).toBe('google');
    expect(appLink(skipped.body)!.searchParams.has('code')).toBe(false);
    // The victim's web session is untouched.
    expect((await victim.get('/api/me')).json().user.email).toBe('alan@gmail.example');
  });

  it('sends a refusal at Google back to the app as an error', async () => {
    const { challenge } = pkce();
    const browser = new Client(t.app);
    const start = await browser.get(`/api/native/google?challenge=${challenge}`);
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const back = await browser.get(`/api/auth/callback/google?error=access_denied&state=${state}`);
    const done = new URL(back.headers.location as string, t.app.config.publicUrl);
    expect(done.pathname).toBe('/api/native/google/done');
    const page = await browser.get(done.pathname + done.search);
    expect(appLink(page.body)!.searchParams.get('error')).toBe('google');
  });

  it('tells the app when the account asks for an authenticator code after Google', async () => {
    claims = { sub: 'google-native-2fa', email: 'hedy@gmail.example', email_verified: true, name: 'Hedy Lamarr' };
    const web = new Client(t.app);
    const start = await web.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/app', errorCallbackURL: '/app' });
    const cb = new URL((await fetch(new URL(start.json().url), { redirect: 'manual' })).headers.get('location')!);
    await web.get(cb.pathname + cb.search);
    const enable = await web.post('/api/auth/two-factor/enable', {});
    const totp = OTPAuth.URI.parse(enable.json().totpURI) as OTPAuth.TOTP;
    expect((await web.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);

    const { link } = await browserSignIn(new Client(t.app), pkce().challenge);
    expect(link!.searchParams.get('error')).toBe('two_factor');
    expect(link!.searchParams.has('code')).toBe(false);
  });

  it('refuses malformed input and other sites', async () => {
    const browser = new Client(t.app);
    expect((await browser.get('/api/native/google?challenge=short')).statusCode).toBe(400);
    expect((await browser.get('/api/native/google?challenge=../../etc/passwd')).statusCode).toBe(400);
    expect((await exchange('x', 'y')).statusCode).toBe(400);
    const foreign = await exchange(pkce().verifier, pkce().verifier, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(FOREIGN_ORIGIN);
  });

  it('is not found where Google is not configured', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ url: `/api/native/google?challenge=${pkce().challenge}` })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
