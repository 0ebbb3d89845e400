import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { imageArgs, isImageFormat, probeArgs } from './ffmpeg.js';
import { runMediaTool } from './run.js';
import type { Storage } from './storage.js';

export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** Lets a route scope take a raw image body (`Content-Type: image/...`, 8 MB at most). */
export function acceptImageBodies(scope: FastifyInstance) {
  scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body));
}

/**
 * Checks that `body` is an image (by its content, with ffprobe), re-encodes it as a JPEG of
 * exactly `w`x`h` (cropped to fill) without metadata such as EXIF, and stores it under `key`.
 */
export async function storeImage(storage: Storage, body: unknown, key: string, w: number, h: number): Promise<string> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(400, 'no_image', 'Choose an image to upload.');
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'glint-img-'));
  try {
    const input = path.join(dir, 'in');
    await fs.promises.writeFile(input, body);
    const probe = JSON.parse(await runMediaTool('ffprobe', probeArgs(input), { timeoutMs: 15_000 }).catch(() => '{}')) as {
      format?: { format_name?: string };
      streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
    };
    const stream = probe.streams?.find((x) => x.codec_type === 'video');
    if (!stream || !isImageFormat(probe.format?.format_name ?? '', stream.codec_name ?? '')) {
      throw new HttpError(415, 'not_an_image', 'This file is not an image. Upload a JPEG, PNG, WebP or GIF.');
    }
    if ((stream.width ?? 0) > 8000 || (stream.height ?? 0) > 8000) throw new HttpError(413, 'image_too_large', 'Images can be at most 8000 pixels on a side.');
    const output = path.join(dir, 'out.jpg');
    await runMediaTool('ffmpeg', imageArgs(input, output, w, h), { timeoutMs: 30_000 });
    await storage.putFile(key, output);
    return storage.url(key);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
