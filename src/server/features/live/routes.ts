import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireToken } from '../tokens/service.js';
import { StreamDetailSchema, STREAM_NOT_FOUND } from '../../../shared/live/streams.js';
import {
  CLIP_NOT_LIVE,
  CLIP_TOO_MANY,
  CLIPS_OFF,
  ClipCreatedSchema,
  CreateClipSchema,
  CreateStreamSchema,
  REMINDER_NOT_UPCOMING,
  REMINDER_OWN_STREAM,
  RescheduleStreamSchema,
  STREAM_END_FIRST,
  STREAM_ENDED_BY_CREATOR,
  STREAM_NOT_LIVE,
  STREAM_NOT_UPCOMING,
  StreamKeyInfoSchema,
  StreamReminderSchema,
  UpdateStreamSchema,
} from '../../../shared/live/live.js';
import { userSession } from '../../access/guards.js';
import { standingOf } from '../../access/standing.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { getStream, publishersToStop } from './service.js';
import { acceptImageBodies, storeImage } from '../../platform/storage/images.js';
import { streamMedia } from '../../platform/storage/storage.js';
import {
  MASTER_PLAYLIST,
  playlistReady,
  rungPlaylist,
  SNAPSHOT_FILE,
  SNAPSHOT_SECONDS,
  startIngest,
  writeMasterPlaylist,
  type IngestFormat,
  type IngestProcess,
} from './ingest.js';
import { clipLimitReached, createClipDraft, mayClip } from './clips.js';
import { registerBrowserIngest } from './browser-ingest.js';
import { registerStreamPages, streamCards } from './page-meta.js';
import { cleanupQueue, clipQueue, defineLiveJobs, endQueue, NOTIFY_QUEUE, type LiveJobs } from './jobs.js';
import { cancelledNotificationText, rescheduledNotificationText, tellReminderHolders } from './notify.js';
import { findProfileById } from '../../access/creator.js';
import { deleteVideoWithMedia } from '../videos/service.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { createRtmpServer } from './rtmp.js';
import { recountViewers } from './viewers.js';
import { registerModerationAdapter } from '../moderation/service.js';
import { streamModeration } from './moderation.js';
import {
  beginSession,
  cancelStream,
  createStream,
  deleteStreamRow,
  endSession,
  endedAmong,
  endStreamNow,
  getOwnedStream,
  getStreamRow,
  hasReminder,
  hasStreamKey,
  markPublishing,
  regenerateStreamKey,
  reminderHolders,
  replacedStreamKeys,
  rescheduleStream,
  streamsLeftLive,
  updateStream,
  setReminder,
  setStreamThumbnail,
  userForStreamKey,
  type StreamRow,
} from './service.js';

const SEGMENT_FILE = /^((index|master|r\d{3})\.m3u8|(seg|r\d{3})-\d{6}\.ts|snapshot\.jpg)$/;

export interface PublishedSession {
  stream: StreamRow;
  session: number;
  ingest: IngestProcess;
  /** True once the first segment exists (viewers can watch); false if the session ended first. */
  ready: Promise<boolean>;
  /** Set when a moderator's decision or a new stream key cut the session off: why (the publisher is told). */
  cutOff?: string;
  /** The hash of the stream key an RTMP publisher was let in with; a new key ends the session. */
  keyHash?: string;
}

export interface LiveIngest {
  /** Starts an ingest session for the owner (on `streamId`, or the stream their key picks). */
  publish(ownerId: string, format: IngestFormat, streamId?: string): Promise<PublishedSession | undefined>;
  /** The RTMP address OBS is given, without the key. */
  rtmpUrl(): string | undefined;
  /**
   * Cuts off the sessions this instance ingests for an owner (suspended or banned) or of a stream
   * (removed by a moderator); the stream then ends as if its publisher left. Other instances find
   * theirs on their next standing sweep. Returns how many were stopped here.
   */
  stop(which: { ownerId?: string; streamId?: string }, reason: string): number;
  /**
   * The owner deletes their stream with its replay and pictures (the stream's page and the studio's
   * bulk delete): 404 if it is not theirs, 409 while it is live.
   */
  deleteStream(id: string, ownerId: string, log: FastifyBaseLogger): Promise<void>;
}

