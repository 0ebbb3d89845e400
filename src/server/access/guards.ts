import type { FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http/errors.js';
import { assertMayPost } from './standing.js';
import { findProfileById } from './creator.js';
import { toFetchHeaders } from '../platform/http/fetch-headers.js';

export type SessionInfo = NonNullable<Awaited<ReturnType<FastifyRequest['server']['auth']['api']['getSession']>>>;

/** The session behind a request's cookie (or bearer token), once per request. */
export async function sessionOf(req: FastifyRequest): Promise<SessionInfo | null> {
  if (req.glintSession !== undefined) return req.glintSession;
  const s = await req.server.auth.api.getSession({ headers: toFetchHeaders(req.headers) });
  req.glintSession = s ?? null;
  return req.glintSession;
}

/** Guards, called first in a handler so a reader sees who may call it (CONTRIBUTING.md). */
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

declare module 'fastify' {
  interface FastifyRequest {
    glintSession?: SessionInfo | null;
  }
}
