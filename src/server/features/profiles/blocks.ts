import { and, desc, eq } from 'drizzle-orm';
import type { BlockedAccount } from '../../../shared/profiles/profiles.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { userBlocks } from '../../access/schema.js';
import type { Db } from '../../platform/db/client.js';

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
