import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import {
  NativeGoogleContinueSchema,
  NativeGoogleExchangeSchema,
  NativeGoogleFlowAnswerSchema,
  NativeGoogleFlowSchema,
  NativeGoogleReturnQuerySchema,
  NativeGoogleStartQuerySchema,
} from '../../../shared/auth/native-auth.js';
import { NATIVE_CODE_INVALID, NATIVE_CONTINUE_TITLE, NATIVE_GOOGLE_RETURN_PATH } from '../../../shared/auth/native-auth-rules.js';
import { session as sessionTable, verification } from '../../platform/db/schema/index.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { FOREIGN_ORIGIN } from '../../platform/http/origin.js';
import { CLIENT_IP_HEADER } from './auth.js';
import { sessionOf } from '../../access/guards.js';

/**
 * Google sign-in for the native app (docs/architecture.md "Native app", docs/security.md,
 * docs/decisions/022-native-sign-in-app-links.md).
 *
 * 1. The app makes a verifier and `C = base64url(sha256(verifier))`, and registers C with
 *    `POST /api/native/google/flows` from its own origin; it gets a random flow id F, good for ten
 *    minutes. Only then does it open the system browser at `GET /api/native/google?flow=F`. The
 *    browser never names a challenge: one that no app registered cannot be started, and F starts
 *    one browser once.
 * 2. The server starts Better Auth's Google sign-in there, keeps a nonce in an httpOnly cookie of
 *    this browser (its hash beside F), and sends the browser to Google, which returns to the
 *    callback, which makes a session and sends the browser on to `GET /api/native/google/done?flow=F`.
 *    Only a session made after this browser started this flow is considered. Nothing is handed
 *    over yet: the page asks "Continue to the Glint app?", names the account, and offers Continue
 *    and Cancel, a same-origin form with a token of this page.
 * 3. Continue (`POST /api/native/google/continue`) spends F, clears the browser's session cookies
 *    (the session now belongs to the app) and sends the browser to
 *    `https://<host>/app/native/return?code=K`, a link of this server's own host that the phone
 *    opens in the app verified for it (App Links, universal links), with a one-time code K good
 *    for two minutes. Cancel spends F and ends the session Google's sign-in made.
 * 4. The app posts K and its verifier to `POST /api/native/google/exchange` and gets the session
 *    token in `set-auth-token`. The code is spent by the first try, right or wrong, so an app that
 *    caught the link without the verifier learns nothing and cannot try again.
 */

const FLOW_MINUTES = 10;
const CODE_SECONDS = 120;
const FLOW_COOKIE = 'glint.native_google';
const FLOW_PATH = '/api/native/google';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const secret = () => randomBytes(32).toString('base64url');
/** A flow the app registered and no browser has started yet. */
const appFlowKey = (flow: string) => `native-google-app:${sha256(flow)}`;
/** A flow a browser started: the app's challenge, this browser's nonce, later the page's token. */
const flowKey = (flow: string) => `native-google-flow:${sha256(flow)}`;
const codeKey = (code: string) => `native-google-code:${sha256(code)}`;

