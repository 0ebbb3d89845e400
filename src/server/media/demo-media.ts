import path from 'node:path';
import type { Db } from '../db/client.js';
import { updateVideoRow } from '../videos/service.js';
import { testPatternArgs } from './ffmpeg.js';
import { TRANSCODE_QUEUE } from './process-video.js';
import { enqueue } from './queue.js';
import { runMediaTool } from './run.js';

export const DEMO_SOURCE_QUEUE = 'demo-source';

/** Makes a demo video's source (a test pattern with a tone), then queues it like an upload. */
export async function makeDemoSource(db: Db, uploadsDir: string, p: Record<string, unknown>, signal: AbortSignal) {
  const videoId = String(p.videoId);
  const key = `demo-${videoId}.mp4`;
  await runMediaTool('ffmpeg', testPatternArgs(path.join(uploadsDir, key), Number(p.seconds), Number(p.width), Number(p.height), Number(p.tone)), {
    signal,
    timeoutMs: 120_000,
  });
  await updateVideoRow(db, videoId, { sourceKey: key });
  await enqueue(db, TRANSCODE_QUEUE, { videoId });
}
