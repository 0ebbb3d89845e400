import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { session, user } from '../../access/schema.js';
import { account } from './schema.js';

// The account rows Better Auth keeps, for the features that write them outside its endpoints: a
// ban ends the sessions, a wallet sign-up makes the account, a deletion erases it.

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

/** A new account, made by a sign-in method Better Auth does not know (a wallet). */
export async function insertUser(db: Db, values: NewUser): Promise<typeof user.$inferSelect> {
  const [made] = await db.insert(user).values(values).returning();
  return made!;
}

/** An account that must exist (the one a deleted person's ledger rows point at); kept when it does. */
export async function ensureUser(db: Db, values: NewUser): Promise<void> {
  await db.insert(user).values(values).onConflictDoNothing();
}

/** Erases an account; every row that belongs to it goes with it (the foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.delete(user).where(eq(user.id, userId));
}

/** Records how an account signs in (the wallet it was made with), as Better Auth's accounts do. */
export async function insertSignInMethod(db: Db, values: typeof account.$inferInsert): Promise<void> {
  await db.insert(account).values(values);
}
