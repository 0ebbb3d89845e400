import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeForStatus, GENERIC_ERROR_MESSAGE, toErrorCode, type ApiErrorBody } from '../../../shared/platform/errors.js';
import { MeSchema, type Me } from '../../../shared/auth/session.js';
import { createProfileForUser } from '../profiles/service.js';
import { findProfileById } from '../../access/creator.js';
import { promoteAdminEmails } from '../roles/service.js';
import { CLIENT_IP_HEADER } from './auth.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { notFound } from '../../platform/http/errors.js';
import { toFetchHeaders } from '../../platform/http/fetch-headers.js';
import { endSession } from './service.js';
import { isPlaceholderEmail } from '../wallet/service.js';

/** Copies a Fastify request into a Fetch `Request` for Better Auth, with the caller's address. */
function toFetchRequest(req: FastifyRequest, publicUrl: string): Request {
  const headers = toFetchHeaders(req.headers, CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, req.ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && typeof req.body === 'string' && req.body.length > 0;
  return new Request(new URL(req.url, publicUrl), { method: req.method, headers, body: hasBody ? (req.body as string) : undefined });
}

/**
 * `GET /api/me`: who is signed in (account, profile, roles), `{ user: null }` for a guest. Also
 * written into the pages the server sends (src/server/platform/http/spa.ts), so a page knows who is there
 * from its first frame.
 */
export async function meOf(req: FastifyRequest): Promise<Me> {
  const app = req.server;
  const s = await sessionOf(req);
  if (!s) return { user: null };
  // Every account has a profile; one lost to a crash right after sign-up is made here.
  let profile = await findProfileById(app.db, s.user.id);
  if (!profile) {
    await createProfileForUser(app.db, s.user as typeof s.user & { username?: string | null; displayUsername?: string | null });
    // Roles need the profile: an ADMIN_EMAILS account confirmed without one becomes admin now.
    await promoteAdminEmails(app.db, app.config.adminEmails, s.user.id);
    profile = await findProfileById(app.db, s.user.id);
  }
  return {
    user: {
      id: s.user.id,
      // Wallet accounts have no email of their own (docs/product.md §1); theirs is a placeholder.
      email: isPlaceholderEmail(s.user.email) ? null : s.user.email,
      emailVerified: s.user.emailVerified,
      twoFactorEnabled: !!s.user.twoFactorEnabled,
    },
    profile: profile
      ? {
          username: profile.username,
          displayName: profile.displayName,
          avatarUrl: profile.avatarUrl,
          verificationType: profile.verificationType,
          publicWalletAddress: profile.publicWalletAddress,
        }
      : null,
    roles: profile?.roles ?? [],
    // What other features add (privacy: a sign-in just cancelled the scheduled deletion).
    ...(await app.auth.signIns.meAdditions(s.user.id)),
  };
}

/** Better Auth's "already exists" refusals, which it answers 422 and 400, and we answer 409 like every conflict. */
const CONFLICT_CODES = /ALREADY_EXISTS|ALREADY_TAKEN|ALREADY_LINKED|^EMAIL_EXISTS$|^USERNAME_TAKEN$|^DISPLAY_NAME_TAKEN$|^WALLET_TAKEN$/;

/**
 * Better Auth answers errors as `{ code: 'USERNAME_IS_ALREADY_TAKEN', message, ... }`, and some
 * (an unknown endpoint) with no body at all; the API's one error shape wants a snake_case code
 * and a message. Other properties (two-factor's `remaining_attempts`) stay: clients read them.
 */
export function toApiErrorAnswer(status: number, body: unknown): { status: number; body: ApiErrorBody } {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { code, message, ...extra } = fields;
  const rawCode = typeof code === 'string' && code ? code : codeForStatus(status);
  const conflict = (status === 400 || status === 422) && CONFLICT_CODES.test(rawCode.toUpperCase());
  return {
    status: conflict ? 409 : status,
    body: {
      ...extra,
      code: toErrorCode(rawCode),
      message: typeof message === 'string' && message ? message : status === 404 ? 'Not found' : GENERIC_ERROR_MESSAGE,
    },
  };
}

/**
 * Whether the caller asked for the session token itself: API clients and the native app send
 * `X-Auth-Transport: bearer` (or already hold a bearer token). A browser never gets it: its session
 * lives in an httpOnly cookie that page scripts cannot read.
 */
/** Account endpoints after which some session no longer exists. */
const ENDS_SESSIONS =
  /^\/api\/auth\/(sign-out|revoke-session|revoke-sessions|revoke-other-sessions|reset-password|change-password|two-factor\/(enable|disable)|delete-user)(\?|$)/;

export const AUTH_TRANSPORT_HEADER = 'x-auth-transport';
const wantsBearer = (req: FastifyRequest) => req.headers[AUTH_TRANSPORT_HEADER] === 'bearer' || /^bearer /i.test(req.headers.authorization ?? '');

/** Removes every `token` field (session tokens in sign-in, get-session, list-sessions answers). */
export function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSessionTokens);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'token')
      .map(([k, v]) => [k, withoutSessionTokens(v)]),
  );
}

