import type { FastifyInstance } from 'fastify';
import type { VideoProcessingEvent } from '../../../shared/realtime/realtime.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { DEMO_SOURCE_QUEUE, makeDemoSource } from './demo-media.js';
import { processVideo } from './process-video.js';
import { makeVideoCard, VIDEO_CARD_QUEUE, videoCards } from './page-meta.js';
import { markFailed, PRUNE_VIEW_HISTORY_QUEUE, pruneViewHistory, RELEASE_HELD_VIDEOS_QUEUE, releaseHeldVideos, TRANSCODE_QUEUE } from './service.js';
import { EXPIRE_UPLOADS_QUEUE, expireUnfinishedUploads } from './uploads.js';

/** The videos' queues and what each job carries. */
export interface VideoJobs {
  [TRANSCODE_QUEUE]: { videoId: string };
  [DEMO_SOURCE_QUEUE]: { videoId: string; width: number; height: number; seconds: number; tone: number; scene?: number };
  [EXPIRE_UPLOADS_QUEUE]: Record<string, never>;
  [RELEASE_HELD_VIDEOS_QUEUE]: Record<string, never>;
  [PRUNE_VIEW_HISTORY_QUEUE]: Record<string, never>;
  [VIDEO_CARD_QUEUE]: { videoId: string };
}

/** Background work of the videos: transcoding, demo media, the upload expiry sweep, held videos, old views and link preview cards. */
export async function defineVideoJobs(app: FastifyInstance): Promise<void> {
  const { db, storage, config } = app;
  const jobs = jobsFor<VideoJobs>(app.jobs);
  const cards = videoCards(app);
  const uploadsDir = config.uploadsDir;
  // Processing progress reaches the owner's open pages at once, over the realtime socket.
  // A video that becomes ready (or fails) changes the lists guests see: the read cache is dropped.
  // A video just published gets its link preview card now, before the first share of its link.
  const report = async (ownerId: string, event: VideoProcessingEvent) => {
    if (event.status !== 'processing') app.readCache.invalidate();
    if (event.status === 'ready') await cards.published(event.id).catch((err: unknown) => app.log.warn({ err }, 'card not queued'));
    return app.realtime.publish(ownerId, 'video.processing', event);
  };
  await jobs.define(TRANSCODE_QUEUE, {
    handler: (data, { signal }) => processVideo({ db, storage, uploadsDir, log: app.log, limits: config.mediaLimits, report }, String(data.videoId), signal),
    onFinalFailure: (data, error) => markFailed(db, String(data.videoId), error, uploadsDir, report),
  });
  await jobs.define(DEMO_SOURCE_QUEUE, {
    handler: (data, { signal }) => makeDemoSource(db, app.jobs, uploadsDir, data, signal),
    onFinalFailure: (data, error) => markFailed(db, String(data.videoId), error, uploadsDir),
  });
  const uploadMaxAgeMs = config.mediaLimits.uploadExpiryHours * 3600_000;
  await jobs.define(EXPIRE_UPLOADS_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const n = await expireUnfinishedUploads(db, uploadsDir, uploadMaxAgeMs);
      if (n) app.log.info({ expired: n }, 'unfinished uploads expired');
    },
  });
  await jobs.schedule(EXPIRE_UPLOADS_QUEUE, '*/15 * * * *');
  // A video processed while its owner was suspended is held; it is published within a minute of
  // the suspension's end (or its lifting).
  await jobs.define(RELEASE_HELD_VIDEOS_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const released = await releaseHeldVideos(db, storage);
      if (!released.length) return;
      app.log.info({ released: released.length }, 'held videos published');
      for (const v of released) await report(v.ownerId, { id: v.id, status: 'ready', percent: 100, failureReason: null });
    },
  });
  await jobs.schedule(RELEASE_HELD_VIDEOS_QUEUE, '* * * * *');
  // Views are kept with their time as long as the leaderboards look back; shares while they dedupe.
  await jobs.define(PRUNE_VIEW_HISTORY_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const n = await pruneViewHistory(db);
      if (n) app.log.info({ pruned: n }, 'old view and share rows pruned');
    },
  });
  await jobs.schedule(PRUNE_VIEW_HISTORY_QUEUE, '7 * * * *');
  // A video's link preview picture: asked for when it is published (CARDS_ON_PUBLISH), and by its
  // page when it is served without one (a new title or poster, or made before).
  await jobs.define(VIDEO_CARD_QUEUE, {
    retryLimit: 1,
    expireInSeconds: 300,
    oncePerKey: true,
    handler: (data, { signal }) => makeVideoCard(app, data.videoId, signal),
  });
}
