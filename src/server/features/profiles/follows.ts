import { and, desc, eq, sql } from 'drizzle-orm';
import type { Creator } from '../../../shared/profiles/creator.js';
import type { Db } from '../../platform/db/client.js';
import { followChanges, follows } from './schema.js';
import { profiles } from '../../access/schema.js';
import { HttpError } from '../../platform/http/errors.js';
import { creatorColumns } from '../../access/creator.js';
import { notBanned } from '../../access/standing.js';

/** Follows `followeeId`; idempotent. Returns true when it is new. */
export async function follow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  if (followerId === followeeId) throw new HttpError(400, 'cannot_follow_self', 'You cannot follow yourself.');
  const rows = await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().returning({ f: follows.followerId });
  if (rows.length) await db.insert(followChanges).values({ followeeId, change: 1 });
  return rows.length > 0;
}

export async function unfollow(db: Db, followerId: string, followeeId: string): Promise<void> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ f: follows.followerId });
  if (rows.length) await db.insert(followChanges).values({ followeeId, change: -1 });
}

export async function followStats(db: Db, userId: string, viewerId: string | undefined) {
  const [row] = await db
    .select({
      followers: sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${userId})`,
      following: sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${userId})`,
      followedByMe: viewerId
        ? sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${userId})`
        : sql<boolean>`false`,
    })
    .from(sql`(select 1) as one`);
  return { followers: row?.followers ?? 0, following: row?.following ?? 0, followedByMe: !!row?.followedByMe };
}

/** Followers (who follow `userId`) or following (whom `userId` follows), newest first. */
export async function listFollows(db: Db, userId: string, which: 'followers' | 'following'): Promise<Creator[]> {
  const joinOn = which === 'followers' ? eq(profiles.id, follows.followerId) : eq(profiles.id, follows.followeeId);
  const where = which === 'followers' ? eq(follows.followeeId, userId) : eq(follows.followerId, userId);
  return db
    .select(creatorColumns)
    .from(follows)
    .innerJoin(profiles, joinOn)
    .where(and(where, notBanned(profiles.id)))
    .orderBy(desc(follows.createdAt))
    .limit(200);
}

export async function followedIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId));
  return rows.map((r) => r.id);
}

/** Since when `followerId` follows `followeeId`; undefined when they do not. */
export async function followingSince(db: Db, followerId: string, followeeId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: follows.createdAt })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return row?.at;
}