async function sendFetchResponse(reply: FastifyReply, res: Response, bearer: boolean) {
  reply.status(res.status);
  res.headers.forEach((value, key) => {
    if (key === 'set-cookie' || key === 'content-length') return;
    if (!bearer && (key === 'set-auth-token' || key === 'access-control-expose-headers')) return;
    reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (res.status >= 400) {
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const mapped = toApiErrorAnswer(res.status, parsed);
    return reply.status(mapped.status).type('application/json; charset=utf-8').send(JSON.stringify(mapped.body));
  }
  if (!bearer && /json/.test(res.headers.get('content-type') ?? '')) {
    const text = await res.text();
    return reply.send(text ? JSON.stringify(withoutSessionTokens(JSON.parse(text))) : null);
  }
  return reply.send(res.body ? Buffer.from(await res.arrayBuffer()) : null);
}

/** Mounts Better Auth at /api/auth/* and Glint's own account endpoints. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Better Auth reads the raw body itself: this scope keeps Fastify from parsing it first.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (req, reply) => {
        const res = await app.auth.handler(toFetchRequest(req, app.config.publicUrl));
        // A session ended: the realtime sockets it opened are closed on every server.
        if (res.ok && ENDS_SESSIONS.test(req.url)) await app.realtime.sessionsEnded();
        return sendFetchResponse(reply, res, wantsBearer(req));
      },
    });
  });

  app.get(
    '/api/me',
    {
      config: { auth: 'optional', noStore: true },
      schema: { tags: ['auth'], summary: 'Who is signed in: account, profile and roles (user null for guests)', response: { 200: MeSchema } },
    },
    async (req) => {
      return meOf(req);
    },
  );

  // Session tokens never reach page scripts, so one of the account's sessions is signed out by its id.
  app.delete(
    '/api/sessions/:id',
    {
      config: { auth: 'user', answers: { 204: 'Signed out' } },
      schema: { tags: ['auth'], summary: 'Sign out one of your sessions (another device)', params: z.object({ id: z.string().min(1).max(100) }) },
    },
    async (req, reply) => {
      const s = userSession(req);
      if (!(await endSession(app.db, s.user.id, req.params.id))) throw notFound('No such session');
      await app.realtime.sessionsEnded();
      return reply.status(204).send();
    },
  );

  // The local outbox, for a newcomer without a mail server. It lists every reset link, so only a
  // laptop serves it: bound to loopback and known by a localhost address, whatever NODE_ENV says.
  if (app.mailer.kind === 'outbox' && app.config.localDev) {
    app.get('/api/dev/outbox.json', { schema: { hide: true } }, async () => app.mailer.list());
    app.get('/api/dev/outbox', { schema: { hide: true, querystring: z.object({}) } }, async (_req, reply) => {
      const mails = await app.mailer.list();
      const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const link = (text: string) => esc(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
      const items = mails
        .map((m) => `<article><h2>${esc(m.subject)}</h2><p class="meta">To ${esc(m.to)} · ${esc(m.sentAt)}</p><pre>${link(m.text)}</pre></article>`)
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Glint outbox</title><link rel="stylesheet" href="/api/dev/outbox.css"></head><body><h1>Local outbox</h1><p>Mail Glint would have sent. Set SMTP_URL to send it for real.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
        );
    });
    app.get('/api/dev/outbox.css', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/css')
        .send(
          'body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;background:#0b0b12;color:#e7e7ee}article{border:1px solid #2a2a3a;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}a{color:#a78bfa}.meta{color:#9a9ab0}',
        ),
    );
  }
};
