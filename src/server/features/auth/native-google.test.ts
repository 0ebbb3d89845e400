import { createHash, randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_CODE_INVALID, NATIVE_CONTINUE_TITLE } from '../../../shared/auth/native-auth-rules.js';
import { verification } from '../../platform/db/schema/index.js';
import { FOREIGN_ORIGIN } from '../../platform/http/origin.js';
import { Client, createTestApp, type TestApp } from '../../test-support/app.js';

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

/** The app's first step: register its challenge from its own origin; the flow id to open the browser with. */
const register = (challenge: string, origin = APP_ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/native/google/flows',
    headers: { origin, 'content-type': 'application/json' },
    payload: JSON.stringify({ challenge }),
  });
async function appFlow(challenge: string) {
  const res = await register(challenge);
  expect(res.statusCode).toBe(200);
  return res.json().flow as string;
}

/** The system browser's part: start, Google, callback; returns the `done` answer (the confirmation page). */
async function browserSignIn(browser: Client, flow: string) {
  const start = await browser.get(`/api/native/google?flow=${flow}`);
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
  return browser.get(done.pathname + done.search);
}

/** The fields of the confirmation page's form. */
function formOf(html: string) {
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
  return { flow: field('flow')!, csrf: field('csrf')! };
}

/** Presses a button of the confirmation page as the browser would: a form post with its cookies and origin. */
async function press(browser: Client, html: string, action: 'continue' | 'cancel', headers: Record<string, string> = { origin: t.app.config.publicUrl }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/native/google/continue',
    headers: { ...headers, cookie: browser.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...formOf(html), action }).toString(),
  });
  const setCookie = res.headers['set-cookie'];
  for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
    const [pair] = c.split(';');
    const [name, value] = [pair!.slice(0, pair!.indexOf('=')).trim(), pair!.slice(pair!.indexOf('=') + 1).trim()];
    if (!value || /max-age=0/i.test(c)) browser.cookies.delete(name);
    else browser.cookies.set(name, value);
  }
  return res;
}

/** The https return link an error page links to. */
function appLink(html: string) {
  const href = /<a href="([^"]+)">/.exec(html)?.[1]?.replace(/&#38;/g, '&');
  return href ? new URL(href) : undefined;
}

const returnLink = () => new URL('/app/native/return', t.app.config.publicUrl).href;

