import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Creator } from '../../shared/content.js';
import type { Db } from '../db/client.js';
import { profiles, userRoles } from '../db/schema/index.js';

/** The columns that make a `Creator`, for other features to join on profiles by. */
export const creatorColumns = {
  id: profiles.id,
  username: profiles.username,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  verificationType: profiles.verificationType,
};
export { profiles as profilesTable };

export async function findProfileByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()))
    .limit(1);
  if (!row) return undefined;
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, row.id));
  return { ...row, roles: roles.map((r) => r.role) };
}

/** Users whose username or display name contains `q` (case-insensitive); exact username first. */
export async function searchCreators(db: Db, q: string, limit = 20): Promise<Creator[]> {
  const pattern = `%${escapeLike(q)}%`;
  return db
    .select(creatorColumns)
    .from(profiles)
    .where(or(ilike(profiles.username, pattern), ilike(profiles.displayName, pattern)))
    .orderBy(sql`lower(${profiles.username}) = ${q.toLowerCase()} desc`, asc(profiles.username))
    .limit(limit);
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function countProfiles(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles);
  return row?.n ?? 0;
}