interface BrowserFlow {
  challenge: string;
  /** sha256 of the nonce in the starting browser's cookie. */
  nonce: string;
  /** Set by the confirmation page: sha256 of its form token, and the account it named. */
  csrf?: string;
  userId?: string;
}

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

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#0b0b10;color:#f4f4f5;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center;padding:1rem;box-sizing:border-box}
main{max-width:28rem}a,button{display:inline-block;margin:1rem .25rem 0;padding:.75rem 1.25rem;border-radius:.5rem;border:0;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
a,button[value=continue]{background:#8b5cf6;color:#fff}button[value=cancel]{background:#27272a;color:#f4f4f5}`;

function page(reply: FastifyReply, title: string, body: string, status = 200) {
  reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
  return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Glint</title><style>${PAGE_STYLE}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>
${body}</main></body></html>`);
}

export const nativeGoogleRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.publicUrl.startsWith('https://');
  const ownOrigin = new URL(app.config.publicUrl).origin;
  const cookieAttrs = `Path=${FLOW_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const db = app.db;
  /** The only place a code is ever sent: this server's own https link, which the phone gives to the verified app. */
  const returnUrl = (params: Record<string, string>) => `${new URL(NATIVE_GOOGLE_RETURN_PATH, ownOrigin).href}?${new URLSearchParams(params).toString()}`;

  /** A page that ended the flow without a code: it links back to the app, which says why. */
  function backToApp(reply: FastifyReply, error: string, status = 200) {
    reply.header('Referrer-Policy', 'no-referrer');
    return page(
      reply,
      error === 'cancelled' ? 'Sign-in cancelled' : 'Google sign-in did not finish',
      `<p>${error === 'cancelled' ? 'Nothing was sent to the Glint app.' : 'Return to the Glint app to try again.'}</p>
<a href="${escapeHtml(returnUrl({ error }))}">Open Glint</a>`,
      status,
    );
  }

  const clearFlowCookie = (reply: FastifyReply) => reply.header('set-cookie', `${FLOW_COOKIE}=; Max-Age=0; ${cookieAttrs}`);

  /** The browser session's cookies, cleared: the session is the app's now, or was ended. */
  async function clearSessionCookies() {
    const ctx = await app.auth.$context;
    return [ctx.authCookies.sessionToken, ctx.authCookies.sessionData, ctx.authCookies.dontRememberToken].map(
      (c) => `${c.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${c.attributes.secure ? '; Secure' : ''}`,
    );
  }

  /** The flow this browser started, when its nonce cookie matches; undefined otherwise. */
  async function browserFlow(req: FastifyRequest, flow: string) {
    const [row] = await db
      .select()
      .from(verification)
      .where(and(eq(verification.identifier, flowKey(flow)), gt(verification.expiresAt, new Date())));
    const nonce = cookieOf(req, FLOW_COOKIE);
    if (!row || !nonce) return undefined;
    const held = JSON.parse(row.value) as BrowserFlow;
    return sameSecret(sha256(nonce), held.nonce) ? { row, held } : undefined;
  }

  app.post(
    '/api/native/google/flows',
    {
      schema: {
        tags: ['auth'],
        summary: 'Native app: register the PKCE challenge of a Google sign-in before opening the browser',
        body: NativeGoogleFlowSchema,
        response: { 200: NativeGoogleFlowAnswerSchema },
      },
    },
    async (req, reply) => {
      if (!app.config.google) throw notFound('Google sign-in is not configured');
      // Only the app's own pages start a flow: a web page cannot make a browser send another origin.
      const origin = req.headers.origin?.toLowerCase();
      if (!origin || !app.config.native.origins.includes(origin)) throw new HttpError(403, 'foreign_origin', FOREIGN_ORIGIN);
      const flow = secret();
      await db.insert(verification).values({
        id: randomUUID(),
        identifier: appFlowKey(flow),
        value: JSON.stringify({ challenge: req.body.challenge }),
        expiresAt: new Date(Date.now() + FLOW_MINUTES * 60_000),
      });
      return reply.header('Cache-Control', 'no-store').send({ flow });
    },
  );

  app.get(
    FLOW_PATH,
    {
      config: { answers: { 302: 'To Google’s sign-in page, with the flow’s cookie' } },
      schema: { tags: ['auth'], summary: 'Native app: start Google sign-in in the system browser', querystring: NativeGoogleStartQuerySchema },
    },
    async (req, reply) => {
      if (!app.config.google) throw notFound('Google sign-in is not configured');
      const { flow } = req.query;
      // Spent here: a flow id starts one browser, once.
      const [registered] = await db
        .delete(verification)
        .where(and(eq(verification.identifier, appFlowKey(flow)), gt(verification.expiresAt, new Date())))
        .returning();
      if (!registered) return backToApp(reply, 'expired', 404);
      const { challenge } = JSON.parse(registered.value) as { challenge: string };
      const back = `${FLOW_PATH}/done?flow=${flow}`;
      const started = await app.auth.handler(
        new Request(new URL('/api/auth/sign-in/social', app.config.publicUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ownOrigin, [CLIENT_IP_HEADER]: req.ip },
          body: JSON.stringify({ provider: 'google', callbackURL: back, errorCallbackURL: back, newUserCallbackURL: back }),
        }),
      );
      const answer = (await started.json().catch(() => ({}))) as { url?: unknown };
      if (!started.ok || typeof answer.url !== 'string') throw new HttpError(502, 'google_unavailable', 'Failed to sign in with Google');
      const nonce = secret();
      await db.insert(verification).values({
        id: randomUUID(),
        identifier: flowKey(flow),
        value: JSON.stringify({ challenge, nonce: sha256(nonce) } satisfies BrowserFlow),
        // This process's clock, as Better Auth's sessions have (compared with the session's).
        createdAt: new Date(),
        // The flow ends when the app's registration would have: minutes after the app started it.
        expiresAt: registered.expiresAt,
      });
      const cookies = [...started.headers.getSetCookie(), `${FLOW_COOKIE}=${nonce}; Max-Age=${FLOW_MINUTES * 60}; ${cookieAttrs}`];
      return reply.header('set-cookie', cookies).header('Cache-Control', 'no-store').redirect(answer.url, 302);
    },
  );

  app.get(
    `${FLOW_PATH}/done`,
    {
      config: { auth: 'optional', answers: { 200: 'An HTML page: continue to the app or cancel, or the sign-in did not finish' } },
      schema: {
        tags: ['auth'],
        summary: 'Native app: Google sign-in finished; asks the person to continue to the app',
        querystring: NativeGoogleReturnQuerySchema,
      },
    },
    async (req, reply) => {
      const { flow, error, two_factor: twoFactor } = req.query;
      const found = await browserFlow(req, flow);
      if (!found) return backToApp(reply, 'expired');
      const { row, held } = found;
      const end = async (why: string) => {
        await db.delete(verification).where(eq(verification.id, row.id));
        clearFlowCookie(reply);
        return backToApp(reply, why);
      };
      if (twoFactor) return end('two_factor');
      const s = await sessionOf(req);
      // Only a session Google's callback made for this flow: never one the browser already had.
      if (error || !s || s.session.createdAt.getTime() < row.createdAt.getTime()) return end('google');

      // Nothing goes to the app until the person says so on this page.
      const csrf = secret();
      await db
        .update(verification)
        .set({ value: JSON.stringify({ ...held, csrf: sha256(csrf), userId: s.user.id } satisfies BrowserFlow) })
        .where(eq(verification.id, row.id));
      const who = s.user.name ? `${escapeHtml(s.user.name)} (${escapeHtml(s.user.email)})` : escapeHtml(s.user.email);
      // same-origin, not no-referrer: a form posted under no-referrer says `Origin: null`.
      reply.header('Referrer-Policy', 'same-origin');
      return page(
        reply,
        NATIVE_CONTINUE_TITLE,
        `<p>You signed in with Google as <strong>${who}</strong>.</p>
<p>Continue only if you started this sign-in in the Glint app on this device. The app will be signed in to this account.</p>
<form method="post" action="${FLOW_PATH}/continue">
<input type="hidden" name="flow" value="${flow}"><input type="hidden" name="csrf" value="${csrf}">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
      );
    },
  );

  // The confirmation page posts a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    `${FLOW_PATH}/continue`,
    {
      config: {
        auth: 'optional',
        answers: { 200: 'An HTML page when the sign-in was cancelled or expired', 303: 'To the app’s https link with a one-time code' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Native app: the person chose Continue (a one-time code goes to the app’s https link) or Cancel',
        body: NativeGoogleContinueSchema,
      },
    },
    async (req, reply) => {
      // Stricter than the API's cross-site check, which lets a request without Origin through:
      // a browser names the page's origin on every form post, and only this server's page may.
      if (req.headers.origin !== ownOrigin) throw new HttpError(403, 'foreign_origin', FOREIGN_ORIGIN);
      const { flow, csrf, action } = req.body;
      const found = await browserFlow(req, flow);
      if (!found?.held.csrf || !sameSecret(sha256(csrf), found.held.csrf)) return backToApp(reply, 'expired');
      // Spent by this answer, whichever button was pressed.
      const [row] = await db.delete(verification).where(eq(verification.id, found.row.id)).returning();
      clearFlowCookie(reply);
      const s = await sessionOf(req);
      if (!row || !s || s.user.id !== found.held.userId || s.session.createdAt.getTime() < row.createdAt.getTime()) return backToApp(reply, 'expired');
      const clear = await clearSessionCookies();

      if (action === 'cancel') {
        // The session Google's sign-in made was for the app: it ends here with the flow.
        await db.delete(sessionTable).where(eq(sessionTable.token, s.session.token));
        reply.header('set-cookie', clear);
        return backToApp(reply, 'cancelled');
      }

      const code = secret();
      await db.insert(verification).values({
        id: randomUUID(),
        identifier: codeKey(code),
        value: JSON.stringify({ token: s.session.token, challenge: found.held.challenge }),
        expiresAt: new Date(Date.now() + CODE_SECONDS * 1000),
      });
      // The session is the app's now: this browser forgets it.
      reply.header('set-cookie', clear);
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(returnUrl({ code }), 303);
    },
  );

  /**
   * The return link, when the phone did not give it to the app (no app installed, or a desktop
   * browser): a page that says so. It never shows the code or sends it anywhere.
   */
  app.get(NATIVE_GOOGLE_RETURN_PATH, { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Referrer-Policy', 'no-referrer');
    return page(
      reply,
      'Open the Glint app',
      '<p>This link finishes a sign-in in the Glint app. Open it on the phone where you started the sign-in in the app.</p>',
    );
  });

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
