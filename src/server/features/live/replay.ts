import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { livestreams } from './schema.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { runMediaTool } from '../../platform/media/run.js';
import { createDraft, queueForProcessing, TRANSCODE_QUEUE } from '../videos/service.js';
import type { StreamRow } from './service.js';

/**
 * An ended stream's recording becomes a long video, processed like an upload: its replay.
 * Returns the video's id, or undefined when nothing was recorded.
 */
export async function makeReplay(db: Db, jobs: Pick<Jobs, 'send'>, streamDir: string, uploadsDir: string, stream: StreamRow): Promise<string | undefined> {
  const sourceKey = `live-${stream.id}.mkv`;
  const target = path.join(uploadsDir, sourceKey);
  // A retry after the recording was already moved goes straight on to the video.
  if (!fs.existsSync(target) && !(await joinRecordings(streamDir, stream.liveSession, target))) return undefined;
  const { title, description, category, tags } = stream;
  const video = await createDraft(db, stream.ownerId, { kind: 'long', title, description, category, tags, visibility: 'public' });
  // The replay of a stream a moderator removed is made (it comes back with the stream) but hidden.
  await queueForProcessing(db, video.id, { sourceKey, takenDownAt: stream.takenDownAt });
  await db.update(livestreams).set({ recordingVideoId: video.id }).where(eq(livestreams.id, stream.id));
  await jobs.send(TRANSCODE_QUEUE, { videoId: video.id });
  return video.id;
}

/**
 * The recording of each ingest session (`<streamDir>/<n>/recording.mkv`) as one file at `target`,
 * joined in order when the publisher dropped and came back. Always remuxed (no re-encoding): a
 * recording cut short (an encoder stopped, a crashed instance) has no duration or index, and the
 * video pipeline refuses such a file; remuxed, it is a whole file of what was written. Written
 * beside `target` and moved there when complete, so a retry never takes half a file. False when no
 * session recorded anything.
 */
export async function joinRecordings(streamDir: string, sessions: number, target: string): Promise<boolean> {
  const parts: string[] = [];
  for (let n = 1; n <= sessions; n++) {
    const file = path.join(streamDir, String(n), 'recording.mkv');
    const size = await fs.promises.stat(file).then(
      (s) => s.size,
      () => 0,
    );
    if (size > 0) parts.push(file);
  }
  if (!parts.length) return false;
  const partial = `${target}.part`;
  await joinMedia(parts, path.join(streamDir, 'parts.txt'), partial, 10 * 60_000, 'matroska');
  await fs.promises.rename(partial, target);
  await Promise.all(parts.map((p) => fs.promises.rm(p, { force: true })));
  return true;
}

/**
 * Joins media files of one encode, in order, into `target` without re-encoding, through an ffmpeg
 * concat list written at `list`, in `format` when the name does not say it. The paths are the
 * server's own, never from a request.
 */
export async function joinMedia(parts: string[], list: string, target: string, timeoutMs: number, format?: string): Promise<void> {
  await fs.promises.writeFile(list, parts.map((p) => `file '${p.replaceAll("'", "'\\''")}'`).join('\n'));
  try {
    await runMediaTool('ffmpeg', ['-hide_banner', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', ...(format ? ['-f', format] : []), target], {
      timeoutMs,
    });
  } finally {
    await fs.promises.rm(list, { force: true });
  }
}
