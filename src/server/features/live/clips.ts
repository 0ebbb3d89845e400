import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, gt } from 'drizzle-orm';
import { CLIP_FROM, CLIPS_PER_WINDOW, CLIP_WINDOW_MINUTES, type CreateClipInput } from '../../../shared/live/live.js';
import type { Db } from '../../platform/db/client.js';
import { profiles, videos } from '../../platform/db/schema/index.js';
import { inputGuard, VIDEO_DEMUXERS } from '../../platform/media/ffmpeg.js';
import { runMediaTool } from '../../platform/media/run.js';
import { createDraft, queueForProcessing } from '../videos/service.js';
import { joinMedia } from './replay.js';
import type { StreamRow } from './service.js';

/** How many clips the user made (pressed Clip on) in the last window, across all streams. */
export async function recentClips(db: Db, userId: string): Promise<number> {
  const since = new Date(Date.now() - CLIP_WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({ n: count() })
    .from(videos)
    .where(and(eq(videos.clippedById, userId), gt(videos.createdAt, since)));
  return row?.n ?? 0;
}

export const clipLimitReached = async (db: Db, userId: string) => (await recentClips(db, userId)) >= CLIPS_PER_WINDOW;

/**
 * Whether this user may clip this stream: its creator always; anyone else while the creator lets
 * viewers clip (the "Clips" setting, on by default).
 */
export async function mayClip(db: Db, userId: string, stream: StreamRow): Promise<boolean> {
  if (stream.ownerId === userId) return true;
  const [creator] = await db.select({ allowClips: profiles.allowClips }).from(profiles).where(eq(profiles.id, stream.ownerId));
  return creator?.allowClips ?? false;
}

/**
 * The short a clip becomes, in processing until the ingest server has cut it. It is the stream
 * creator's content (theirs to edit, price, delete, be tipped for and claim bounties with); the
 * clipper is only credited ("Clipped by").
 */
export async function createClipDraft(db: Db, clipperId: string, stream: StreamRow, input: CreateClipInput) {
  const video = await createDraft(db, stream.ownerId, {
    kind: 'short',
    title: input.title,
    description: CLIP_FROM(stream.title),
    category: stream.category,
    tags: stream.tags,
    visibility: 'public',
  });
  await queueForProcessing(db, video.id, { sourceStreamId: stream.id, clippedById: clipperId });
  return video;
}

/**
 * Cuts the last `seconds` before `until` out of an ingest session's segments (`seg-NNNNNN.ts`, which
 * stay on disk about 90 s after they leave the playlist) into a vertical 9:16 file at `target`,
 * cropped from the centre. False when the session has no segments of that time any more.
 */
export async function cutClip(sessionDir: string, segmentSeconds: number, seconds: number, until: Date, target: string): Promise<boolean> {
  const names = (await fs.promises.readdir(sessionDir).catch(() => [] as string[])).filter((n) => /^seg-\d{6}\.ts$/.test(n)).sort();
  const stats = await Promise.all(names.map(async (n) => ({ n, s: await fs.promises.stat(path.join(sessionDir, n)).catch(() => undefined) })));
  // A segment is finished when it is written; the one being written (a temp file) is not listed.
  const done = stats.filter((x) => x.s && x.s.size > 0 && x.s.mtimeMs <= until.getTime() + 1000).map((x) => x.n);
  const wanted = Math.ceil(seconds / segmentSeconds) + 1;
  const parts = done.slice(-wanted);
  // A stream younger than the clip gives what it has, but a few seconds at least.
  if (parts.length * segmentSeconds < 3) return false;
  const joined = `${target}.ts`;
  try {
    await joinMedia(
      parts.map((p) => path.join(sessionDir, p)),
      `${target}.txt`,
      joined,
      60_000,
    );
    await runMediaTool(
      'ffmpeg',
      [
        '-hide_banner',
        '-y',
        ...inputGuard(VIDEO_DEMUXERS),
        '-sseof',
        `-${seconds}`,
        '-i',
        joined,
        '-vf',
        "crop='min(iw,ih*9/16)':ih,scale=-2:'min(1280,ih)',format=yuv420p",
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '21',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-f',
        'matroska',
        target,
      ],
      { timeoutMs: 5 * 60_000 },
    );
  } finally {
    await fs.promises.rm(joined, { force: true });
  }
  return true;
}
