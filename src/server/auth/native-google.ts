import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { NativeGoogleExchangeSchema, NativeGoogleReturnQuerySchema, NativeGoogleStartQuerySchema } from '../../shared/native-auth.js';
import { NATIVE_CODE_INVALID, NATIVE_GOOGLE_RETURN } from '../../shared/native-auth-rules.js';
import { verification } from '../db/schema/index.js';
import { HttpError, notFound } from '../http/errors.js';
import { CLIENT_IP_HEADER } from './auth.js';
import { sessionOf } from './guards.js';

/**
 * Google sign-in for the native app (docs/architecture.md "Native app", docs/security.md).
 *
 * 1. The app opens the system browser at `GET /api/native/google?challenge=C`, where
 *    `C = base64url(sha256(verifier))` and the verifier stays in the app. The server starts
 *    Better Auth's Google sign-in there, remembers C for ten minutes under a random nonce kept in
 *    an httpOnly cookie of this browser, and sends the browser to Google.
 * 2. Google returns to Better Auth's callback, which makes a session in the browser and sends it
 *    on to `GET /api/native/google/done?challenge=C`. Only a session made after this browser
 *    started this flow (its nonce cookie matches C's) is handed over: a link that sends a
 *    signed-in visitor straight to `done` gets nothing. The browser's session cookie is cleared
 *    (the session now belongs to the app) and the browser is sent to
 *    `glint://auth/google?code=K` with a one-time code K, good for two minutes.
 * 3. The app posts K and its verifier to `POST /api/native/google/exchange` and gets the session
 *    token in `set-auth-token`. The code is spent by the first try, right or wrong, so an app that
 *    caught the link without the verifier learns nothing and cannot try again.
 */

const FLOW_MINUTES = 10;
const CODE_SECONDS = 120;
const FLOW_COOKIE = 'glint.native_google';
const FLOW_PATH = '/api/native/google';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const flowKey = (challenge: string) => `native-google-flow:${challenge}`;
const codeKey = (code: string) => `native-google-code:${sha256(code)}`;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const cookieOf = (req: FastifyRequest, name: string) => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return undefined;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page the system browser ends on: it opens the app at once and offers a button for browsers
 * that want a tap first. Never cached, never sent on as a referrer (the address holds the code).
 */
function backToApp(reply: FastifyReply, params: Record<string, string>) {
  const url = `${NATIVE_GOOGLE_RETURN}?${new URLSearchParams(params).toString()}`;
  const href = escapeHtml(url);
  const ok = 'code' in params;
  reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').type('text/html; charset=utf-8');
  return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0;url=${href}"><title>Glint</title>
<style>body{font-family:system-ui,sans-serif;background:#0b0b10;color:#f4f4f5;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center}
a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#8b5cf6;color:#fff;text-decoration:none;font-weight:600}</style>
</head><body><main><h1>${ok ? 'Signed in with Google' : 'Google sign-in did not finish'}</h1>
<p>${ok ? 'Returning to the Glint app…' : 'Return to the Glint app to try again.'}</p>
<a href="${href}">Open Glint</a></main></body></html>`);
}

export const nativeGoogleRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.publicUrl.startsWith('https://');
  const cookieAttrs = `Path=${FLOW_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const db = app.db;

  app.get(
    '/api/native/google',
    { schema: { tags: ['auth'], summary: 'Native app: start Google sign-in in the system browser', querystring: NativeGoogleStartQuerySchema } },
    async (req, reply) => {
      if (!app.config.google) throw notFound('Google sign-in is not configured');
      const { challenge } = req.query;
      const back = `${FLOW_PATH}/done?challenge=${challenge}`;
      const started = await app.auth.handler(
        new Request(new URL('/api/auth/sign-in/social', app.config.publicUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: new URL(app.config.publicUrl).origin, [CLIENT_IP_HEADER]: req.ip },
          body: JSON.stringify({ provider: 'google', callbackURL: back, errorCallbackURL: back, newUserCallbackURL: back }),
        }),
      );
      const answer = (await started.json().catch(() => ({}))) as { url?: unknown };
      if (!started.ok || typeof answer.url !== 'string') throw new HttpError(502, 'google_unavailable', 'Failed to sign in with Google');
      const nonce = randomBytes(32).toString('base64url');
      // A second start with the same challenge replaces the first.
      await db.delete(verification).where(eq(verification.identifier, flowKey(challenge)));
      await db.insert(verification).values({
        id: randomUUID(),
        identifier: flowKey(challenge),
        value: sha256(nonce),
        // This process's clock, as Better Auth's sessions have (compared at the end).
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + FLOW_MINUTES * 60_000),
      });
      const cookies = [...started.headers.getSetCookie(), `${FLOW_COOKIE}=${nonce}; Max-Age=${FLOW_MINUTES * 60}; ${cookieAttrs}`];
      return reply.header('set-cookie', cookies).header('Cache-Control', 'no-store').redirect(answer.url, 302);
    },
  );

  app.get(
    `${FLOW_PATH}/done`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Native app: Google sign-in finished; back to the app with a one-time code',
        querystring: NativeGoogleReturnQuerySchema,
      },
    },
    async (req, reply) => {
      const { challenge, error, two_factor: twoFactor } = req.query;
      const nonce = cookieOf(req, FLOW_COOKIE);
      const [flow] = await db
        .delete(verification)
        .where(and(eq(verification.identifier, flowKey(challenge)), gt(verification.expiresAt, new Date())))
        .returning();
      reply.header('set-cookie', `${FLOW_COOKIE}=; Max-Age=0; ${cookieAttrs}`);
      if (!flow || !nonce || !sameSecret(sha256(nonce), flow.value)) return backToApp(reply, { error: 'expired' });
      if (twoFactor) return backToApp(reply, { error: 'two_factor' });
      const s = await sessionOf(req);
      // Only a session Google's callback made for this flow: never one the browser already had.
      if (error || !s || s.session.createdAt.getTime() < flow.createdAt.getTime()) return backToApp(reply, { error: 'google' });

      const code = randomBytes(32).toString('base64url');
      await db.insert(verification).values({
        id: randomUUID(),
        identifier: codeKey(code),
        value: JSON.stringify({ token: s.session.token, challenge }),
        expiresAt: new Date(Date.now() + CODE_SECONDS * 1000),
      });
      // The session is the app's now: this browser forgets it.
      const ctx = await app.auth.$context;
      const clear = [ctx.authCookies.sessionToken, ctx.authCookies.sessionData, ctx.authCookies.dontRememberToken].map(
        (c) => `${c.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${c.attributes.secure ? '; Secure' : ''}`,
      );
      reply.header('set-cookie', clear);
      return backToApp(reply, { code });
    },
  );

  app.post(
    `${FLOW_PATH}/exchange`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Native app: trade the one-time code and the verifier for the session token (in set-auth-token)',
        body: NativeGoogleExchangeSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req, reply) => {
      const { code, verifier } = req.body;
      // Spent by this try whatever happens next.
      const [row] = await db
        .delete(verification)
        .where(and(eq(verification.identifier, codeKey(code)), gt(verification.expiresAt, new Date())))
        .returning();
      const held = row ? (JSON.parse(row.value) as { token: string; challenge: string }) : undefined;
      if (!held || !sameSecret(sha256(verifier), held.challenge)) throw new HttpError(401, 'native_code_invalid', NATIVE_CODE_INVALID);
      return reply.header('Cache-Control', 'no-store').header('set-auth-token', held.token).send({ ok: true });
    },
  );
};