/** How often each instance checks that its publishers may still stream (suspended, banned, removed, key replaced). */
export const STANDING_SWEEP_MS = 15_000;
/** The realtime note every instance hears when a creator makes a new stream key (its data: the creator's id). */
const KEY_REPLACED_NOTE = 'live.streamKeyReplaced';
const KEY_REPLACED = 'Your stream key was replaced: stream with the new one';
/** The realtime note every instance hears when a creator ends their live stream from its page (its data: the stream's id). */
const STREAM_ENDED_NOTE = 'live.streamEnded';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveIngest;
  }
}

/**
 * Live streaming: RTMP ingest, the live HLS this instance serves, going live and ending after the
 * grace period, and the replay made from the recording by the video pipeline.
 *
 * A stream's live media stays on the instance that ingests it (`DATA_DIR/live`); behind a load
 * balancer, `/live/` and the RTMP port go to the ingest instance (docs/deploy.md).
 */
export async function registerLive(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const jobs = jobsFor<LiveJobs>(app.jobs);
  const cards = streamCards(app);
  const liveDir = config.liveDir;
  const creatorName = async (userId: string) => (await findProfileById(db, userId))?.displayName ?? 'A creator';
  fs.mkdirSync(liveDir, { recursive: true });
  // Each instance ends the streams it ingested: their recordings are on its disk.
  const instance = createHash('sha256').update(config.instanceName).digest('hex').slice(0, 12);
  const active = new Map<string, { ownerId: string; published: PublishedSession }>();
  const sessionDir = (id: string, session: number) => path.join(liveDir, id, String(session));

  /**
   * Tells the stream's room where it stands (live, media arriving or not, ended, its replay), and
   * its viewer count, which counts only while it is live. Never fails the step that called it.
   */
  const announce = async (id: string) => {
    try {
      const s = await getStreamRow(db, id);
      if (!s) return;
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      await app.realtime.publishToStream(id, 'stream.status', {
        streamId: id,
        status: s.status,
        publishing: s.publishing,
        hlsUrl: s.status === 'live' && s.publishing ? s.hlsPath : null,
        scheduledAt: iso(s.scheduledAt),
        startedAt: iso(s.startedAt),
        endedAt: iso(s.endedAt),
        recordingVideoId: s.recordingVideoId,
      });
      for (const t of await recountViewers(db, [id])) await app.realtime.publishToStream(id, 'stream.viewers', t);
    } catch (err) {
      app.log.warn({ err, stream: id }, 'live: could not announce the stream status');
    }
  };

  await defineLiveJobs(app, { instance, sessionDir, announce });
  registerStreamPages(app);

  /**
   * With a ladder: waits (a few segments at most) for the rungs' first segments, then writes the
   * master playlist. Without it, viewers get the main rendition only rather than no stream.
   */
  async function masterPlaylist(dir: string, ladder: number[], watching: () => boolean): Promise<string | undefined> {
    const until = Date.now() + 5_000;
    while (watching() && Date.now() < until) {
      const ready = await Promise.all(ladder.map((h) => playlistReady(dir, rungPlaylist(h))));
      if (ready.every(Boolean)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    try {
      const offered = await writeMasterPlaylist(dir, ladder);
      return offered.length > 1 ? MASTER_PLAYLIST : undefined;
    } catch (err) {
      app.log.warn({ err }, 'live: no master playlist, the main rendition only');
      return undefined;
    }
  }

  async function publish(ownerId: string, format: IngestFormat, streamId?: string): Promise<PublishedSession | undefined> {
    // A suspended or banned account does not go live, from OBS or a browser (docs/product.md "Reports and moderation").
    if (await standingOf(db, ownerId)) return undefined;
    const begun = await beginSession(db, ownerId, instance, streamId);
    if (!begun) return undefined;
    const { stream, session } = begun;
    await announce(stream.id);
    // One live session per stream: an older one still here is ended.
    active.get(stream.id)?.published.ingest.kill();
    const dir = sessionDir(stream.id, session);
    const { ladder, segmentSeconds } = config.live;
    // Its creator's studio shows how the stream arrives and is encoded, every few seconds.
    const ingest = startIngest(format, { dir, segmentSeconds, ladder }, (health) => {
      app.realtime
        .publish(ownerId, 'stream.health', { streamId: stream.id, ...health })
        .catch((err: unknown) => app.log.warn({ err }, 'live: could not send the stream health'));
    });
    const published: PublishedSession = { stream, session, ingest, ready: Promise.resolve(false) };
    active.set(stream.id, { ownerId, published });
    let watching = true;
    published.ready = (async () => {
      // Live the moment the first segment is written.
      while (watching && !(await playlistReady(dir))) await new Promise((r) => setTimeout(r, 100));
      const playlist = watching && ladder.length > 0 ? await masterPlaylist(dir, ladder, () => watching) : undefined;
      const live = watching && (await markPublishing(db, stream.id, session, playlist));
      if (live) {
        await announce(stream.id);
        await jobs.send(NOTIFY_QUEUE, { streamId: stream.id }, { singletonKey: stream.id });
        // Its card now says it is live, before the followers just told share it.
        await cards.published(stream.id);
      }
      return live;
    })().catch((err: unknown) => {
      app.log.warn({ err }, 'live: could not mark publishing');
      return false;
    });
    void ingest.done
      .then(async ({ code, error }) => {
        watching = false;
        if (active.get(stream.id)?.published.session === session) active.delete(stream.id);
        if (code !== 0 && error) app.log.warn({ stream: stream.id, code, error: error.slice(0, 500) }, 'live: ingest ended with an error');
        await endSession(db, stream.id, session);
        await announce(stream.id);
        await jobs.send(endQueue(instance), { streamId: stream.id, session }, { startAfter: config.live.graceSeconds });
      })
      .catch((err: unknown) => app.log.warn({ err }, 'live: could not end the session'));
    return published;
  }

  /**
   * After a crash, the streams this instance was ingesting are still marked live, with nobody to
   * end them. Before publishers can come back (RTMP is not listening yet), each one's session is
   * ended as a dropped publisher's is: a publisher that reconnects within the grace period goes
   * on, otherwise the stream ends with what was recorded as its replay. Sessions whose end job
   * survived the crash in the queue are left to it.
   */
  for (const stream of await streamsLeftLive(db, instance)) {
    if (active.has(stream.id)) continue;
    app.log.warn({ stream: stream.id, session: stream.liveSession }, 'live: stream left live by a stop without shutdown, ending its session');
    await endSession(db, stream.id, stream.liveSession);
    if (!(await jobs.pending(endQueue(instance), { streamId: stream.id, session: stream.liveSession })))
      await jobs.send(endQueue(instance), { streamId: stream.id, session: stream.liveSession }, { startAfter: config.live.graceSeconds });
    await announce(stream.id);
  }

  /**
   * The owner deletes their stream (upcoming or ended; 409 while live, 404 if not theirs) with its
   * replay, pictures and what its sessions left on disk; those waiting for an upcoming one are told
   * it is cancelled.
   */
  const deleteStream: LiveIngest['deleteStream'] = async (id, ownerId, log) => {
    const stream = await getOwnedStream(db, id, ownerId);
    if (stream.status === 'live') throw new HttpError(409, 'live', STREAM_END_FIRST);
    const holders = stream.status === 'scheduled' ? await reminderHolders(db, stream.id) : [];
    const deleted = await deleteStreamRow(db, stream.id);
    if (!deleted) throw new HttpError(409, 'live', STREAM_END_FIRST);
    // An upcoming stream deleted is a cancelled one for those waiting for it; there is no page left to open.
    await tellReminderHolders(app.notifier, log, deleted, holders, cancelledNotificationText(await creatorName(deleted.ownerId), deleted.title), false);
    if (deleted.recordingVideoId) await deleteVideoWithMedia(db, app.storage, deleted.recordingVideoId);
    await app.storage.deleteAllOf(streamMedia(deleted.id));
    // What its sessions left on the ingesting instance's disk (segments, recordings), here or there.
    await fs.promises.rm(path.join(liveDir, deleted.id), { recursive: true, force: true });
    if (deleted.ingestInstance && deleted.ingestInstance !== instance) await jobs.send(cleanupQueue(deleted.ingestInstance), { streamId: deleted.id });
  };

  let rtmpUrl: string | undefined;
  if (config.live.rtmpPort >= 0) {
    const rtmp = createRtmpServer(
      async (key) => {
        const owner = await userForStreamKey(db, key);
        if (!owner) return undefined;
        const started = await publish(owner.userId, 'flv');
        if (!started) return undefined;
        started.keyHash = owner.keyHash;
        return { sink: started.ingest.input, onClose: () => started.ingest.finish() };
      },
      app.log,
      config.live.rtmpLimits,
    );
    await new Promise<void>((resolve, reject) => {
      rtmp.once('error', reject);
      rtmp.listen(config.live.rtmpPort, config.live.rtmpHost, () => resolve());
    });
    const port = (rtmp.address() as AddressInfo).port;
    rtmpUrl = config.live.rtmpPublicUrl ?? `rtmp://${new URL(config.publicUrl).hostname}:${port}/live`;
    app.addHook('onClose', async () => {
      rtmp.close();
    });
  }
  const stop: LiveIngest['stop'] = ({ ownerId, streamId }, reason) => {
    let stopped = 0;
    for (const [id, a] of active) {
      if ((ownerId && a.ownerId === ownerId) || (streamId && id === streamId)) {
        a.published.cutOff = reason;
        a.published.ingest.kill();
        stopped++;
      }
    }
    return stopped;
  };
  /**
   * Cuts off the RTMP sessions (of `ownerId`, or all) let in with a stream key that a new one has
   * since replaced. Browser sessions are let in by the account's session, not a key: they go on.
   */
  const cutOffReplacedKeys = async (ownerId?: string) => {
    const keyed = [...active].filter(([, a]) => a.published.keyHash && (!ownerId || a.ownerId === ownerId));
    if (!keyed.length) return;
    const replaced = await replacedStreamKeys(
      db,
      keyed.map(([, a]) => a.published.keyHash!),
    );
    for (const [streamId, a] of keyed) {
      if (!replaced.has(a.published.keyHash!)) continue;
      app.log.info({ stream: streamId }, 'live: publisher cut off (stream key replaced)');
      stop({ streamId }, KEY_REPLACED);
    }
  };
  // A new key may be made on another instance: it tells every instance at once, and the sweep
  // below catches a session that began while the key was being replaced.
  app.realtime.onNote(KEY_REPLACED_NOTE, (ownerId) => {
    cutOffReplacedKeys(ownerId).catch((err: unknown) => app.log.warn({ err }, 'live: could not cut off a replaced key'));
  });
  /**
   * Its creator ended the stream: the publisher of it here, if any, is let go, its input closed
   * rather than killed so that the recording is complete for the replay.
   */
  const letGo = (streamId: string) => {
    const a = active.get(streamId);
    if (!a) return;
    a.published.cutOff = STREAM_ENDED_BY_CREATOR;
    a.published.ingest.finish();
  };
  // A creator may end their stream on another instance than the one ingesting it.
  app.realtime.onNote(STREAM_ENDED_NOTE, letGo);
  // A moderator's decision may be taken on another instance: each one checks its own publishers.
  const sweep = setInterval(() => {
    if (!active.size) return;
    cutOffReplacedKeys().catch((err: unknown) => app.log.warn({ err }, 'live: key sweep failed'));
    // Ended by its creator on an instance whose note did not arrive here.
    void endedAmong(db, [...active.keys()])
      .then((ended) => ended.forEach(letGo))
      .catch((err: unknown) => app.log.warn({ err }, 'live: ended-stream sweep failed'));
    void publishersToStop(
      db,
      [...active].map(([streamId, a]) => ({ streamId, ownerId: a.ownerId })),
    )
      .then((cut) => {
        for (const { streamId, reason } of cut) {
          app.log.info({ stream: streamId }, 'live: publisher cut off (suspended, banned or removed)');
          stop({ streamId }, reason);
        }
      })
      .catch((err: unknown) => app.log.warn({ err }, 'live: standing sweep failed'));
  }, STANDING_SWEEP_MS);
  sweep.unref();
  // Whichever path feeds them (RTMP or a browser), encoders do not outlive the server.
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    for (const { published } of active.values()) published.ingest.kill();
  });

  await app.register(async (routes) => {
    const r = routes.withTypeProvider<ZodTypeProvider>();
    const keyInfo = async (userId: string, key: string | null) => ({
      server: rtmpUrl ?? '',
      hasKey: key ? true : await hasStreamKey(db, userId),
      key,
    });

    r.post(
      '/api/streams',
      {
        config: { auth: 'poster' },
        schema: { tags: ['streams'], summary: 'Create a stream, to go live now or scheduled', body: CreateStreamSchema, response: { 201: StreamDetailSchema } },
      },
      async (req, reply) => {
        const s = userSession(req);
        const token = req.body.token ? await requireToken(app.tokens, req.body.token.mint) : null;
        const row = await createStream(db, s.user.id, req.body, token);
        // Its link preview card (scheduled, or live) is made while the creator shares the link.
        await cards.published(row.id);
        const detail = await getStream(db, row.id);
        return reply.code(201).send(detail!);
      },
    );

    // The creator manages a stream from its studio page: edit, reschedule, cancel, end, delete.
    const streamParams = z.object({ id: z.guid() });

    r.patch(
      '/api/streams/:id',
      {
        config: { auth: 'poster' },
        schema: {
          tags: ['streams'],
          summary: 'Edit your stream: title, description, category, tags, token',
          params: streamParams,
          body: UpdateStreamSchema,
          response: { 200: StreamDetailSchema },
        },
      },
      async (req) => {
        const s = userSession(req);
        const stream = await getOwnedStream(db, req.params.id, s.user.id);
        const { token, ...rest } = req.body;
        await updateStream(db, stream.id, token === undefined ? rest : { ...rest, token: token ? await requireToken(app.tokens, token.mint) : null });
        return (await getStream(db, stream.id))!;
      },
    );

    r.post(
      '/api/streams/:id/reschedule',
      {
        config: { auth: 'poster' },
        schema: {
          tags: ['streams'],
          summary: 'Move your upcoming stream to a new time; whoever asked to be reminded is told',
          params: streamParams,
          body: RescheduleStreamSchema,
          response: { 200: StreamDetailSchema },
        },
      },
      async (req) => {
        const s = userSession(req);
        const stream = await getOwnedStream(db, req.params.id, s.user.id);
        const at = new Date(req.body.scheduledAt);
        const moved = await rescheduleStream(db, stream.id, at);
        if (!moved) throw new HttpError(409, 'not_upcoming', STREAM_NOT_UPCOMING);
        // Told only when the time really changed; their reminders stay, for the new time.
        if (stream.scheduledAt?.getTime() !== at.getTime())
          await tellReminderHolders(
            app.notifier,
            req.log,
            moved,
            await reminderHolders(db, moved.id),
            rescheduledNotificationText(await creatorName(moved.ownerId), moved.title, at),
          );
        // Whoever has its page open sees the new time at once.
        await announce(moved.id);
        return (await getStream(db, stream.id))!;
      },
    );

    r.post(
      '/api/streams/:id/cancel',
      {
        config: { auth: 'verified' },
        schema: {
          tags: ['streams'],
          summary: 'Cancel your upcoming stream: it leaves every list; whoever asked to be reminded is told',
          params: streamParams,
          response: { 200: StreamDetailSchema },
        },
      },
      async (req) => {
        const s = userSession(req);
        const stream = await getOwnedStream(db, req.params.id, s.user.id);
        const cancelled = await cancelStream(db, stream.id);
        if (!cancelled) throw new HttpError(409, 'not_upcoming', STREAM_NOT_UPCOMING);
        const holders = await reminderHolders(db, cancelled.id);
        await tellReminderHolders(app.notifier, req.log, cancelled, holders, cancelledNotificationText(await creatorName(cancelled.ownerId), cancelled.title));
        // Nothing is left to remind anyone of.
        for (const userId of holders) await setReminder(db, cancelled.id, userId, false);
        await announce(cancelled.id);
        return (await getStream(db, stream.id))!;
      },
    );

    r.post(
      '/api/streams/:id/end',
      {
        config: { auth: 'verified' },
        schema: {
          tags: ['streams'],
          summary: 'End your live stream now: the publisher (OBS or a browser) is cut off, the replay is made from the recording',
          params: streamParams,
          response: { 200: StreamDetailSchema },
        },
      },
      async (req) => {
        const s = userSession(req);
        const stream = await getOwnedStream(db, req.params.id, s.user.id);
        const ended = await endStreamNow(db, stream.id);
        if (!ended) throw new HttpError(409, 'not_live', STREAM_NOT_LIVE);
        // Cut off here, and on the instance ingesting it if that is another one (its sweep would, later).
        letGo(ended.id);
        await app.realtime
          .note(STREAM_ENDED_NOTE, ended.id)
          .catch((err: unknown) => req.log.warn({ err }, 'live: could not tell the other instances of an ended stream'));
        await announce(ended.id);
        return (await getStream(db, stream.id))!;
      },
    );

    r.delete(
      '/api/streams/:id',
      {
        config: { auth: 'verified', answers: { 204: 'Deleted with its replay and pictures' } },
        schema: {
          tags: ['streams'],
          summary: 'Delete your stream (upcoming or ended; a live one is ended first) with its replay and pictures; its clips stay your shorts',
          params: streamParams,
        },
      },
      async (req, reply) => {
        await deleteStream(req.params.id, userSession(req).user.id, req.log);
        return reply.code(204).send();
      },
    );

    r.get(
      '/api/live/key',
      {
        config: { auth: 'verified' },
        schema: { tags: ['streams'], summary: 'The RTMP server address and whether a stream key exists', response: { 200: StreamKeyInfoSchema } },
      },
      async (req) => {
        const s = userSession(req);
        return keyInfo(s.user.id, null);
      },
    );

    r.post(
      '/api/live/key',
      {
        config: { auth: 'verified' },
        schema: {
          tags: ['streams'],
          summary: 'Make a new stream key (the old one stops working, and a publisher using it is cut off); the key is in this answer only',
          response: { 200: StreamKeyInfoSchema },
        },
      },
      async (req) => {
        const s = userSession(req);
        if (!rtmpUrl) throw new HttpError(409, 'rtmp_off', 'Streaming from OBS is not available on this server. Go live from the browser instead.');
        const key = await regenerateStreamKey(db, s.user.id);
        // A publisher still using the old key is cut off, here and on every other instance.
        await cutOffReplacedKeys(s.user.id).catch((err: unknown) => req.log.warn({ err }, 'live: could not cut off a replaced key'));
        await app.realtime
          .note(KEY_REPLACED_NOTE, s.user.id)
          .catch((err: unknown) => req.log.warn({ err }, 'live: could not tell the other instances of a new key'));
        return keyInfo(s.user.id, key);
      },
    );

    r.post(
      '/api/streams/:id/clips',
      {
        config: { auth: 'poster' },
        schema: {
          tags: ['streams'],
          summary: 'Clip the last 15 to 60 seconds of a live stream into a short of its creator’s, credited to you',
          params: z.object({ id: z.guid() }),
          body: CreateClipSchema,
          response: { 202: ClipCreatedSchema },
        },
      },
      async (req, reply) => {
        const s = userSession(req);
        const stream = await getStreamRow(db, req.params.id);
        if (!stream || stream.takenDownAt) throw notFound(STREAM_NOT_FOUND);
        if (!(await mayClip(db, s.user.id, stream))) throw new HttpError(403, 'clips_off', CLIPS_OFF);
        if (stream.status !== 'live' || !stream.publishing || !stream.ingestInstance) throw new HttpError(409, 'not_live', CLIP_NOT_LIVE);
        if (await clipLimitReached(db, s.user.id)) throw new HttpError(429, 'too_many_clips', CLIP_TOO_MANY);
        const video = await createClipDraft(db, s.user.id, stream, req.body);
        await jobs.send(clipQueue(stream.ingestInstance), {
          videoId: video.id,
          streamId: stream.id,
          session: stream.liveSession,
          seconds: req.body.seconds,
          until: new Date().toISOString(),
        });
        return reply.code(202).send({ videoId: video.id });
      },
    );

    // The creator's own picture for the stream's card and page, as an image body (16:9).
    await routes.register(async (plain) => {
      acceptImageBodies(plain);
      plain.withTypeProvider<ZodTypeProvider>().post(
        '/api/streams/:id/thumbnail',
        {
          config: { auth: 'poster' },
          schema: {
            tags: ['streams'],
            summary: 'Upload a thumbnail image for your stream',
            params: z.object({ id: z.guid() }),
            response: { 200: z.object({ url: z.string() }) },
          },
        },
        async (req) => {
          const s = userSession(req);
          const stream = await getStreamRow(db, req.params.id);
          if (!stream || stream.ownerId !== s.user.id) throw notFound(STREAM_NOT_FOUND);
          const own = streamMedia(stream.id);
          const url = await storeImage(app.storage, req.body, `${own}/thumb-${Date.now()}.jpg`, 1280, 720);
          await setStreamThumbnail(db, stream.id, url);
          const previousKey = stream.thumbnailUrl ? app.storage.keyOf(stream.thumbnailUrl) : undefined;
          if (previousKey) await app.storage.deleteOwned(own, previousKey).catch((err: unknown) => req.log.warn({ err }, 'old thumbnail not removed'));
          return { url };
        },
      );
    });

    const reminderParams = z.object({ id: z.guid() });
    r.get(
      '/api/streams/:id/reminder',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['streams'],
          summary: 'Whether you asked to be notified when this stream goes live',
          params: reminderParams,
          response: { 200: StreamReminderSchema },
        },
      },
      async (req) => {
        const s = userSession(req);
        return { reminded: await hasReminder(db, req.params.id, s.user.id) };
      },
    );

    for (const method of ['put', 'delete'] as const) {
      r[method](
        '/api/streams/:id/reminder',
        {
          config: { auth: 'user' },
          schema: {
            tags: ['streams'],
            summary: method === 'put' ? 'Notify me when this upcoming stream goes live' : 'Stop the reminder for this stream',
            params: reminderParams,
            response: { 200: StreamReminderSchema },
          },
        },
        async (req) => {
          const s = userSession(req);
          const stream = await getStreamRow(db, req.params.id);
          if (!stream) throw notFound(STREAM_NOT_FOUND);
          const on = method === 'put';
          if (on && stream.ownerId === s.user.id) throw new HttpError(409, 'own_stream', REMINDER_OWN_STREAM);
          if (on && stream.status !== 'scheduled') throw new HttpError(409, 'not_upcoming', REMINDER_NOT_UPCOMING);
          await setReminder(db, stream.id, s.user.id, on);
          return { reminded: on };
        },
      );
    }

    r.get(
      '/live/:id/:session/:file',
      {
        schema: {
          hide: true,
          params: z.object({ id: z.guid(), session: z.coerce.number().int().min(1).max(1_000_000), file: z.string().regex(SEGMENT_FILE) }),
        },
      },
      async (req, reply) => {
        const { id, session, file } = req.params;
        const full = path.join(sessionDir(id, session), file);
        const stat = await fs.promises.stat(full).catch(() => undefined);
        if (!stat?.isFile()) throw new HttpError(404, 'not_found', STREAM_NOT_FOUND);
        const playlist = file.endsWith('.m3u8');
        const snapshot = file === SNAPSHOT_FILE;
        reply.header('Cache-Control', playlist ? 'no-cache' : snapshot ? `public, max-age=${SNAPSHOT_SECONDS}` : 'public, max-age=120');
        reply.header('Access-Control-Allow-Origin', '*');
        reply.type(playlist ? 'application/vnd.apple.mpegurl' : snapshot ? 'image/jpeg' : 'video/mp2t');
        return reply.send(playlist ? await fs.promises.readFile(full) : fs.createReadStream(full));
      },
    );

    registerBrowserIngest(routes, publish);
  });

  const live: LiveIngest = { publish, rtmpUrl: () => rtmpUrl, stop, deleteStream };
  app.decorate('live', live);
  registerModerationAdapter(app.moderationRegistry, streamModeration(app.storage, live));
}
