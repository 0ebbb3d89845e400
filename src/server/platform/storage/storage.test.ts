import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; it is a local S3 server for tests only.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, profileMedia, safeKey, UnsafeKey, videoMedia, type Storage } from './storage.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-storage-'));
const src = path.join(tmp, 'src');
fs.mkdirSync(path.join(src, '720p'), { recursive: true });
fs.writeFileSync(path.join(src, 'master.m3u8'), '#EXTM3U\n');
fs.writeFileSync(path.join(src, '720p', 'seg_0000.ts'), Buffer.alloc(376, 0x47));
fs.writeFileSync(path.join(tmp, 'poster.jpg'), 'jpeg');

// S3 is held at its protocol boundary: a local server speaking the S3 API.
let s3: { close: () => Promise<void> };
let endpoint: string;
beforeAll(async () => {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'glint-media' }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  s3 = server;
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** How a browser would see an address: its size when it is there, undefined when not. */
type Read = (url: string) => Promise<number | undefined>;

async function exercise(storage: Storage, read: Read) {
  await storage.putDirectory('videos/abc/hls', src);
  await storage.putFile('videos/abc/poster.jpg', path.join(tmp, 'poster.jpg'));
  await storage.putFile('videos/abcd/poster.jpg', path.join(tmp, 'poster.jpg'));
  expect(await read(storage.url('videos/abc/hls/720p/seg_0000.ts'))).toBe(376);
  expect(storage.keyOf(storage.url('videos/abc/poster.jpg'))).toBe('videos/abc/poster.jpg');
  expect(storage.keyOf('https://elsewhere.example/x.jpg')).toBeUndefined();
  // Whether a file is there (a made-once picture): a file, not a folder nor a missing key.
  expect(await storage.exists('videos/abc/poster.jpg')).toBe(true);
  expect(await storage.exists('videos/abc/missing.jpg')).toBe(false);
  expect(await storage.exists('videos/abc/hls')).toBe(false);
  await storage.deleteAllOf(videoMedia('abc'));
  expect(await read(storage.url('videos/abc/hls/master.m3u8'))).toBeUndefined();
  expect(await storage.exists('videos/abc/poster.jpg')).toBe(false);
  // A sibling whose key merely starts the same stays.
  expect(await read(storage.url('videos/abcd/poster.jpg'))).toBe(4);
  await expect(storage.putFile('../escape.jpg', path.join(tmp, 'poster.jpg'))).rejects.toThrow(/Unsafe/);

  // Deletes reach only below their owner's prefix, whatever key a stored URL gave.
  await storage.putFile('profiles/alice/avatar-1.jpg', path.join(tmp, 'poster.jpg'));
  await storage.putFile('profiles/alice/avatar-2.jpg', path.join(tmp, 'poster.jpg'));
  await storage.putFile('profiles/bob/avatar-1.jpg', path.join(tmp, 'poster.jpg'));
  const alice = profileMedia('alice');
  for (const key of [
    'profiles/..',
    'profiles',
    'profiles/',
    'profiles/alice',
    'profiles/alice/',
    'profiles/alice/..',
    'profiles/alice/../bob/avatar-1.jpg',
    'profiles/bob/avatar-1.jpg',
    'videos/abcd',
    '/profiles/alice/avatar-1.jpg',
    'profiles\\alice\\..\\bob',
    '',
  ]) {
    await expect(storage.deleteOwned(alice, key), key).rejects.toThrow(UnsafeKey);
  }
  expect(await read(storage.url('profiles/bob/avatar-1.jpg'))).toBe(4);
  expect(await read(storage.url('profiles/alice/avatar-2.jpg'))).toBe(4);
  expect(await read(storage.url('videos/abcd/poster.jpg'))).toBe(4);
  await storage.deleteOwned(alice, 'profiles/alice/avatar-1.jpg');
  expect(await read(storage.url('profiles/alice/avatar-1.jpg'))).toBeUndefined();
  expect(await read(storage.url('profiles/alice/avatar-2.jpg'))).toBe(4);
  expect(() => profileMedia('..')).toThrow(UnsafeKey);
  expect(() => videoMedia('a/b')).toThrow(UnsafeKey);

  // Pay-per-view: a folder moves to the private prefix and back; Glint reads it there itself.
  await storage.putDirectory('videos/pv/hls', src);
  await storage.move('videos/pv/hls', 'paid/pv/hls');
  expect(await read(storage.url('videos/pv/hls/720p/seg_0000.ts'))).toBeUndefined();
  const seg = await storage.read('paid/pv/hls/720p/seg_0000.ts');
  const chunks: Buffer[] = [];
  for await (const c of seg!.body) chunks.push(Buffer.from(c as Buffer));
  expect(Buffer.concat(chunks).length).toBe(376);
  expect(await storage.read('paid/pv/hls/nothing.ts')).toBeUndefined();
  await storage.move('paid/pv/hls', 'videos/pv/hls');
  expect(await read(storage.url('videos/pv/hls/720p/seg_0000.ts'))).toBe(376);
  expect(await storage.read('paid/pv/hls/720p/seg_0000.ts')).toBeUndefined();
  await expect(storage.move('videos/pv/hls', '../escape')).rejects.toThrow(UnsafeKey);

  // A price change moves the media to a new generation folder and removes the emptied old one;
  // the poster beside it stays, and the old public addresses answer nothing.
  await storage.putDirectory('videos/gv/g1/hls', src);
  await storage.putFile('videos/gv/g1/sprite.jpg', path.join(tmp, 'poster.jpg'));
  await storage.putFile('videos/gv/poster.jpg', path.join(tmp, 'poster.jpg'));
  await storage.move('videos/gv/g1/hls', 'paid/gv/g2/hls');
  await storage.move('videos/gv/g1/sprite.jpg', 'paid/gv/g2/sprite.jpg');
  await storage.deleteOwned(videoMedia('gv'), 'videos/gv/g1');
  for (const old of ['videos/gv/g1/hls/master.m3u8', 'videos/gv/g1/hls/720p/seg_0000.ts', 'videos/gv/g1/sprite.jpg'])
    expect(await read(storage.url(old)), old).toBeUndefined();
  expect(await read(storage.url('videos/gv/poster.jpg'))).toBe(4);
  expect(await storage.read('paid/gv/g2/hls/720p/seg_0000.ts')).toBeDefined();
  expect(await storage.read('paid/gv/g2/sprite.jpg')).toBeDefined();
}

describe('safeKey', () => {
  it('takes plain relative keys', () => {
    expect(safeKey('videos/abc/hls/master.m3u8')).toBe('videos/abc/hls/master.m3u8');
    expect(safeKey('profiles/u1//avatar.jpg')).toBe('profiles/u1/avatar.jpg');
  });
  it('refuses climbing, absolute, backslash and NUL keys, before and after normalising', () => {
    for (const key of [
      '..',
      '../x',
      'profiles/..',
      'profiles/../x',
      'a/./../../b',
      '/etc/passwd',
      '//x',
      'C:/x',
      'a\\b',
      '..\\x',
      'a\0b',
      '',
      '.',
      './',
      'a/..',
    ]) {
      expect(() => safeKey(key), JSON.stringify(key)).toThrow(UnsafeKey);
    }
  });
});

describe('S3-compatible storage', () => {
  it('stores folders and files with types and cache headers, serves them, and deletes by prefix', async () => {
    const storage = createS3Storage({
      bucket: 'glint-media',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: `${endpoint}/glint-media`,
    });
    await storage.putFile('videos/x/hls/master.m3u8', path.join(src, 'master.m3u8'));
    const head = await fetch(storage.url('videos/x/hls/master.m3u8'));
    expect(head.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(head.headers.get('cache-control')).toBe('public, max-age=60');
    await exercise(storage, async (u) => {
      const res = await fetch(u);
      return res.ok ? (await res.arrayBuffer()).byteLength : undefined;
    });
  });
});

describe('local storage', () => {
  it('does the same on disk', async () => {
    const root = path.join(tmp, 'media');
    const storage = createLocalStorage(root);
    await exercise(storage, async (u) => {
      const file = path.join(root, storage.keyOf(u)!);
      return fs.existsSync(file) ? fs.statSync(file).size : undefined;
    });
    expect(fs.existsSync(path.join(root, 'videos/abcd/poster.jpg'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'videos/abc'))).toBe(false);
  });
});
