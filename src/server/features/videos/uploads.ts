import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_A_VIDEO } from '../../../shared/videos/videos.js';
import type { Db } from '../../platform/db/client.js';
import { fileHead, probeUpload } from './process-video.js';
import { sniffVideo } from '../../../shared/media/sniff.js';
import { countProcessing, getVideo, RejectedMedia, removeSource, TRANSCODE_QUEUE } from './service.js';
import { failUpload, restartUpload, startProcessing } from './video-state.js';
import { standingOf, standingRefusal } from '../../access/standing.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import type { VideoJobs } from './jobs.js';

/**
 * FileStore as Glint needs it:
 * - it makes its folder with an async mkdir from its constructor and throws from the callback on
 *   failure, which would crash the process if the folder's parent goes away first (a test's data
 *   folder removed on close). The folder already exists; this makes the check sync.
 * - a read-back hands tus a web stream. Given a Node file stream, tus wraps it in a web Response
 *   whose adapter throws an uncaught error when the client hangs up just as the file ends, which
 *   would end the process; Node's own `Readable.toWeb` handles that cancel.
 */
class UploadStore extends (FileStore as unknown as new (o: { directory: string }) => { directory: string }) {
  checkOrCreateDirectory() {
    fs.mkdirSync(this.directory, { recursive: true });
  }
  read(id: string) {
    return Readable.toWeb(fs.createReadStream(path.join(this.directory, id)));
  }
}

const fail = (status_code: number, message: string) =>
  Object.assign(new Error(message), { status_code, body: JSON.stringify({ code: 'upload_refused', message }) });

/** tus names uploads with 16 random bytes in hex; anything else is not one of ours. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const UPLOAD_NOT_FOUND = 'Upload not found';
export const UPLOAD_EXPIRED = 'The upload was not finished in time. Please upload the file again.';
export const ALREADY_HAS_FILE = 'This video already has its file.';
export const tooManyProcessing = (n: number) =>
  `You already have ${n} ${n === 1 ? 'video' : 'videos'} processing. Wait until one is ready, then upload this one.`;

interface UploadInfo {
  id: string;
  size?: number;
  creation_date?: string;
  metadata?: Record<string, string | null>;
}

/** tus's record of an upload (`<id>.json`), or undefined. */
async function uploadInfo(directory: string, id: string): Promise<UploadInfo | undefined> {
  if (!UPLOAD_ID.test(id)) return undefined;
  return fs.promises.readFile(path.join(directory, `${id}.json`), 'utf8').then(
    (t) => JSON.parse(t) as UploadInfo,
    () => undefined,
  );
}

/**
 * Unfinished uploads older than `maxAgeMs` are dropped with their bytes, and their drafts marked
 * failed so the owner sees it (unless a newer upload for the same draft is still going). A
 * finished one that old is dropped too unless its video is still waiting to be processed: its
 * video failed or went away without the file being cleaned up (a crash in between).
 */
export async function expireUnfinishedUploads(db: Db, directory: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  const names = await fs.promises.readdir(directory).catch(() => [] as string[]);
  const expired: UploadInfo[] = [];
  const live = new Set<string>();
  let leftovers = 0;
  for (const name of names) {
    const id = name.endsWith('.json') ? name.slice(0, -5) : '';
    const info = await uploadInfo(directory, id);
    if (!info) continue;
    const old = now - (Date.parse(info.creation_date ?? '') || 0) > maxAgeMs;
    const received = await fs.promises.stat(path.join(directory, id)).then(
      (st) => st.size,
      () => 0,
    );
    if (info.size !== undefined && received >= info.size) {
      const video = old ? await getVideo(db, info.metadata?.videoId ?? '') : undefined;
      if (old && !(video?.status === 'processing' && video.sourceKey === id)) {
        await removeSource(directory, id);
        leftovers++;
      }
      continue;
    }
    if (old) expired.push(info);
    else if (info.metadata?.videoId) live.add(info.metadata.videoId);
  }
  for (const info of expired) {
    await removeSource(directory, info.id);
    const videoId = info.metadata?.videoId;
    if (videoId && !live.has(videoId) && (await getVideo(db, videoId))) {
      await failUpload(db, videoId, UPLOAD_EXPIRED);
    }
  }
  return expired.length + leftovers;
}

/** The recurring job that runs `expireUnfinishedUploads` (every 15 minutes). */
export const EXPIRE_UPLOADS_QUEUE = 'expire-uploads';

