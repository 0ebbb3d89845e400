import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { videos } from '../../platform/db/schema/index.js';
import type { Storage } from '../../platform/storage/storage.js';
import { inGoodStanding } from '../../access/standing.js';
import { placeVideoMedia } from './paid-media.js';

/**
 * A video's status and the only ways it changes:
 *
 *   uploading ─startProcessing / queueForProcessing─▶ processing ─finishProcessing─▶ ready | held
 *   held ─releaseHeld─▶ ready (its owner is in good standing again)
 *   uploading ─failUpload─▶ failed ─restartUpload─▶ uploading
 *   processing ─failProcessing─▶ failed
 *   anything but removed ─removeVideo─▶ removed (the owner's own delete; its media goes)
 *
 * A new draft starts `uploading` (createDraft). Each transition names the states it may leave and
 * changes the row only while it is in one of them, in the same statement, so a stale one (the owner
 * deleted the video while it was processing) changes nothing; it answers whether it changed the row.
 * A moderator's removal is not a status: `taken_down_at` hides a video in any of them.
 */
export type VideoStatus = (typeof videos.$inferSelect)['status'];

/** A video's columns but its status, which changes only here. */
export type VideoFields = Omit<Partial<typeof videos.$inferInsert>, 'status'>;

/** The states each transition leaves from. */
export const TRANSITIONS = {
  restartUpload: ['uploading', 'failed'],
  failUpload: ['uploading'],
  startProcessing: ['uploading'],
  queueForProcessing: ['uploading'],
  // Also a draft that failed or never had its upload claimed: the job runs on whatever source the row names.
  beginTranscode: ['uploading', 'processing', 'failed'],
  finishProcessing: ['processing'],
  failProcessing: ['uploading', 'processing'],
  releaseHeld: ['held'],
  removeVideo: ['uploading', 'processing', 'ready', 'failed', 'held'],
} as const satisfies Record<string, readonly VideoStatus[]>;

async function transition(db: Db, id: string, from: readonly VideoStatus[], set: Partial<typeof videos.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set(set)
    .where(and(eq(videos.id, id), inArray(videos.status, [...from])))
    .returning({ id: videos.id });
  return rows.length > 0;
}

/** A new upload to a draft that is waiting for its file or whose last upload failed. */
export const restartUpload = (db: Db, id: string) => transition(db, id, TRANSITIONS.restartUpload, { status: 'uploading', failureReason: null });

/** The upload was refused (not a video, too long, …) or expired unfinished; the owner reads why. */
export const failUpload = (db: Db, id: string, reason: string) => transition(db, id, TRANSITIONS.failUpload, { status: 'failed', failureReason: reason });

/**
 * An uploaded draft goes to processing with its source, in one statement: only while it is still
 * waiting for its file, and only while its owner has fewer than `maxProcessing` videos in
 * processing. False when either is not so.
 */
export async function startProcessing(db: Db, id: string, sourceKey: string, maxProcessing: number): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set({ status: 'processing', processingPercent: 0, sourceKey, failureReason: null })
    .where(
      and(
        eq(videos.id, id),
        inArray(videos.status, [...TRANSITIONS.startProcessing]),
        sql`(select count(*) from videos busy where busy.owner_id = ${videos.ownerId} and busy.status = 'processing' and (busy.clipped_by_id is null or busy.clipped_by_id = busy.owner_id)) < ${maxProcessing}`,
      ),
    )
    .returning({ id: videos.id });
  return rows.length > 0;
}

/** A draft the server made itself (a stream's replay, a clip) goes straight to processing, uncounted. */
export const queueForProcessing = (db: Db, id: string, set: Pick<VideoFields, 'sourceKey' | 'takenDownAt' | 'sourceStreamId' | 'clippedById'>) =>
  transition(db, id, TRANSITIONS.queueForProcessing, { status: 'processing', processingPercent: 0, ...set });

/** The transcoding job starts on the video, with what probing the source found. */
export const beginTranscode = (db: Db, id: string, probed: Pick<VideoFields, 'durationSeconds' | 'width' | 'height'>) =>
  transition(db, id, TRANSITIONS.beginTranscode, { status: 'processing', processingPercent: 1, ...probed });

/**
 * The renditions exist: ready (published now unless it was before), or held while its owner is
 * suspended or banned; its media placed where the price says, in one transaction (placeVideoMedia).
 */
export const finishProcessing = (db: Db, storage: Storage, id: string, held: boolean, set: VideoFields) =>
  placeVideoMedia(db, storage, id, set, { from: TRANSITIONS.finishProcessing, to: held ? 'held' : 'ready' });

/** After the transcoding job's last attempt: the owner reads why; the source is not kept. */
export const failProcessing = (db: Db, id: string, reason: string) =>
  transition(db, id, TRANSITIONS.failProcessing, { status: 'failed', failureReason: reason, sourceKey: null });

/** Held videos of owners in good standing again are ready and published `now`; returns them. */
export function releaseHeld(db: Db, now: Date): Promise<{ id: string; ownerId: string }[]> {
  return db
    .update(videos)
    .set({ status: 'ready', publishedAt: now })
    .where(and(inArray(videos.status, [...TRANSITIONS.releaseHeld]), inGoodStanding(videos.ownerId, now)))
    .returning({ id: videos.id, ownerId: videos.ownerId });
}

/** The owner deletes the video: removed for good, its media forgotten (the caller deletes the files). */
export const removeVideo = (db: Db, id: string) =>
  transition(db, id, TRANSITIONS.removeVideo, { status: 'removed', hlsKey: null, sprite: null, thumbnailUrl: null, thumbnailCandidates: [] });
