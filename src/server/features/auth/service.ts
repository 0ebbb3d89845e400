import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { user } from '../../access/schema.js';

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
