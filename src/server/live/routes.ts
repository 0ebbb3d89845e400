import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StreamDetailSchema, STREAM_NOT_FOUND } from '../../shared/content.js';
import { CreateStreamSchema, StreamKeyInfoSchema } from '../../shared/live.js';
import { requireVerifiedUser } from '../auth/guards.js';
import type { Config } from '../config.js';
import { isUuid } from '../db/ids.js';
import { HttpError } from '../http/errors.js';
import { getStream } from '../streams/service.js';
import { playlistReady, startIngest, type IngestFormat, type IngestProcess } from './ingest.js';
import { registerBrowserIngest } from './browser-ingest.js';
import { makeReplay } from './replay.js';
import { createRtmpServer } from './rtmp.js';
import {
  beginSession,
  createStream,
  endSession,
  finishStream,
  getStreamRow,
  hasStreamKey,
  markPublishing,
  regenerateStreamKey,
  userForStreamKey,
  type StreamRow,
} from './service.js';

const SEGMENT_FILE = /^(index\.m3u8|seg-\d{6}\.ts)$/;

export interface PublishedSession {
  stream: StreamRow;
  session: number;
  ingest: IngestProcess;
  /** True once the first segment exists (viewers can watch); false if the session ended first. */
  ready: Promise<boolean>;
}

export interface LiveIngest {
  /** Starts an ingest session for the owner (on `streamId`, or the stream their key picks). */
  publish(ownerId: string, format: IngestFormat, streamId?: string): Promise<PublishedSession | undefined>;
  /** The RTMP address OBS is given, without the key. */
  rtmpUrl(): string | undefined;
}

/**
 * Live streaming: RTMP ingest, the live HLS this instance serves, going live and ending after the
 * grace period, and the replay made from the recording by the video pipeline.
 *
 * A stream's live media stays on the instance that ingests it (`DATA_DIR/live`); behind a load
 * balancer, `/live/` and the RTMP port go to the ingest instance (docs/deploy.md).
 */
export async function registerLive(app: FastifyInstance, config: Config, uploadsDir: string): Promise<LiveIngest> {
  const db = app.db;
  const liveDir = path.join(config.dataDir, 'live');
  fs.mkdirSync(liveDir, { recursive: true });
  // Each instance ends the streams it ingested: their recordings are on its disk.
  const instance = createHash('sha256').update(`${os.hostname()}:${config.dataDir}`).digest('hex').slice(0, 12);
  const endQueue = `live-end-${instance}`;
  const cleanupQueue = `live-cleanup-${instance}`;
  const active = new Map<string, { session: number; ingest: IngestProcess }>();
  const sessionDir = (id: string, session: number) => path.join(liveDir, id, String(session));

  await app.jobs.define(endQueue, {
    retryLimit: 3,
    handler: async (data) => {
      const id = String(data.streamId);
      const session = Number(data.session);
      // Ended now, or on an earlier try of this job that failed before its replay was made.
      const stream = (await finishStream(db, id, session)) ?? (await getStreamRow(db, id));
      if (stream?.status !== 'ended' || stream.liveSession !== session || stream.recordingVideoId) return;
      await makeReplay(db, app.jobs, path.join(liveDir, stream.id), uploadsDir, stream);
      // Players still on the page finish what they loaded before they learn the stream ended.
      await app.jobs.send(cleanupQueue, { streamId: stream.id }, { startAfter: 120 });
    },
  });

  await app.jobs.define(cleanupQueue, {
    handler: async (data) => {
      const id = String(data.streamId);
      if (isUuid(id)) await fs.promises.rm(path.join(liveDir, id), { recursive: true, force: true });
    },
  });

  async function publish(ownerId: string, format: IngestFormat, streamId?: string): Promise<PublishedSession | undefined> {
    const begun = await beginSession(db, ownerId, streamId);
    if (!begun) return undefined;
    const { stream, session } = begun;
    // One live session per stream: an older one still here is ended.
    active.get(stream.id)?.ingest.kill();
    const dir = sessionDir(stream.id, session);
    const ingest = startIngest(format, { dir, segmentSeconds: config.live.segmentSeconds });
    active.set(stream.id, { session, ingest });
    let watching = true;
    const ready = (async () => {
      // Live the moment the first segment is written.
      while (watching && !(await playlistReady(dir))) await new Promise((r) => setTimeout(r, 200));
      return watching && (await markPublishing(db, stream.id, session));
    })().catch((err: unknown) => {
      app.log.warn({ err }, 'live: could not mark publishing');
      return false;
    });
    void ingest.done
      .then(async ({ code, error }) => {
        watching = false;
        if (active.get(stream.id)?.session === session) active.delete(stream.id);
        if (code !== 0 && error) app.log.warn({ stream: stream.id, code, error: error.slice(0, 500) }, 'live: ingest ended with an error');
        await endSession(db, stream.id, session);
        await app.jobs.send(endQueue, { streamId: stream.id, session }, { startAfter: config.live.graceSeconds });
      })
      .catch((err: unknown) => app.log.warn({ err }, 'live: could not end the session'));
    return { stream, session, ingest, ready };
  }

  let rtmpUrl: string | undefined;
  if (config.live.rtmpPort >= 0) {
    const rtmp = createRtmpServer(async (key) => {
      const userId = await userForStreamKey(db, key);
      if (!userId) return undefined;
      const started = await publish(userId, 'flv');
      if (!started) return undefined;
      return { sink: started.ingest.input, onClose: () => started.ingest.finish() };
    }, app.log);
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
  // Whichever path feeds them (RTMP or a browser), encoders do not outlive the server.
  app.addHook('onClose', async () => {
    for (const { ingest } of active.values()) ingest.kill();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const keyInfo = async (userId: string, key: string | null) => ({
    server: rtmpUrl ?? '',
    hasKey: key ? true : await hasStreamKey(db, userId),
    key,
  });

  r.post(
    '/api/streams',
    { schema: { tags: ['streams'], summary: 'Create a stream, to go live now or scheduled', body: CreateStreamSchema, response: { 201: StreamDetailSchema } } },
    async (req, reply) => {
      const s = await requireVerifiedUser(req);
      const row = await createStream(db, s.user.id, req.body);
      const detail = await getStream(db, row.id);
      return reply.code(201).send(detail!);
    },
  );

  r.get(
    '/api/live/key',
    { schema: { tags: ['streams'], summary: 'The RTMP server address and whether a stream key exists', response: { 200: StreamKeyInfoSchema } } },
    async (req) => {
      const s = await requireVerifiedUser(req);
      return keyInfo(s.user.id, null);
    },
  );

  r.post(
    '/api/live/key',
    {
      schema: {
        tags: ['streams'],
        summary: 'Make a new stream key (the old one stops working); the key is in this answer only',
        response: { 200: StreamKeyInfoSchema },
      },
    },
    async (req) => {
      const s = await requireVerifiedUser(req);
      if (!rtmpUrl) throw new HttpError(409, 'rtmp_off', 'Streaming from OBS is not available on this server. Go live from the browser instead.');
      return keyInfo(s.user.id, await regenerateStreamKey(db, s.user.id));
    },
  );

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
      reply.header('Cache-Control', playlist ? 'no-cache' : 'public, max-age=120');
      reply.header('Access-Control-Allow-Origin', '*');
      reply.type(playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
      return reply.send(playlist ? await fs.promises.readFile(full) : fs.createReadStream(full));
    },
  );

  registerBrowserIngest(app, publish);

  return { publish, rtmpUrl: () => rtmpUrl };
}
