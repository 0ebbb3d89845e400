import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CLIP_GONE } from '../../../shared/live/live.js';
import type { VideoProcessingEvent } from '../../../shared/realtime/realtime.js';
import { isUuid } from '../../platform/db/ids.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { getVideo, markFailed, RejectedMedia, TRANSCODE_QUEUE, updateVideoRow } from '../videos/service.js';
import { cutClip } from './clips.js';
import { notifyLive } from './notify.js';
import { makeReplay } from './replay.js';
import { makeStreamCard, STREAM_CARD_QUEUE } from './page-meta.js';
import { finishStream, getStreamRow } from './service.js';

export const NOTIFY_QUEUE = 'live-notify';
// Each instance ends the streams it ingested, and cuts their clips: the media is on its disk.
export const endQueue = (instance: string) => `live-end-${instance}` as const;
export const cleanupQueue = (instance: string) => `live-cleanup-${instance}` as const;
export const clipQueue = (instance: string) => `live-clip-${instance}` as const;

/** The live streams' queues (some per ingest instance) and what each job carries. */
export interface LiveJobs {
  [NOTIFY_QUEUE]: { streamId: string };
  [STREAM_CARD_QUEUE]: { streamId: string };
  [end: `live-end-${string}`]: { streamId: string; session: number };
  [cleanup: `live-cleanup-${string}`]: { streamId: string };
  [clip: `live-clip-${string}`]: { videoId: string; streamId: string; session: number; seconds: number; until: string };
}

export interface LiveJobDeps {
  /** This instance's id in its queues' names. */
  instance: string;
  /** Where each ingest session's media is written. */
  sessionDir: (streamId: string, session: number) => string;
  /** Tells the stream's room where it stands; never fails. */
  announce: (streamId: string) => Promise<void>;
}

/** Ending a stream after its grace period (with its replay), cleaning its media, cutting clips, telling the audience. */
export async function defineLiveJobs(app: FastifyInstance, { instance, sessionDir, announce }: LiveJobDeps): Promise<void> {
  const { db, config } = app;
  const { liveDir, uploadsDir } = config;
  const jobs = jobsFor<LiveJobs>(app.jobs);

  // A stream's link preview picture, asked for by its page when it has none for where the stream stands.
  await jobs.define(STREAM_CARD_QUEUE, {
    retryLimit: 1,
    expireInSeconds: 300,
    oncePerKey: true,
    handler: (data, { signal }) => makeStreamCard(app, data.streamId, signal),
  });

  await jobs.define(endQueue(instance), {
    retryLimit: 3,
    handler: async (data) => {
      const id = String(data.streamId);
      const session = Number(data.session);
      // Ended now, or on an earlier try of this job that failed before its replay was made.
      const finished = await finishStream(db, id, session);
      if (finished) await announce(id);
      const stream = finished ?? (await getStreamRow(db, id));
      if (stream?.status !== 'ended' || stream.liveSession !== session || stream.recordingVideoId) return;
      if (await makeReplay(db, app.jobs, path.join(liveDir, stream.id), uploadsDir, stream)) await announce(id);
      // Players still on the page finish what they loaded before they learn the stream ended.
      await jobs.send(cleanupQueue(instance), { streamId: stream.id }, { startAfter: 120 });
    },
  });

  // A clip is cut where its segments are: on the instance that ingests the stream.
  const report = (ownerId: string, event: VideoProcessingEvent) => app.realtime.publish(ownerId, 'video.processing', event);
  await jobs.define(clipQueue(instance), {
    retryLimit: 1,
    handler: async (data) => {
      const videoId = String(data.videoId);
      const id = String(data.streamId);
      if (!isUuid(id) || !isUuid(videoId)) return;
      const video = await getVideo(db, videoId);
      if (video?.status !== 'processing' || video.sourceKey) return;
      const sourceKey = `clip-${videoId}.mkv`;
      const cut = await cutClip(
        sessionDir(id, Number(data.session)),
        config.live.segmentSeconds,
        Number(data.seconds),
        new Date(String(data.until)),
        path.join(uploadsDir, sourceKey),
      );
      if (!cut) throw new RejectedMedia(CLIP_GONE);
      await updateVideoRow(db, videoId, { sourceKey });
      await app.jobs.send(TRANSCODE_QUEUE, { videoId });
    },
    onFinalFailure: (data, error) => markFailed(db, String(data.videoId), error, uploadsDir, report),
  });

  // Telling the audience may run on any instance: it only needs the database.
  await jobs.define(NOTIFY_QUEUE, {
    retryLimit: 3,
    // One notification per stream at a time, however often it goes live before it is sent.
    oncePerKey: true,
    handler: async (data) => {
      const sent = await notifyLive(db, app.realtime, app.push, app.log, String(data.streamId));
      if (sent) app.log.info({ stream: data.streamId, sent }, 'live: audience notified');
    },
  });

  await jobs.define(cleanupQueue(instance), {
    handler: async (data) => {
      const id = String(data.streamId);
      if (isUuid(id)) await fs.promises.rm(path.join(liveDir, id), { recursive: true, force: true });
    },
  });
}
