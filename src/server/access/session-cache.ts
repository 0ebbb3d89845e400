import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createReadCache } from '../platform/http/read-cache.js';
import type { SessionInfo } from './guards.js';

/**
 * Who a request's cookie or bearer token stands for, kept a few seconds in this process
 * (docs/decisions/026-signed-in-reads.md). Looking a session up costs Better Auth's whole endpoint
 * (its hooks, the cookie's signature, the session and its account read from the database): the
 * largest part of a signed-in read. The same rule as the read cache keeps it right:
 * - an entry is keyed by a hash of everything the lookup reads (the `Cookie` and `Authorization`
 *   headers), so it answers only the same credentials again;
 * - it is dropped with the read cache, on every successful write on any instance (a sign-out, a
 *   ban ending an account's sessions, a password change, a deleted account), and whenever Better
 *   Auth changes an account or a session (`sessionsChanged`), also from a link followed with a
 *   `GET` (an email confirmed);
 * - it lives `ttlMs` at most (what changes without a write: a session reaching its end is checked
 *   on every use, below), and a lookup that such a change overtook is not kept.
 */
export interface SessionCache {
  /** The session for this request's credentials: a kept one, or `load()`'s. */
  lookup(req: FastifyRequest, load: () => Promise<SessionInfo | null>): Promise<SessionInfo | null>;
  /** Forgets every kept session (here only; the read cache tells the other instances). */
  forget(): void;
}

export function createSessionCache({ ttlMs, maxEntries = 10_000 }: { ttlMs: number; maxEntries?: number }): SessionCache {
  const kept = createReadCache({ ttlMs, maxEntries });
  return {
    async lookup(req, load) {
      const { cookie, authorization } = req.headers;
      if (!cookie && !authorization) return load();
      const key = createHash('sha256')
        .update(`${authorization ?? ''}\n${cookie ?? ''}`)
        .digest('base64url');
      const s = await kept.memo(key, load);
      // A session that ended since it was kept is read again (Better Auth then says it is gone).
      if (s && new Date(s.session.expiresAt).getTime() <= Date.now()) return load();
      return s;
    },
    forget: () => kept.forget(),
  };
}
