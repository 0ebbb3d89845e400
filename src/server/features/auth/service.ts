import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { session, user } from '../../access/schema.js';

// The auth feature's face to the others: the sign-in limits (privacy counts a failed identity
// check like a failed sign-in). Other features join a sign-in through `app.auth.signIns`
// (sign-in-hooks.ts), registered at startup, so auth imports none of them.
export { createLoginLimits } from './login-limits.js';

// And the account row Better Auth keeps, where privacy changes it outside Better Auth's endpoints
// (a deletion erases the account; the ledger's placeholder account is made once).

export type NewUser = typeof user.$inferInsert;

/** An account that must exist (the one a deleted person's ledger rows point at); kept when it does. */
export async function ensureUser(db: Db, values: NewUser): Promise<void> {
  await db.insert(user).values(values).onConflictDoNothing();
}

/** Erases an account; every row that belongs to it goes with it (the foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.delete(user).where(eq(user.id, userId));
}

/** The account's address, for the mails sent outside Better Auth; undefined when there is no account. */
export async function emailOf(db: Db, userId: string): Promise<string | undefined> {
  const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return u?.email;
}

/** Signs out one of an account's sessions (another device) by its id; false when it has none such. */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const gone = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return gone.length > 0;
}
