import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { VideoProcessingEvent } from '../../../shared/realtime/realtime.js';
import { NOT_A_VIDEO, shortProblem, type VideoKind } from '../../../shared/videos/videos.js';
import type { Db } from '../../platform/db/client.js';
import { getVideo, RejectedMedia, removeSource, updateVideoRow } from './service.js';
import { beginTranscode, finishProcessing } from './video-state.js';
import {
  frameArgs,
  hlsArgs,
  isVideoContainer,
  limitProblem,
  parseProbe,
  pickLadder,
  probeArgs,
  spriteArgs,
  spriteSpec,
  thumbnailTimes,
  VIDEO_DEMUXERS,
  type ProbeResult,
  type VideoLimits,
} from '../../platform/media/ffmpeg.js';
import { sniffVideo } from '../../../shared/media/sniff.js';
import { runMediaTool } from '../../platform/media/run.js';
import { paidMedia, videoMedia, type Storage } from '../../platform/storage/storage.js';
import { mediaBelongsPrivate, newMediaPlace } from './paid-media.js';
import { standingOf } from '../../access/standing.js';

/** The first bytes of a file, to tell what it really is before any tool opens it. */
export async function fileHead(file: string, bytes = 512): Promise<Uint8Array> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await fd.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fd.close();
  }
}

/**
 * Decides if a file is a video this kind of content may be; throws RejectedMedia with the
 * owner's message. Its first bytes must be a video container before ffprobe even opens it, and
 * ffprobe then reads it only as one (no playlists), from local disk only.
 */
export async function probeUpload(file: string, kind: VideoKind, limits?: VideoLimits): Promise<ProbeResult> {
  const head = await fileHead(file).catch(() => new Uint8Array());
  if (sniffVideo(head) !== true) throw new RejectedMedia(NOT_A_VIDEO);
  let probe: ProbeResult | undefined;
  try {
    probe = parseProbe(await runMediaTool('ffprobe', probeArgs(file, VIDEO_DEMUXERS), { timeoutMs: 30_000 }));
  } catch {
    probe = undefined;
  }
  if (!probe || !isVideoContainer(probe.formatName)) throw new RejectedMedia(NOT_A_VIDEO);
  if (kind === 'short') {
    const problem = shortProblem(probe.width, probe.height, probe.durationSeconds);
    if (problem) throw new RejectedMedia(problem);
  }
  const tooMuch = limits && limitProblem(probe, limits);
  if (tooMuch) throw new RejectedMedia(tooMuch);
  return probe;
}

export interface ProcessDeps {
  db: Db;
  storage: Storage;
  uploadsDir: string;
  log: FastifyBaseLogger;
  /** Checked again here: a source may come from elsewhere than an upload (demo content). */
  limits?: VideoLimits;
  /** Tells the owner (over the realtime socket) how far their video is; never fails the job. */
  report?: (ownerId: string, event: VideoProcessingEvent) => Promise<void>;
}

/**
 * The transcoding job: probe, HLS ladder, thumbnail candidates and poster, preview sprite, then
 * the video is ready. Progress is written as it goes so the owner sees it move.
 */
export async function processVideo(deps: ProcessDeps, videoId: string, signal: AbortSignal): Promise<void> {
  const { db, storage } = deps;
  const video = await getVideo(db, videoId);
  if (!video || video.status === 'removed' || video.status === 'ready' || video.status === 'held') {
    // Removed while it waited: its original has no use any more.
    if (video?.status === 'removed' && video.sourceKey) await removeSource(deps.uploadsDir, video.sourceKey);
    return;
  }
  if (!video.sourceKey) throw new Error('No uploaded source');
  const source = path.join(deps.uploadsDir, video.sourceKey);
  const probe = await probeUpload(source, video.kind, deps.limits);
  const rungs = pickLadder(probe.width, probe.height);
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), `glint-${videoId}-`));
  const tell = (status: VideoProcessingEvent['status'], percent: number) =>
    deps.report?.(video.ownerId, { id: videoId, status, percent: Math.round(percent), failureReason: null }).catch(() => undefined);
  try {
    // Deleted (or finished by another run) since it was read: nothing to do.
    if (!(await beginTranscode(db, videoId, { durationSeconds: Math.round(probe.durationSeconds), width: probe.width, height: probe.height }))) {
      const now = await getVideo(db, videoId);
      if (now?.status === 'removed') await removeSource(deps.uploadsDir, video.sourceKey);
      return;
    }
    void tell('processing', 1);
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
        void tell('processing', Math.min(90, 1 + f * 89));
      },
    });
    const frames: string[] = [];
    for (const [i, t] of thumbnailTimes(probe.durationSeconds).entries()) {
      const out = path.join(work, `thumb-${i}.jpg`);
      await runMediaTool('ffmpeg', frameArgs(source, t, out), { signal, timeoutMs: 60_000 });
      frames.push(out);
    }
    await updateVideoRow(db, videoId, { processingPercent: 94 });
    void tell('processing', 94);
    const spec = spriteSpec(probe);
    await runMediaTool('ffmpeg', spriteArgs(source, spec, path.join(work, 'sprite.jpg')), { signal, timeoutMs: 5 * 60_000 });

    const own = videoMedia(videoId);
    const prefix: string = own;
    // An owner suspended or banned meanwhile (an upload started before) publishes nothing: the
    // video is held, its playable media private, until the owner is in good standing again
    // (releaseHeldVideos publishes it then).
    const held = !!(await standingOf(db, video.ownerId));
    // A priced or private video's playable media goes straight to the private area; the poster and
    // thumbnail frames stay public. placeVideoMedia below settles a price or visibility changed meanwhile.
    const playable = newMediaPlace(videoId, mediaBelongsPrivate(video) || held);
    await storage.deleteAllOf(own);
    await storage.deleteAllOf(paidMedia(videoId));
    await storage.putDirectory(`${playable}/hls`, hlsDir);
    const candidates: string[] = [];
    for (const [i, f] of frames.entries()) {
      const key = `${prefix}/thumb-${i}.jpg`;
      await storage.putFile(key, f);
      candidates.push(storage.url(key));
    }
    await storage.putFile(`${playable}/sprite.jpg`, path.join(work, 'sprite.jpg'));
    const fresh = await getVideo(db, videoId);
    // Ready (or held) and, if its price changed meanwhile, its media moved where the price says, in
    // one transaction; the read cache is dropped (tell) right after, so no guest read sees the row
    // ready while the cache still holds the lists from before.
    const finished =
      !!fresh &&
      fresh.status !== 'removed' &&
      (await finishProcessing(db, storage, videoId, held, {
        processingPercent: 100,
        failureReason: null,
        hlsKey: `${playable}/hls/master.m3u8`,
        thumbnailCandidates: candidates,
        thumbnailUrl: fresh.thumbnailUrl ?? candidates[1] ?? candidates[0] ?? null,
        sprite: { key: `${playable}/sprite.jpg`, ...spec },
        publishedAt: held ? fresh.publishedAt : (fresh.publishedAt ?? new Date()),
        sourceKey: null,
      }));
    if (!finished) {
      // Deleted by its owner meanwhile (or no longer processing): nothing of this run is kept.
      await storage.deleteAllOf(own);
      await storage.deleteAllOf(paidMedia(videoId));
      await removeSource(deps.uploadsDir, video.sourceKey);
      return;
    }
    void tell(held ? 'held' : 'ready', 100);
    // The original is not kept once the renditions exist.
    await removeSource(deps.uploadsDir, video.sourceKey);
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
