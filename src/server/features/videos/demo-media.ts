import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { profiles } from '../../access/schema.js';
import { getVideo, TRANSCODE_QUEUE, updateVideoRow } from './service.js';
import { demoClipArgs } from '../../platform/media/ffmpeg.js';
import { boldFontFile } from '../../platform/media/cards.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { runMediaTool } from '../../platform/media/run.js';

export const DEMO_SOURCE_QUEUE = 'demo-source';

/**
 * Makes a demo video's source — a moving scene with its title and creator drawn in and a soft
 * chord under it (`demoClipArgs`) — then queues it for transcoding like an upload.
 */
export async function makeDemoSource(db: Db, jobs: Pick<Jobs, 'send'>, uploadsDir: string, p: Record<string, unknown>, signal: AbortSignal) {
  const videoId = String(p.videoId);
  const video = await getVideo(db, videoId);
  if (!video) return;
  const [owner] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, video.ownerId)).limit(1);
  const key = `demo-${videoId}.mp4`;
  const clip = {
    seconds: Number(p.seconds),
    width: Number(p.width),
    height: Number(p.height),
    title: video.title,
    creator: owner?.username ?? 'glint',
    tone: Number(p.tone) / 2,
    scene: Number(p.scene ?? 0),
    fontFile: boldFontFile(),
  };
  await runMediaTool('ffmpeg', demoClipArgs(path.join(uploadsDir, key), clip), { signal, timeoutMs: 120_000 });
  await updateVideoRow(db, videoId, { sourceKey: key });
  await jobs.send(TRANSCODE_QUEUE, { videoId });
}
