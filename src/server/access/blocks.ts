import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.js';
import type { BlockedAccount } from '../../shared/profiles/profiles.js';
import { creatorColumns, profilesTable } from './creator.js';
import { userBlocks } from './schema.js';

// Blocking (docs/product.md "Blocking"): whom a viewer has blocked, asked by every feature that
// shows one person's words to another (chat, comments, notifications); the profiles feature's
// routes block and unblock through it.

/** The accounts `viewerId` has blocked. */
export async function blockedBy(db: Db, viewerId: string): Promise<Set<string>> {
  const rows = await db.select({ id: userBlocks.blockedId }).from(userBlocks).where(eq(userBlocks.blockerId, viewerId));
  return new Set(rows.map((r) => r.id));
}

/** Whether `blockerId` has blocked `blockedId`. */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return !!row;
}

/** SQL that holds when `viewerId` has not blocked the account `userId` (a column of the outer query). */
export const notBlockedBy = (viewerId: string, userId: AnyPgColumn | SQL): SQL =>
  sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${userId})`;

/** Blocks an account (idempotent): its chat, comments and notifications disappear for the blocker. */
export async function block(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function unblock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The accounts the viewer blocked, newest first. */
export async function listBlocked(db: Db, blockerId: string): Promise<BlockedAccount[]> {
  const rows = await db
    .select({ user: creatorColumns, since: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(profilesTable, eq(profilesTable.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt))
    .limit(1000);
  return rows.map((r) => ({ user: r.user, since: r.since.toISOString() }));
}
