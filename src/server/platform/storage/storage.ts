import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where media lives (HLS renditions, posters, sprites, images): local disk served by Glint at
 * `/media/`, or an S3-compatible bucket (usually behind a CDN). Keys are the same in both.
 */
export interface Storage {
  kind: 'local' | 's3';
  /** Copies a local folder's files under `prefix`. */
  putDirectory(prefix: string, dir: string): Promise<void>;
  putFile(key: string, file: string): Promise<void>;
  /**
   * Removes `key` (and what is below it as a folder) when it lies strictly under `owner`; any
   * other key is refused with UnsafeKey, whatever a database row says.
   */
  deleteOwned(owner: OwnerPrefix, key: string): Promise<void>;
  /** Removes everything of one owner (a removed video). */
  deleteAllOf(owner: OwnerPrefix): Promise<void>;
  /** A stored file's bytes, for Glint to serve itself (private media); undefined when there is none. */
  read(key: string): Promise<{ body: Readable; size: number | undefined } | undefined>;
  /** Whether a file is stored under `key` (a made-once picture such as a link preview's card). */
  exists(key: string): Promise<boolean>;
  /** Moves `from` (a file, or a folder and everything below it) to `to`, both under the same owner id. */
  move(from: string, to: string): Promise<void>;
  /** The address a browser fetches `key` from. */
  url(key: string): string;
  /** The key behind an address this storage made; undefined for any other address. */
  keyOf(url: string): string | undefined;
  /**
   * Writes, reads back and removes a small private object of its own: throws when the store
   * cannot keep media now (a full disk, a read-only mount, a bucket refusing the credentials).
   */
  probe(): Promise<void>;
  /** For the local store: the folder `/media/` serves (all but the private `paid/` prefix). */
  root?: string;
}

/**
 * Keys under this prefix are never public: the local store's `/media/` refuses them, and an S3
 * bucket's public read (or its CDN) must not cover them (docs/configuration.md). Glint serves them
 * itself to whoever may see them (pay-per-view media).
 */
export const PRIVATE_PREFIX = 'paid/';
/** The readiness check's own objects: private, and each removed once read back. */
const probeKey = () => `${PRIVATE_PREFIX}ready-probe/${randomUUID()}`;
const PROBE_BODY = 'glint ready probe';
/** Account exports (docs/product.md "Your data"): private too, served only to their owner. */
export const EXPORTS_PREFIX = 'exports/';

/** Whether a path below `/media/` (as a static server receives it, decoded) reaches a private prefix. */
export function isPrivateMediaPath(pathname: string): boolean {
  const n = path.posix.normalize(`/${pathname}`).toLowerCase();
  return [PRIVATE_PREFIX, EXPORTS_PREFIX].some((p) => n === `/${p.slice(0, -1)}` || n.startsWith(`/${p}`));
}

export class UnsafeKey extends Error {}

const badKey = (k: string) =>
  k === '' || k.startsWith('/') || /^[A-Za-z]:/.test(k) || k.includes('\\') || k.includes('\0') || k.split('/').some((seg) => seg === '..');

/**
 * Keys are made by the server, never taken from a request or a stored URL as they are: one that
 * could climb out of its place (`..`), start at the root, or hide a separator is refused, both as
 * given and once normalised.
 */
export const safeKey = (key: string) => {
  if (typeof key !== 'string' || badKey(key)) throw new UnsafeKey(`Unsafe storage key: ${JSON.stringify(key)}`);
  const norm = path.posix.normalize(key);
  if (badKey(norm) || norm === '.' || norm.startsWith('./')) throw new UnsafeKey(`Unsafe storage key: ${JSON.stringify(key)}`);
  return norm;
};

/** The only places a delete may reach: one user's profile images, one video's files, or one stream's pictures. */
export type OwnerPrefix = string & { readonly __ownerPrefix: true };
const ownerPrefix = (area: 'profiles' | 'videos' | 'streams' | 'bounties' | 'paid' | 'exports' | 'tokens', id: string): OwnerPrefix => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new UnsafeKey(`Unsafe owner id: ${JSON.stringify(id)}`);
  return `${area}/${id}` as OwnerPrefix;
};
export const profileMedia = (userId: string) => ownerPrefix('profiles', userId);
export const videoMedia = (videoId: string) => ownerPrefix('videos', videoId);
export const streamMedia = (streamId: string) => ownerPrefix('streams', streamId);
/** One bounty's pictures (its link preview's card). */
export const bountyMedia = (bountyId: string) => ownerPrefix('bounties', bountyId);
/** A priced video's HLS and preview sprite: private, served only to those entitled (x402). */
export const paidMedia = (videoId: string) => ownerPrefix('paid', videoId);
/** A token's picture, from its metadata (the mint is base58: letters and digits). */
export const tokenMedia = (mint: string) => ownerPrefix('tokens', mint);
/** One account export's zip (private: never under `/media/`). */
export const exportMedia = (exportId: string) => ownerPrefix('exports', exportId);

/** `key` made safe, and refused unless it lies strictly below `owner`. */
export function ownedKey(owner: OwnerPrefix, key: string): string {
  const k = safeKey(key).replace(/\/+$/, '');
  if (!k.startsWith(`${owner}/`) || k.length <= owner.length + 1) throw new UnsafeKey(`Key ${JSON.stringify(key)} is not under ${owner}/`);
  return k;
}

