import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { profiles, userRoles } from '../platform/db/schema/index.js';

// A creator's public shape and their roles: what every feature shows of a person, and what the
// guards ask. The profiles feature owns the rest (names taken, new accounts, the profile page).

type CreatorColumnSource = Record<'id' | 'username' | 'displayName' | 'avatarUrl' | 'verificationType', unknown>;

/** The columns that make a `Creator` of a profiles table or of an alias of it (a payer, a moderator). */
export function creatorColumnsOf<T extends CreatorColumnSource>(p: T): Pick<T, keyof CreatorColumnSource> {
  return { id: p.id, username: p.username, displayName: p.displayName, avatarUrl: p.avatarUrl, verificationType: p.verificationType };
}

/** The columns that make a `Creator`, for other features to join on profiles by. */
export const creatorColumns = creatorColumnsOf(profiles);
export { profiles as profilesTable };

/** A profile row with the roles of its user (docs/product.md §6). */
async function withRoles(db: Db, row: typeof profiles.$inferSelect | undefined) {
  if (!row) return undefined;
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, row.id));
  return { ...row, roles: roles.map((r) => r.role) };
}

export async function findProfileByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()))
    .limit(1);
  return withRoles(db, row);
}

export async function findProfileById(db: Db, id: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return withRoles(db, row);
}