/** One-time codes the server holds right now. */
const codesHeld = async () => (await t.app.db.select().from(verification).where(like(verification.identifier, 'native-google-code:%'))).length;

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
  it('signs the app in through the system browser after Continue, on the https return link, and leaves the browser signed out', async () => {
    claims = { sub: 'google-native-1', email: 'ada@gmail.example', email_verified: true, name: 'Ada Lovelace' };
    const { verifier, challenge } = pkce();
    const browser = new Client(t.app);
    const page = await browserSignIn(browser, await appFlow(challenge));
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`<h1>${NATIVE_CONTINUE_TITLE}</h1>`);
    expect(page.body).toContain('Ada Lovelace (ada@gmail.example)');
    // No other site may frame the page to steer the click; its form names this origin when posted.
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
    expect(page.headers['referrer-policy']).toBe('same-origin');

    const answer = await press(browser, page.body, 'continue');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const link = new URL(answer.headers.location as string);
    expect(`${link.origin}${link.pathname}`).toBe(returnLink());
    const code = link.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The session went to the app: the browser holds none.
    expect((await browser.get('/api/me')).json()).toEqual({ user: null });
    // Opened in a browser instead of the app, the return link's page neither shows nor passes on the code.
    const fallback = await browser.get(`${link.pathname}${link.search}`);
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['referrer-policy']).toBe('no-referrer');
    expect(fallback.body).not.toContain(code);

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

  it('refuses a challenge no app registered, a flow id twice, an expired flow and a registration from a web page', async () => {
    const victim = new Client(t.app);
    // The old way in: a link carrying the attacker's challenge. Refused before Google is asked.
    const bare = await victim.get(`/api/native/google?challenge=${pkce().challenge}`);
    expect(bare.statusCode).toBe(400);
    expect(bare.headers.location).toBeUndefined();
    // A flow id nobody registered.
    const unknown = await victim.get(`/api/native/google?flow=${pkce().verifier}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.location).toBeUndefined();
    expect(appLink(unknown.body)!.searchParams.get('error')).toBe('expired');
    // A flow id starts one browser, once.
    const flow = await appFlow(pkce().challenge);
    expect((await victim.get(`/api/native/google?flow=${flow}`)).statusCode).toBe(302);
    expect((await new Client(t.app).get(`/api/native/google?flow=${flow}`)).statusCode).toBe(404);
    // A flow lives minutes.
    const old = await appFlow(pkce().challenge);
    await t.app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, 'native-google-app:%'));
    expect((await victim.get(`/api/native/google?flow=${old}`)).statusCode).toBe(404);
    // Only the app's own pages register a flow: not this site's pages, not another site's, not a page with no origin.
    for (const origin of [t.app.config.publicUrl, 'https://evil.example', 'null']) {
      const res = await register(pkce().challenge, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().message).toBe(FOREIGN_ORIGIN);
    }
  });

  it('hands no code to a victim who opened an attacker’s link until they press Continue, and none after Cancel', async () => {
    claims = { sub: 'google-native-victim', email: 'mary@gmail.example', email_verified: true, name: 'Mary Somerville' };
    // The attacker registers a flow for their own challenge, as the app would, and sends the link.
    const { verifier, challenge } = pkce();
    const link = `/api/native/google?flow=${await appFlow(challenge)}`;
    const codesBefore = await codesHeld();

    // The victim has approved Glint at Google before: the sign-in goes through without a prompt.
    const victim = new Client(t.app);
    const start = await victim.get(link);
    const atIdp = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const cb = new URL(atIdp.headers.get('location')!);
    const done = new URL((await victim.get(cb.pathname + cb.search)).headers.location as string, t.app.config.publicUrl);
    const page = await victim.get(done.pathname + done.search);
    // A question, the account named, and nothing for the app yet: no code made, none on the page, no redirect.
    expect(page.statusCode).toBe(200);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain(NATIVE_CONTINUE_TITLE);
    expect(page.body).toContain('Mary Somerville (mary@gmail.example)');
    expect(page.body).not.toMatch(/code=|glint:\/\//);
    expect(await codesHeld()).toBe(codesBefore);

    // Another site cannot press Continue for the victim, nor can a request without an origin or with a wrong token.
    for (const headers of [{ origin: 'https://evil.example' }, {} as Record<string, string>, { origin: 'null' }]) {
      const forged = await press(victim, page.body, 'continue', headers);
      expect(forged.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: '/api/native/google/continue',
      headers: { origin: t.app.config.publicUrl, cookie: victim.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ flow: formOf(page.body).flow, csrf: pkce().verifier, action: 'continue' }).toString(),
    });
    expect(wrongToken.headers.location).toBeUndefined();
    expect(appLink(wrongToken.body)!.searchParams.get('error')).toBe('expired');
    // Nor can the attacker's own browser, which holds no nonce of this flow.
    const attacker = new Client(t.app);
    const theirs = await press(attacker, page.body, 'continue');
    expect(theirs.headers.location).toBeUndefined();
    expect(await codesHeld()).toBe(codesBefore);

    // The victim cancels: nothing is sent, the session Google's sign-in made is ended, and the flow is spent.
    const cancelled = await press(victim, page.body, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('Sign-in cancelled');
    expect(appLink(cancelled.body)!.searchParams.get('error')).toBe('cancelled');
    expect(await codesHeld()).toBe(codesBefore);
    expect((await victim.get('/api/me')).json()).toEqual({ user: null });
    const replay = await press(victim, page.body, 'continue');
    expect(replay.headers.location).toBeUndefined();
    expect(await codesHeld()).toBe(codesBefore);
    // The attacker, holding the verifier, has nothing to exchange.
    expect((await exchange(pkce().verifier, verifier)).statusCode).toBe(401);
  });

  it('spends a code on a wrong verifier: an app that caught the link gets nothing, and neither does a second try', async () => {
    claims = { sub: 'google-native-2', email: 'grace@gmail.example', email_verified: true, name: 'Grace Hopper' };
    const { verifier, challenge } = pkce();
    const browser = new Client(t.app);
    const page = await browserSignIn(browser, await appFlow(challenge));
    const code = new URL((await press(browser, page.body, 'continue')).headers.location as string).searchParams.get('code')!;
    const thief = await exchange(code, pkce().verifier);
    expect(thief.statusCode).toBe(401);
    expect(thief.headers['set-auth-token']).toBeUndefined();
    expect((await exchange(code, verifier)).statusCode).toBe(401);
  });

  it('hands over no session the browser already had: a link straight to the end of the flow gets an error', async () => {
    claims = { sub: 'google-native-3', email: 'alan@gmail.example', email_verified: true, name: 'Alan Turing' };
    // The victim is signed in on the website in this browser.
    const victim = new Client(t.app);
    const web = await victim.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/app', errorCallbackURL: '/app' });
    const atIdp = await fetch(new URL(web.json().url), { redirect: 'manual' });
    const cb = new URL(atIdp.headers.get('location')!);
    await victim.get(cb.pathname + cb.search);
    expect((await victim.get('/api/me')).json().user.email).toBe('alan@gmail.example');

    // The attacker started a flow of their own (their browser holds its nonce) and sends the victim to its end.
    const flow = await appFlow(pkce().challenge);
    const attacker = new Client(t.app);
    expect((await attacker.get(`/api/native/google?flow=${flow}`)).statusCode).toBe(302);
    const page = await victim.get(`/api/native/google/done?flow=${flow}`);
    expect(appLink(page.body)!.searchParams.get('error')).toBe('expired');
    expect(page.body).not.toContain(NATIVE_CONTINUE_TITLE);
    // And with no flow at all.
    const none = await victim.get(`/api/native/google/done?flow=${pkce().verifier}`);
    expect(appLink(none.body)!.searchParams.get('error')).toBe('expired');
    // Nor when the victim's browser was made to start a flow and then sent to its end without Google.
    const lured = await appFlow(pkce().challenge);
    expect((await victim.get(`/api/native/google?flow=${lured}`)).statusCode).toBe(302);
    const skipped = await victim.get(`/api/native/google/done?flow=${lured}`);
    expect(appLink(skipped.body)!.searchParams.get('error')).toBe('google');
    expect(skipped.body).not.toContain(NATIVE_CONTINUE_TITLE);
    // The victim's web session is untouched.
    expect((await victim.get('/api/me')).json().user.email).toBe('alan@gmail.example');
  });

  it('sends a refusal at Google back to the app as an error, on the https return link', async () => {
    const browser = new Client(t.app);
    const start = await browser.get(`/api/native/google?flow=${await appFlow(pkce().challenge)}`);
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const back = await browser.get(`/api/auth/callback/google?error=access_denied&state=${state}`);
    const done = new URL(back.headers.location as string, t.app.config.publicUrl);
    expect(done.pathname).toBe('/api/native/google/done');
    const page = await browser.get(done.pathname + done.search);
    const link = appLink(page.body)!;
    expect(`${link.origin}${link.pathname}`).toBe(returnLink());
    expect(link.searchParams.get('error')).toBe('google');
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

    const page = await browserSignIn(new Client(t.app), await appFlow(pkce().challenge));
    expect(appLink(page.body)!.searchParams.get('error')).toBe('two_factor');
    expect(page.body).not.toContain(NATIVE_CONTINUE_TITLE);
  });

  it('refuses malformed input and other sites', async () => {
    const browser = new Client(t.app);
    expect((await browser.get('/api/native/google?flow=short')).statusCode).toBe(400);
    expect((await browser.get('/api/native/google?flow=../../etc/passwd')).statusCode).toBe(400);
    expect((await register('short')).statusCode).toBe(400);
    expect((await exchange('x', 'y')).statusCode).toBe(400);
    const foreign = await exchange(pkce().verifier, pkce().verifier, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(FOREIGN_ORIGIN);
  });

  it('is not found where Google is not configured', async () => {
    const bare = await createTestApp({ NATIVE_APP_ORIGINS: APP_ORIGIN });
    try {
      const flows = await bare.app.inject({
        method: 'POST',
        url: '/api/native/google/flows',
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ challenge: pkce().challenge }),
      });
      expect(flows.statusCode).toBe(404);
      expect((await bare.app.inject({ url: `/api/native/google?flow=${pkce().challenge}` })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