/** Segments, posters and sprites never change under a key; playlists may be rewritten. */
export const cacheControlFor = (key: string) => (key.endsWith('.m3u8') ? 'public, max-age=60' : 'public, max-age=31536000, immutable');

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};
export const contentTypeFor = (key: string) => CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

export function createLocalStorage(root: string, publicBase = '/media'): Storage {
  fs.mkdirSync(root, { recursive: true });
  return {
    kind: 'local',
    root,
    async putDirectory(prefix, dir) {
      const target = path.join(root, safeKey(prefix));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.cp(dir, target, { recursive: true });
    },
    async putFile(key, file) {
      const target = path.join(root, safeKey(key));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.copyFile(file, target);
    },
    async deleteOwned(owner, key) {
      await fs.promises.rm(path.join(root, ownedKey(owner, key)), { recursive: true, force: true });
    },
    async deleteAllOf(owner) {
      await fs.promises.rm(path.join(root, safeKey(owner)), { recursive: true, force: true });
    },
    async read(key) {
      const file = path.join(root, safeKey(key));
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { body: fs.createReadStream(file), size: stat.size };
    },
    async exists(key) {
      const stat = await fs.promises.stat(path.join(root, safeKey(key))).catch(() => undefined);
      return !!stat?.isFile();
    },
    async move(from, to) {
      const source = path.join(root, safeKey(from));
      const target = path.join(root, safeKey(to));
      if (!fs.existsSync(source)) return;
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rm(target, { recursive: true, force: true });
      await fs.promises.rename(source, target);
    },
    async probe() {
      const file = path.join(root, safeKey(probeKey()));
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.promises.writeFile(file, PROBE_BODY);
        if ((await fs.promises.readFile(file, 'utf8')) !== PROBE_BODY) throw new Error('storage probe read back different bytes');
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
    url: (key) => `${publicBase}/${safeKey(key)}`,
    keyOf: (url) => (url.startsWith(`${publicBase}/`) ? url.slice(publicBase.length + 1) : undefined),
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean;
  /** Where browsers fetch objects: a CDN in front of the bucket, or the bucket's own address. */
  publicUrl: string;
}

export function createS3Storage(o: S3Options): Storage {
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle ?? !!o.endpoint,
    credentials: o.accessKeyId && o.secretAccessKey ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } : undefined,
  });
  const base = o.publicUrl.replace(/\/+$/, '');
  const put = async (key: string, file: string) => {
    await client.send(
      new PutObjectCommand({
        Bucket: o.bucket,
        Key: safeKey(key),
        Body: await fs.promises.readFile(file),
        ContentType: contentTypeFor(key),
        CacheControl: cacheControlFor(key),
      }),
    );
  };
  /** The object `p` itself and what is below it as a folder, never a sibling sharing the start. */
  const deleteUnder = async (p: string) => {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: o.bucket, Prefix: p, ContinuationToken: token }));
      const keys = (page.Contents ?? []).filter((c) => c.Key === p || c.Key!.startsWith(`${p}/`)).map((c) => ({ Key: c.Key! }));
      if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: o.bucket, Delete: { Objects: keys } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  };
  return {
    kind: 's3',
    async putDirectory(prefix, dir) {
      const files = await filesUnder(dir);
      // A few at a time: HLS ladders have hundreds of small segments.
      for (let i = 0; i < files.length; i += 8) {
        await Promise.all(files.slice(i, i + 8).map((f) => put(`${prefix}/${f.split(path.sep).join('/')}`, path.join(dir, f))));
      }
    },
    putFile: put,
    deleteOwned: async (owner, key) => deleteUnder(ownedKey(owner, key)),
    deleteAllOf: async (owner) => deleteUnder(safeKey(owner)),
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: safeKey(key) }));
        if (!out.Body) return undefined;
        return { body: out.Body instanceof Readable ? out.Body : Readable.fromWeb(out.Body.transformToWebStream() as never), size: out.ContentLength };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: o.bucket, Key: safeKey(key) }));
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return false;
        throw err;
      }
    },
    async move(from, to) {
      const src = safeKey(from);
      const dst = safeKey(to);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: o.bucket, Prefix: src, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((c) => c.Key!).filter((k) => k === src || k.startsWith(`${src}/`)));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Copies first and deletes after, so an interrupted move leaves the files where they were.
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(
          keys.slice(i, i + 8).map((k) =>
            client.send(
              new CopyObjectCommand({
                Bucket: o.bucket,
                CopySource: `${o.bucket}/${k.split('/').map(encodeURIComponent).join('/')}`,
                Key: dst + k.slice(src.length),
                ContentType: contentTypeFor(k),
                CacheControl: cacheControlFor(k),
                MetadataDirective: 'REPLACE',
              }),
            ),
          ),
        );
      }
      await deleteUnder(src);
    },
    async probe() {
      const Key = safeKey(probeKey());
      await client.send(new PutObjectCommand({ Bucket: o.bucket, Key, Body: PROBE_BODY }));
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key }));
        if ((await out.Body?.transformToString()) !== PROBE_BODY) throw new Error('storage probe read back different bytes');
      } finally {
        await client.send(new DeleteObjectsCommand({ Bucket: o.bucket, Delete: { Objects: [{ Key }] } }));
      }
    },
    url: (key) => `${base}/${safeKey(key)}`,
    keyOf: (url) => (url.startsWith(`${base}/`) ? url.slice(base.length + 1) : undefined),
  };
}
