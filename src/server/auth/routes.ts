import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MeSchema } from '../../shared/session.js';
import { findProfileById } from '../profiles/service.js';
import { CLIENT_IP_HEADER } from './auth.js';
import { sessionOf } from './guards.js';
import { isPlaceholderEmail } from '../wallet/plugin.js';

/** Copies a Fastify request into a Fetch `Request` for Better Auth, with the caller's address. */
function toFetchRequest(req: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === CLIENT_IP_HEADER) continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  }
  headers.set(CLIENT_IP_HEADER, req.ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && typeof req.body === 'string' && req.body.length > 0;
  return new Request(new URL(req.url, publicUrl), { method: req.method, headers, body: hasBody ? (req.body as string) : undefined });
}

async function sendFetchResponse(reply: FastifyReply, res: Response) {
  reply.status(res.status);
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
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
      handler: async (req, reply) => sendFetchResponse(reply, await app.auth.handler(toFetchRequest(req, app.config.publicUrl))),
    });
  });

  app.get(
    '/api/me',
    { schema: { tags: ['auth'], summary: 'Who is signed in: account, profile and roles (user null for guests)', response: { 200: MeSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const s = await sessionOf(req);
      if (!s) return { user: null };
      const profile = await findProfileById(app.db, s.user.id);
      return {
        user: {
          id: s.user.id,
          // Wallet accounts have no email of their own (SPEC.md §1); theirs is a placeholder.
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
      };
    },
  );

  // The local outbox, for a newcomer without a mail server (never in production, never with SMTP).
  if (app.mailer.kind === 'outbox' && app.config.env !== 'production') {
    app.get('/api/dev/outbox.json', { schema: { hide: true } }, async () => app.mailer.list());
    app.get(
      '/api/dev/outbox',
      { schema: { hide: true, querystring: z.object({}) } },
      async (_req, reply) => {
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
      },
    );
    app.get('/api/dev/outbox.css', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/css')
        .send('body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;background:#0b0b12;color:#e7e7ee}article{border:1px solid #2a2a3a;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}a{color:#a78bfa}.meta{color:#9a9ab0}'),
    );
  }
};
