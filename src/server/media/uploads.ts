import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_A_VIDEO } from '../../shared/videos.js';
import { enqueue } from './queue.js';
import { probeUpload, RejectedMedia, TRANSCODE_QUEUE } from './process-video.js';
import { getVideo, updateVideoRow } from '../videos/service.js';

/** Video containers by their first bytes: what the file really is, whatever its name says. */
export function sniffVideo(head: Uint8Array): boolean | undefined {
  if (head.length < 12) return undefined;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(4, 8) === 'ftyp' || ascii(4, 8) === 'moov' || ascii(4, 8) === 'mdat' || ascii(4, 8) === 'wide' || ascii(4, 8) === 'free') return true; // MP4, MOV, 3GP
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true; // Matroska, WebM
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return true;
  if (ascii(0, 3) === 'FLV') return true;
  if (ascii(0, 4) === 'OggS') return true;
  if (head[0] === 0x47 && (head.length < 189 || head[188] === 0x47)) return true; // MPEG-TS sync bytes
  if (head[0] === 0 && head[1] === 0 && head[2] === 1 && (head[3] === 0xba || head[3] === 0xb3)) return true; // MPEG-PS
  return false;
}

/**
 * FileStore makes its folder with an async mkdir from its constructor and throws from the
 * callback on failure, which would crash the process if the folder's parent goes away first
 * (a test's data folder removed on close). The folder already exists; this makes the check sync.
 */
class UploadStore extends (FileStore as unknown as new (o: { directory: string }) => { directory: string }) {
  checkOrCreateDirectory() {
    fs.mkdirSync(this.directory, { recursive: true });
  }
}

const fail = (status_code: number, message: string) => Object.assign(new Error(message), { status_code, body: JSON.stringify({ error: 'upload_refused', message }) });

/**
 * Resumable uploads (tus) at /api/uploads: an upload belongs to a video draft its owner made;
 * the first bytes must be a video container; on completion the file is probed and queued.
 */
export function registerUploads(app: FastifyInstance, opts: { directory: string; maxBytes: number; nudge: () => void }) {
  fs.mkdirSync(opts.directory, { recursive: true });

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
      const video = await draftFor(upload, userId);
      if (video.status !== 'uploading' && video.status !== 'failed') throw fail(409, 'This video already has its file.');
      await updateVideoRow(app.db, video.id, { status: 'uploading', failureReason: null });
      return { metadata: { ...upload.metadata, userId } };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'OPTIONS') return;
      const userId = await ownerOf(req);
      const file = path.join(opts.directory, uploadId);
      if (req.method === 'PATCH' || req.method === 'HEAD') {
        const meta = await fs.promises.readFile(`${file}.json`, 'utf8').then(JSON.parse, () => undefined);
        if (meta && meta.metadata?.userId !== userId) throw fail(404, 'Upload not found');
      }
      if (req.method === 'PATCH') {
        // What arrived so far must start like a video: refuse a wrong file early, not after 4 GB.
        const fd = await fs.promises.open(file, 'r').catch(() => undefined);
        if (fd) {
          const head = Buffer.alloc(512);
          const { bytesRead } = await fd.read(head, 0, 512, 0);
          await fd.close();
          if (sniffVideo(head.subarray(0, bytesRead)) === false) throw fail(415, NOT_A_VIDEO);
        }
      }
    },
    async onUploadFinish(_req, upload) {
      const file = path.join(opts.directory, upload.id);
      const videoId = upload.metadata?.videoId ?? '';
      const video = await getVideo(app.db, videoId);
      if (!video) throw fail(404, 'This video does not exist');
      try {
        await probeUpload(file, video.kind);
      } catch (err) {
        const message = err instanceof RejectedMedia ? err.message : NOT_A_VIDEO;
        await updateVideoRow(app.db, video.id, { status: 'failed', failureReason: message });
        await fs.promises.rm(file, { force: true });
        throw fail(422, message);
      }
      await updateVideoRow(app.db, video.id, { status: 'processing', processingPercent: 0, sourceKey: upload.id });
      await enqueue(app.db, TRANSCODE_QUEUE, { videoId: video.id });
      opts.nudge();
      return {};
    },
  });

  // tus reads the raw request body itself.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.handle(req.raw, reply.raw);
    };
    scope.all('/api/uploads', { schema: { hide: true } }, handler);
    scope.all('/api/uploads/*', { schema: { hide: true } }, handler);
  });
}
