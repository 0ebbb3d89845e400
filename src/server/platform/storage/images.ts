import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_TOO_WIDE, NOT_AN_IMAGE } from '../../../shared/media/images.js';
import { HttpError } from '../http/errors.js';
import { randomUUID } from 'node:crypto';
import { IMAGE_DEMUXERS, imageArgs, isImageFormat, probeArgs } from '../media/ffmpeg.js';
import { FfmpegError, runMediaTool } from '../media/run.js';
import { sniffImage } from '../../../shared/media/sniff.js';
import { profileMedia, type Storage } from './storage.js';

/** Lets a route scope take a raw image body (`Content-Type: image/...`, up to the shared size limit). */
export function acceptImageBodies(scope: FastifyInstance) {
  scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body));
}

/**
 * Checks that `body` is an image (by its content, with ffprobe), re-encodes it as a JPEG of
 * exactly `w`x`h` (cropped to fill) without metadata such as EXIF, and stores it under `key`.
 */
export async function storeImage(storage: Storage, body: unknown, key: string, w: number, h: number): Promise<string> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(400, 'no_image', 'Choose an image to upload.');
  if (!sniffImage(body.subarray(0, 16))) throw new HttpError(415, 'not_an_image', NOT_AN_IMAGE);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'glint-img-'));
  try {
    const input = path.join(dir, 'in');
    await fs.promises.writeFile(input, body);
    const probe = JSON.parse(await runMediaTool('ffprobe', probeArgs(input, IMAGE_DEMUXERS), { timeoutMs: 15_000 }).catch(() => '{}')) as {
      format?: { format_name?: string };
      streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
    };
    const stream = probe.streams?.find((x) => x.codec_type === 'video');
    if (!stream || !isImageFormat(probe.format?.format_name ?? '', stream.codec_name ?? '')) {
      throw new HttpError(415, 'not_an_image', NOT_AN_IMAGE);
    }
    if ((stream.width ?? 0) > IMAGE_MAX_SIDE || (stream.height ?? 0) > IMAGE_MAX_SIDE) throw new HttpError(413, 'image_too_large', IMAGE_TOO_WIDE);
    const output = path.join(dir, 'out.jpg');
    // A file whose header passes the probe but whose pixels do not decode (a truncated PNG, a
    // GIF with no frame) is the upload's fault, not ours: refused like any other non-image.
    await runMediaTool('ffmpeg', imageArgs(input, output, w, h), { timeoutMs: 30_000 }).catch((err: unknown) => {
      if (err instanceof FfmpegError && err.message.startsWith('ffmpeg exited with')) throw new HttpError(415, 'not_an_image', NOT_AN_IMAGE);
      throw err;
    });
    await storage.putFile(key, output);
    return storage.url(key);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export interface PictureFetch {
  /** Give up after this long (default 5 s). */
  timeoutMs?: number;
  /** Largest picture taken (default the upload limit for images). */
  maxBytes?: number;
}

/**
 * A sign-in provider's picture made the user's own avatar: fetched here (http or https only,
 * time- and size-limited), checked to be an image, and re-encoded like an uploaded avatar into
 * the user's folder. The provider's address is never stored or shown. Undefined when anything
 * fails: the account then simply has no avatar.
 */
export async function importProviderPicture(storage: Storage, userId: string, address: string, o: PictureFetch = {}): Promise<string | undefined> {
  const maxBytes = o.maxBytes ?? IMAGE_MAX_BYTES;
  try {
    const url = new URL(address);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const res = await fetch(url, { signal: AbortSignal.timeout(o.timeoutMs ?? 5000), redirect: 'follow' });
    if (!res.ok || !res.body) return undefined;
    if (Number(res.headers.get('content-length') ?? 0) > maxBytes) return undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      size += r.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(Buffer.from(r.value));
    }
    return await storeImage(storage, Buffer.concat(chunks), `${profileMedia(userId)}/avatar-${randomUUID()}.jpg`, 512, 512);
  } catch {
    return undefined;
  }
}