/** Resumable uploads over tus at /api/uploads: a finished upload is checked and queued for transcoding. */
export const uploadRoutes: FastifyPluginAsync<{ directory: string; maxBytes: number }> = async (app, opts) => {
  fs.mkdirSync(opts.directory, { recursive: true });
  const limits = app.config.mediaLimits;

  async function ownerOf(req: Request) {
    const s = await app.auth.api.getSession({ headers: req.headers });
    if (!s) throw fail(401, 'Please sign in to continue.');
    if (!s.user.emailVerified) throw fail(403, 'Email Verification Required');
    return s.user.id;
  }

  async function draftFor(upload: Upload, userId: string) {
    const videoId = upload.metadata?.videoId ?? '';
    const video = await getVideo(app.db, videoId);
    if (!video || video.ownerId !== userId) throw fail(404, 'This video does not exist');
    return video;
  }

  const tus = new Server({
    path: '/api/uploads',
    datastore: new UploadStore({ directory: opts.directory }) as unknown as FileStore,
    maxSize: opts.maxBytes,
    respectForwardedHeaders: true,
    relativeLocation: true,
    async onUploadCreate(req, upload) {
      const userId = await ownerOf(req);
      // A suspended or banned account uploads nothing (the same check as requirePoster's).
      const standing = await standingOf(app.db, userId);
      if (standing) throw fail(403, standingRefusal(standing).message);
      const video = await draftFor(upload, userId);
      if (video.status !== 'uploading' && video.status !== 'failed') throw fail(409, ALREADY_HAS_FILE);
      const busy = await countProcessing(app.db, userId);
      if (busy >= limits.processingPerUser) throw fail(429, tooManyProcessing(busy));
      // Its status may have moved on since it was read (another upload's file arrived meanwhile).
      if (!(await restartUpload(app.db, video.id))) throw fail(409, ALREADY_HAS_FILE);
      return { metadata: { ...upload.metadata, userId } };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'OPTIONS') return;
      const userId = await ownerOf(req);
      if (req.method === 'POST') return; // a new upload: its draft is checked in onUploadCreate
      // HEAD, PATCH, GET and DELETE: the upload's own owner only; to others it does not exist.
      const info = await uploadInfo(opts.directory, uploadId);
      if (!info || info.metadata?.userId !== userId) throw fail(404, UPLOAD_NOT_FOUND);
      if (req.method === 'PATCH') {
        // What arrived so far must start like a video: refuse a wrong file early, not after 4 GB.
        const head = await fileHead(path.join(opts.directory, uploadId)).catch(() => undefined);
        if (head && sniffVideo(head) === false) {
          // Refused for good: the draft says why (not "interrupted"), and the bytes go.
          const videoId = String(info.metadata?.videoId ?? '');
          if (videoId) await failUpload(app.db, videoId, NOT_A_VIDEO);
          await removeSource(opts.directory, uploadId);
          throw fail(415, NOT_A_VIDEO);
        }
      }
    },
    async onUploadFinish(_req, upload) {
      const videoId = upload.metadata?.videoId ?? '';
      const video = await getVideo(app.db, videoId);
      const drop = () => removeSource(opts.directory, upload.id);
      if (!video || video.ownerId !== upload.metadata?.userId) {
        await drop();
        throw fail(404, 'This video does not exist');
      }
      // A second upload to a draft cannot swap the file of a video already published or removed.
      if (video.status !== 'uploading') {
        await drop();
        throw fail(409, ALREADY_HAS_FILE);
      }
      try {
        await probeUpload(path.join(opts.directory, upload.id), video.kind, limits);
      } catch (err) {
        const message = err instanceof RejectedMedia ? err.message : NOT_A_VIDEO;
        await failUpload(app.db, video.id, message);
        await drop();
        throw fail(422, message);
      }
      const claimed = await startProcessing(app.db, video.id, upload.id, limits.processingPerUser);
      if (!claimed) {
        await drop();
        const now = await getVideo(app.db, video.id);
        if (now?.status !== 'uploading') throw fail(409, ALREADY_HAS_FILE);
        throw fail(429, tooManyProcessing(await countProcessing(app.db, video.ownerId)));
      }
      await jobsFor<VideoJobs>(app.jobs).send(TRANSCODE_QUEUE, { videoId: video.id });
      return {};
    },
  });
  // tus reads the raw request body itself.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.handle(req.raw, reply.raw);
    };
    scope.all('/api/uploads', { schema: { hide: true } }, handler);
    scope.all('/api/uploads/*', { schema: { hide: true } }, handler);
  });
};
