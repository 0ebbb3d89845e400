import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { session, user } from '../../access/schema.js';

// The auth feature's face to the others: the sign-in limits (privacy counts a failed identity
// check like a failed sign-in). Other features join a sign-in through `app.auth.signIns`
// (sign-in-hooks.ts), registered at startup, so auth imports none of them.
export { createLoginLimits } from './login-limits.js';

// And the account rows Better Auth keeps, where others change them outside its endpoints: a ban
// ends the sessions, a deletion erases the account; the realtime hub asks which sessions live.

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

export type NewUser = typeof user.$inferInsert;

/** An account that must exist (the one a deleted person's ledger rows point at); kept when it does. */
export async function ensureUser(db: Db, values: NewUser): Promise<void> {
  await db.insert(user).values(values).onConflictDoNothing();
}

/** Erases an account; every row that belongs to it goes with it (the foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.delete(user).where(eq(user.id, userId));
}
