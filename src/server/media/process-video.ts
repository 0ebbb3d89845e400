import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { NOT_A_VIDEO, shortProblem } from '../../shared/videos.js';
import type { Db } from '../db/client.js';
import { getVideo, updateVideoRow } from '../videos/service.js';
import { frameArgs, hlsArgs, isVideoContainer, parseProbe, pickLadder, probeArgs, spriteArgs, spriteSpec, thumbnailTimes, type ProbeResult } from './ffmpeg.js';
import { runMediaTool } from './run.js';
import type { Storage } from './storage.js';

export const TRANSCODE_QUEUE = 'transcode-video';

export class RejectedMedia extends Error {}

/** ffprobe a file and decide if it is a video this kind of content may be; throws RejectedMedia. */
export async function probeUpload(file: string, kind: 'long' | 'short'): Promise<ProbeResult> {
  let probe: ProbeResult | undefined;
  try {
    probe = parseProbe(await runMediaTool('ffprobe', probeArgs(file), { timeoutMs: 30_000 }));
  } catch {
    probe = undefined;
  }
  if (!probe || !isVideoContainer(probe.formatName)) throw new RejectedMedia(NOT_A_VIDEO);
  if (kind === 'short') {
    const problem = shortProblem(probe.width, probe.height, probe.durationSeconds);
    if (problem) throw new RejectedMedia(problem);
  }
  return probe;
}

export interface ProcessDeps {
  db: Db;
  storage: Storage;
  uploadsDir: string;
  log: FastifyBaseLogger;
}

/**
 * The transcoding job: probe, HLS ladder, thumbnail candidates and poster, preview sprite, then
 * the video is ready. Progress is written as it goes so the owner sees it move.
 */
export async function processVideo(deps: ProcessDeps, videoId: string, signal: AbortSignal): Promise<void> {
  const { db, storage } = deps;
  const video = await getVideo(db, videoId);
  if (!video || video.status === 'removed' || video.status === 'ready') return;
  if (!video.sourceKey) throw new Error('No uploaded source');
  const source = path.join(deps.uploadsDir, video.sourceKey);
  const probe = await probeUpload(source, video.kind);
  const rungs = pickLadder(probe.width, probe.height);
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), `glint-${videoId}-`));
  try {
    await updateVideoRow(db, videoId, { status: 'processing', processingPercent: 1, durationSeconds: Math.round(probe.durationSeconds), width: probe.width, height: probe.height });
    const hlsDir = path.join(work, 'hls');
    await fs.promises.mkdir(hlsDir);
    let lastWrite = 0;
    await runMediaTool('ffmpeg', hlsArgs(source, hlsDir, probe, rungs), {
      durationSeconds: probe.durationSeconds,
      signal,
      timeoutMs: Math.max(10 * 60_000, probe.durationSeconds * 20_000),
      onProgress: (f) => {
        const now = Date.now();
        if (now - lastWrite < 1000) return;
        lastWrite = now;
        void updateVideoRow(db, videoId, { processingPercent: Math.min(90, 1 + f * 89) }).catch(() => {});
      },
    });
    const frames: string[] = [];
    for (const [i, t] of thumbnailTimes(probe.durationSeconds).entries()) {
      const out = path.join(work, `thumb-${i}.jpg`);
      await runMediaTool('ffmpeg', frameArgs(source, t, out), { signal, timeoutMs: 60_000 });
      frames.push(out);
    }
    await updateVideoRow(db, videoId, { processingPercent: 94 });
    const spec = spriteSpec(probe);
    await runMediaTool('ffmpeg', spriteArgs(source, spec, path.join(work, 'sprite.jpg')), { signal, timeoutMs: 5 * 60_000 });

    const prefix = `videos/${videoId}`;
    await storage.deletePrefix(prefix);
    await storage.putDirectory(`${prefix}/hls`, hlsDir);
    const candidates: string[] = [];
    for (const [i, f] of frames.entries()) {
      const key = `${prefix}/thumb-${i}.jpg`;
      await storage.putFile(key, f);
      candidates.push(storage.url(key));
    }
    await storage.putFile(`${prefix}/sprite.jpg`, path.join(work, 'sprite.jpg'));
    const fresh = await getVideo(db, videoId);
    if (!fresh || fresh.status === 'removed') {
      await storage.deletePrefix(prefix);
      return;
    }
    await updateVideoRow(db, videoId, {
      status: 'ready',
      processingPercent: 100,
      failureReason: null,
      hlsKey: `${prefix}/hls/master.m3u8`,
      thumbnailCandidates: candidates,
      thumbnailUrl: fresh.thumbnailUrl ?? candidates[1] ?? candidates[0] ?? null,
      sprite: { key: `${prefix}/sprite.jpg`, ...spec },
      publishedAt: fresh.publishedAt ?? new Date(),
      sourceKey: null,
    });
    // The original is not kept once the renditions exist.
    await fs.promises.rm(source, { force: true });
    await fs.promises.rm(`${source}.json`, { force: true });
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** After the last attempt: the owner sees why. */
export async function markFailed(db: Db, videoId: string, error: Error) {
  const reason = error instanceof RejectedMedia ? error.message : 'Processing failed. Please try uploading the file again.';
  await updateVideoRow(db, videoId, { status: 'failed', failureReason: reason });
}
