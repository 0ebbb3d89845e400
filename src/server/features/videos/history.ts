import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { HISTORY_PAGE, type HistoryEntry } from '../../../shared/videos/history.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { notBanned } from '../../access/standing.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { videoProgress, videos, watchHistoryPauses } from './schema.js';
import { toCard } from './service.js';

// A signed-in viewer's watch history (docs/product.md "Watch history"): the videos and shorts they
// watched, newest first, with where they stopped; it is the resume position kept per video.

/** Whether the viewer paused their history (nothing they watch is recorded meanwhile). */
export async function isHistoryPaused(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: watchHistoryPauses.userId }).from(watchHistoryPauses).where(eq(watchHistoryPauses.userId, userId));
  return !!row;
}

export async function setHistoryPaused(db: Db, userId: string, paused: boolean): Promise<void> {
  if (paused) await db.insert(watchHistoryPauses).values({ userId }).onConflictDoNothing();
  else await db.delete(watchHistoryPauses).where(eq(watchHistoryPauses.userId, userId));
}

/**
 * Keeps a video in the viewer's history, first: where they stopped (`positionSeconds`), or, when
 * they just started it, where they were before (0 the first time). One statement, which writes
 * nothing while they have paused their history (the player saves every few seconds).
 */
async function keepWatched(db: Db, userId: string, videoId: string, positionSeconds: number | null): Promise<void> {
  await db.execute(sql`
    insert into ${videoProgress} (user_id, video_id, position_seconds)
    select ${userId}, ${videoId}, ${positionSeconds ?? 0}
    where not exists (select 1 from ${watchHistoryPauses} where ${watchHistoryPauses.userId} = ${userId})
    on conflict (user_id, video_id) do update
      set updated_at = now()${positionSeconds === null ? sql`` : sql`, position_seconds = excluded.position_seconds`}`);
}

/** A video (or short) the viewer started watching: first in their history, where they were kept. */
export const recordWatched = (db: Db, userId: string, videoId: string) => keepWatched(db, userId, videoId, null);

/** Where the viewer stopped (resume, and their history); nothing while their history is paused. */
export const saveProgress = (db: Db, userId: string, videoId: string, positionSeconds: number) => keepWatched(db, userId, videoId, positionSeconds);

/** What of the viewer's history is still there to watch: ready, not removed, not of a banned account, not someone else's private video. */
const watchable = (userId: string) =>
  and(eq(videos.status, 'ready'), isNull(videos.takenDownAt), notBanned(videos.ownerId), or(ne(videos.visibility, 'private'), eq(videos.ownerId, userId)));

export async function listHistory(db: Db, userId: string, offset = 0): Promise<{ entries: HistoryEntry[]; more: boolean }> {
  const rows = await db
    .select({ v: videos, creator: creatorColumns, position: videoProgress.positionSeconds, at: videoProgress.updatedAt })
    .from(videoProgress)
    .innerJoin(videos, eq(videos.id, videoProgress.videoId))
    .innerJoin(profilesTable, eq(profilesTable.id, videos.ownerId))
    .where(and(eq(videoProgress.userId, userId), watchable(userId)))
    .orderBy(desc(videoProgress.updatedAt), desc(videoProgress.videoId))
    .limit(HISTORY_PAGE + 1)
    .offset(offset);
  return {
    entries: rows.slice(0, HISTORY_PAGE).map((r) => ({ video: toCard(r.v, r.creator), positionSeconds: r.position, watchedAt: r.at.toISOString() })),
    more: rows.length > HISTORY_PAGE,
  };
}

/** Long videos the viewer stopped partway through (not in the first or last seconds), newest first: home's "Continue watching". */
export async function listContinueWatching(db: Db, userId: string, limit = 12): Promise<HistoryEntry[]> {
  const rows = await db
    .select({ v: videos, creator: creatorColumns, position: videoProgress.positionSeconds, at: videoProgress.updatedAt })
    .from(videoProgress)
    .innerJoin(videos, eq(videos.id, videoProgress.videoId))
    .innerJoin(profilesTable, eq(profilesTable.id, videos.ownerId))
    .where(
      and(
        eq(videoProgress.userId, userId),
        watchable(userId),
        eq(videos.kind, 'long'),
        sql`${videoProgress.positionSeconds} >= 3`,
        sql`(${videos.durationSeconds} is null or ${videoProgress.positionSeconds} < ${videos.durationSeconds} - 5)`,
      ),
    )
    .orderBy(desc(videoProgress.updatedAt))
    .limit(limit);
  return rows.map((r) => ({ video: toCard(r.v, r.creator), positionSeconds: r.position, watchedAt: r.at.toISOString() }));
}

/** Takes one video out of the history (its resume position goes too), or all of them. */
export async function removeFromHistory(db: Db, userId: string, videoId?: string): Promise<void> {
  // An id that is no video's is in nobody's history (and PostgreSQL would refuse it as a uuid).
  if (videoId !== undefined && !isUuid(videoId)) return;
  await db.delete(videoProgress).where(and(eq(videoProgress.userId, userId), videoId ? eq(videoProgress.videoId, videoId) : undefined));
}
