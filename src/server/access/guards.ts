import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../platform/http/errors.js';
import { assertMayPost } from './standing.js';
import { findProfileById } from './creator.js';
import { toFetchHeaders } from '../platform/http/fetch-headers.js';

export type SessionInfo = NonNullable<Awaited<ReturnType<FastifyRequest['server']['auth']['api']['getSession']>>>;

/** The session behind a request's cookie (or bearer token), once per request. */
export async function sessionOf(req: FastifyRequest): Promise<SessionInfo | null> {
  if (req.glintSession !== undefined) return req.glintSession;
  // Its kept answer goes to everyone alike (platform/http/read-cache.ts): it must not depend on who asks.
  if (req.routeOptions.config.guestCache && !req.routeOptions.config.auth)
    throw new Error(`${req.routeOptions.url} declares no auth but asks who is signed in: declare auth 'optional'`);
  const s = await req.server.sessionCache.lookup(req, () => req.server.auth.api.getSession({ headers: toFetchHeaders(req.headers) }));
  req.glintSession = s ?? null;
  return req.glintSession;
}

/**
 * The guards behind a route's `config.auth` / `config.role` (run by the hook of `registerRouteGuards`
 * before the handler); a handler calls one itself only when who may call depends on the request.
 */
export async function requireUser(req: FastifyRequest): Promise<SessionInfo> {
  const s = await sessionOf(req);
  if (!s) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
  return s;
}

export async function requireVerifiedUser(req: FastifyRequest): Promise<SessionInfo> {
  const s = await requireUser(req);
  if (!s.user.emailVerified) throw new HttpError(403, 'email_not_verified', 'Email Verification Required');
  return s;
}

/**
 * A signed-in user (verified, unless `verified: false`) who may post now: not suspended or banned
 * (docs/product.md "Reports and moderation"). The one guard of every route that publishes
 * something: uploads and video edits, streams and clips, comments, chat, bounties.
 */
export async function requirePoster(req: FastifyRequest, { verified = true }: { verified?: boolean } = {}): Promise<SessionInfo> {
  const s = verified ? await requireVerifiedUser(req) : await requireUser(req);
  await assertMayPost(req.server.db, s.user.id);
  return s;
}

export async function requireRole(req: FastifyRequest, role: 'admin' | 'moderator'): Promise<SessionInfo> {
  const s = await requireVerifiedUser(req);
  const profile = await findProfileById(req.server.db, s.user.id);
  const roles = profile?.roles ?? [];
  // Admins count as moderators (docs/product.md §6).
  if (!roles.includes(role) && !(role === 'moderator' && roles.includes('admin'))) {
    throw new HttpError(403, 'forbidden', 'You do not have permission to do that.');
  }
  return s;
}

/**
 * Who may call a route, declared in its options (`config`) and enforced by one hook:
 * - `user`: signed in (401 otherwise); `verified`: and the email verified (403);
 * - `poster`: verified and not suspended or banned; `unverified-poster`: the same without the email;
 * - `optional`: anyone, but the answer depends on who asks (the handler reads `sessionOf`);
 * - `role`: verified and holding the role (admins count as moderators).
 * Without `auth` or `role` a route is public.
 */
export type RouteAuth = 'user' | 'verified' | 'poster' | 'unverified-poster' | 'optional';

declare module 'fastify' {
  interface FastifyRequest {
    glintSession?: SessionInfo | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    role?: 'admin' | 'moderator';
    /** The answer is about the caller: `Cache-Control: no-store`, so no cache keeps it. */
    noStore?: boolean;
    /** Sold over x402: a guest pays with a PAYMENT-SIGNATURE header (documented as such). */
    x402?: boolean;
    /** The success answers of a route whose schema declares none (an empty 204, a redirect, a file). */
    answers?: Partial<Record<200 | 201 | 202 | 204 | 302 | 303, string>>;
  }
}

async function guard(req: FastifyRequest, auth: RouteAuth | undefined, role: 'admin' | 'moderator' | undefined): Promise<void> {
  if (role) await requireRole(req, role);
  else if (auth === 'user') await requireUser(req);
  else if (auth === 'verified') await requireVerifiedUser(req);
  else if (auth === 'poster') await requirePoster(req);
  else if (auth === 'unverified-poster') await requirePoster(req, { verified: false });
}

/** The session the route's declared guard let in (the handler of a route with `auth` or `role`). */
export function userSession(req: FastifyRequest): SessionInfo {
  if (!req.glintSession) throw new Error(`${req.routeOptions.url} declares no auth: its handler has no session`);
  return req.glintSession;
}

/** `GET /api/videos/:id/comments` -> `getVideosByIdComments`: unique per method and path, stable. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment === '*' ? ['by', 'path'] : segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** The security schemes of the OpenAPI document; an operation names those it accepts. */
export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'glint.session_token', description: 'The session cookie set by signing in' },
  bearer: { type: 'http', scheme: 'bearer', description: 'The session token of the native app (`set-auth-token` at sign-in)' },
  x402: {
    type: 'apiKey',
    in: 'header',
    name: 'PAYMENT-SIGNATURE',
    description:
      'An x402 (v2) payment, signed for the requirements of the 402 answer (no account needed); the paid files then play with the grant in their path and the buyer’s session or holder cookie',
  },
} as const;

/** What an operation's `security` says for a route's declaration (`[]`: public). */
export function securityOf(config: { auth?: RouteAuth; role?: string; x402?: boolean } | undefined): Record<string, string[]>[] {
  const signedIn: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];
  if (config?.x402) return [{ x402: [] }, ...signedIn];
  if (config?.role || (config?.auth && config.auth !== 'optional')) return signedIn;
  if (config?.auth === 'optional') return [{}, ...signedIn];
  return [];
}

/**
 * The one place a route's declared access is enforced: for every route with `auth`, `role` or
 * `noStore` in its config, a last preHandler runs the guard (so the handler's first line is what
 * it does, and `userSession` hands it the session) and marks the answer `no-store`. The same
 * declarations give the route's OpenAPI operation its `security` and `operationId`.
 */
export function registerRouteGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const { auth, role, noStore } = route.config ?? {};
    if (route.url.startsWith('/api/') && !route.schema?.hide) {
      const methods = [route.method].flat();
      const schema = (route.schema ??= {}) as Record<string, unknown>;
      schema.security ??= securityOf(route.config);
      if (methods.length === 1) schema.operationId ??= operationIdOf(methods[0]!, route.url);
    }
    if (!role && !noStore && (!auth || auth === 'optional')) return;
    const check = async (req: FastifyRequest, reply: FastifyReply) => {
      await guard(req, auth, role);
      if (noStore) reply.header('Cache-Control', 'no-store');
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
}
