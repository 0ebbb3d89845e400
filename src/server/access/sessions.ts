import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { session } from './schema.js';

// Who is signed in, beyond one request's session (guards.ts): the sockets' sessions that still
// hold, and the end of every session of an account (a ban). Better Auth writes the rest.

/** Of these sessions, those that still exist and have not expired. */
export async function liveSessions(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(inArray(session.id, ids), gt(session.expiresAt, new Date())));
  return rows.map((r) => r.id);
}

/** Ends every session of an account at once; their ids come back, for the sockets to close. */
export function endSessionsOf(db: Db, userId: string): Promise<{ id: string }[]> {
  return db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
}
