import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_VIDEO, SHORT_NOT_VERTICAL } from '../../../shared/videos/videos.js';
import { profiles, user as authUser, videos } from '../../platform/db/schema/index.js';
import { createProfileForUser } from '../profiles/service.js';
import { Client, createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';
import { testPatternArgs } from '../../platform/media/ffmpeg.js';
import { importProviderPicture } from '../../platform/storage/images.js';
import { ALREADY_HAS_FILE, expireUnfinishedUploads, tooManyProcessing, UPLOAD_EXPIRED } from './uploads.js';
import { redactUrl as redactUploadUrl } from '../../platform/http/log.js';

// Every ffmpeg and ffprobe run of this file goes through a wrapper that writes down its arguments,
// so the tests see how user files were opened, whatever the installed ffmpeg's own defaults are.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-medsec-'));
const toolLog = path.join(tmp, 'tools.log');
for (const tool of ['ffmpeg', 'ffprobe']) {
  const spy = path.join(tmp, `${tool}-spy.sh`);
  fs.writeFileSync(spy, `#!/bin/sh\necho "${tool} $*" >> '${toolLog}'\nexec ${tool} "$@"\n`, { mode: 0o755 });
  process.env[`${tool.toUpperCase()}_PATH`] = spy;
}
const toolRuns = () => (fs.existsSync(toolLog) ? fs.readFileSync(toolLog, 'utf8').trim().split('\n').filter(Boolean) : []);

// A server standing for anything outside: it counts every request a playlist could make.
let hits: string[] = [];
const outside = http.createServer((req, res) => {
  hits.push(req.url ?? '');
  if (req.url === '/picture.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(fs.readFileSync(path.join(tmp, 'pic.png')));
  if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not a picture</html>');
  if (req.url === '/huge.png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(fs.readFileSync(path.join(tmp, 'pic.png')));
    return res.end(Buffer.alloc(2 * 1024 * 1024));
  }
  if (req.url === '/slow.png') return setTimeout(() => res.writeHead(200).end(), 3000);
  res.writeHead(404).end();
});
let outsideBase: string;

let t: TestApp;
let base: string;
let uploadsDir: string;
const clip = (name: string, seconds: number, w: number, h: number) => {
  const file = path.join(tmp, name);
  execFileSync('ffmpeg', testPatternArgs(file, seconds, w, h), { stdio: 'ignore' });
  return fs.readFileSync(file);
};
let ok: Buffer;
let tooLong: Buffer;
let tooWide: Buffer;
let landscape: Buffer;
let png: Buffer;

beforeAll(async () => {
  ok = clip('ok.mp4', 1, 320, 240);
  tooLong = clip('long.mp4', 4, 160, 120);
  tooWide = clip('wide.mp4', 1, 640, 360);
  landscape = ok;
  execFileSync('ffmpeg', ['-y', '-f', 'lavfi', '-i', 'testsrc2=size=300x300', '-frames:v', '1', path.join(tmp, 'pic.png')], { stdio: 'ignore' });
  png = fs.readFileSync(path.join(tmp, 'pic.png'));
  await new Promise<void>((r) => outside.listen(0, '127.0.0.1', r));
  outsideBase = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
  // No worker: finished uploads stay "processing", which is what the limits are about.
  t = await createTestApp({ MEDIA_WORKERS: '0', VIDEO_MAX_SECONDS: '2', VIDEO_MAX_SIDE: '600' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  uploadsDir = path.join(t.config.dataDir, 'uploads');
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise((r) => outside.close(r));
  delete process.env.FFMPEG_PATH;
  delete process.env.FFPROBE_PATH;
  fs.rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
const user = () => verifiedClient(t.app, `medsec_${++n}`);
const idOf = async (c: Client) => (await c.get('/api/me')).json().user.id as string;
const cookieOf = (c: Client | undefined): Record<string, string> => (c ? { cookie: c.cookie } : {});
const media = (key: string) => path.join(t.app.storage.root!, key);

async function draft(c: Client, kind: 'long' | 'short' = 'long') {
  const res = await c.post('/api/videos', { kind, title: 'Security test', description: '', category: 'Education', tags: [] });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
async function tusCreate(c: Client | undefined, videoId: string, size: number, filename = 'clip.mp4') {
  const meta = `videoId ${Buffer.from(videoId).toString('base64')},filename ${Buffer.from(filename).toString('base64')}`;
  return fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), 'Upload-Metadata': meta, ...cookieOf(c) },
  });
}
const tus = (c: Client | undefined, location: string, method: string, body?: Buffer, offset = 0) =>
  fetch(new URL(location, base), {
    method,
    headers: {
      'Tus-Resumable': '1.0.0',
      ...cookieOf(c),
      ...(body ? { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' } : {}),
    },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
/** A whole file in one request: create, then one PATCH. */
async function upload(c: Client, videoId: string, file: Buffer, filename?: string) {
  const created = await tusCreate(c, videoId, file.length, filename);
  if (created.status !== 201) return created;
  return tus(c, created.headers.get('location')!, 'PATCH', file);
}
const uploadIdOf = (location: string) => location.split('/').pop()!;

describe('storage keys and deletes (a profile row pointing at media not its own)', () => {
  it('sign-up keeps only its own fields: an image (or anything else) sent with it is ignored', async () => {
    const bystander = await user();
    const theirAvatar = (
      await t.app.inject({ method: 'POST', url: '/api/profile/avatar', payload: png, headers: { 'content-type': 'image/png', ...cookieOf(bystander) } })
    ).json().url as string;
    const name = `img${randomUUID().slice(0, 8)}`;
    const email = `${name}@example.com`;
    const c = new Client(t.app);
    const res = await c.post('/api/auth/sign-up/email', {
      email,
      username: name,
      name: '',
      password: 'Str0ng!Passw0rd',
      image: '/media/profiles/..',
      emailVerified: true,
      twoFactorEnabled: true,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(authUser).where(eq(authUser.email, email));
    expect(row).toMatchObject({ image: null, emailVerified: false, twoFactorEnabled: false });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, row!.id));
    expect(profile!.avatarUrl).toBeNull();
    // Confirmed and signed in, a new avatar leaves everyone else's media where it was.
    const mail = (await t.app.mailer.list()).find((m) => m.to === email)!;
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    await c.get(link.pathname + link.search);
    const mine = await t.app.inject({ method: 'POST', url: '/api/profile/avatar', payload: png, headers: { 'content-type': 'image/png', ...cookieOf(c) } });
    expect(mine.statusCode).toBe(200);
    expect(fs.existsSync(media(t.app.storage.keyOf(theirAvatar)!))).toBe(true);
  });

  it("replacing an avatar or banner never deletes anything but the user's own old image", async () => {
    const victim = await user();
    const attacker = await user();
    const victimId = await idOf(victim);
    const attackerId = await idOf(attacker);
    const send = (c: Client, kind: 'avatar' | 'banner') =>
      t.app.inject({ method: 'POST', url: `/api/profile/${kind}`, payload: png, headers: { 'content-type': 'image/png', ...cookieOf(c) } });
    const victimAvatar = (await send(victim, 'avatar')).json().url as string;
    const victimVideoFile = `videos/${randomUUID()}/hls/master.m3u8`;
    await t.app.storage.putFile(victimVideoFile, path.join(tmp, 'pic.png'));
    const victimKey = t.app.storage.keyOf(victimAvatar)!;
    expect(fs.existsSync(media(victimKey))).toBe(true);

    const rows = [
      '/media/profiles/..',
      '/media/videos',
      '/media/profiles',
      `/media/profiles/${attackerId}/../${victimId}`,
      victimAvatar,
      `/media/${victimVideoFile}`,
      '/media/profiles/%2e%2e',
      'https://cdn.example/x.jpg',
    ];
    for (const row of rows) {
      for (const kind of ['avatar', 'banner'] as const) {
        await t.database.db
          .update(profiles)
          .set(kind === 'avatar' ? { avatarUrl: row } : { bannerUrl: row })
          .where(eq(profiles.id, attackerId));
        const res = await send(attacker, kind);
        expect(res.statusCode, `${kind} over ${row}`).toBe(200);
        expect(fs.existsSync(media(victimKey)), `${kind} over ${row}`).toBe(true);
        expect(fs.existsSync(media(victimVideoFile)), `${kind} over ${row}`).toBe(true);
      }
    }
    // The user's own previous image does go.
    const first = (await send(attacker, 'avatar')).json().url as string;
    const second = (await send(attacker, 'avatar')).json().url as string;
    expect(fs.existsSync(media(t.app.storage.keyOf(first)!))).toBe(false);
    expect(fs.existsSync(media(t.app.storage.keyOf(second)!))).toBe(true);
  }, 120_000); // 18 image conversions, on a busy 2-core machine

  it("replacing a custom thumbnail never deletes another video's files", async () => {
    const victim = await user();
    const attacker = await user();
    const victimVideo = await draft(victim);
    const mine = await draft(attacker);
    const send = (c: Client, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/videos/${id}/thumbnail`, payload: png, headers: { 'content-type': 'image/png', ...cookieOf(c) } });
    const theirs = (await send(victim, victimVideo)).json().url as string;
    for (const row of [theirs, `/media/videos/${mine}/custom-thumb-../../${victimVideo}`, '/media/videos/custom-thumb-x/..']) {
      await t.database.db.update(videos).set({ thumbnailUrl: row }).where(eq(videos.id, mine));
      expect((await send(attacker, mine)).statusCode).toBe(200);
      expect(fs.existsSync(media(t.app.storage.keyOf(theirs)!)), row).toBe(true);
    }
    // Removing a video takes its own files only.
    expect((await attacker.request('DELETE', `/api/videos/${mine}`)).statusCode).toBe(204);
    expect(fs.existsSync(media(`videos/${mine}`))).toBe(false);
    expect(fs.existsSync(media(t.app.storage.keyOf(theirs)!))).toBe(true);
  });
});

describe("a sign-in provider's picture", () => {
  /** The account Better Auth made from Google's claims, just before its profile is created. */
  const newAccount = async (image: string) => {
    const a = { id: `g${randomUUID().replace(/-/g, '').slice(0, 20)}`, email: `${randomUUID().slice(0, 8)}@gmail.example`, name: 'Ada', image };
    await t.database.db.insert(authUser).values({ ...a, emailVerified: true });
    return a;
  };
  const avatarOf = async (id: string) => (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.avatarUrl;
  const importer =
    (o = {}) =>
    (id: string, url: string) =>
      importProviderPicture(t.app.storage, id, url, { timeoutMs: 1000, maxBytes: 1024 * 1024, ...o });

  it("is copied into the user's own folder, re-encoded, and its address is not kept", async () => {
    const a = await newAccount(`${outsideBase}/picture.png`);
    await createProfileForUser(t.database.db, a, importer());
    const url = await avatarOf(a.id);
    expect(url).toMatch(new RegExp(`^/media/profiles/${a.id}/avatar-[0-9a-f-]+\\.jpg$`));
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', media(t.app.storage.keyOf(url!)!)]).toString());
    expect([probe.streams[0].codec_name, probe.streams[0].width, probe.streams[0].height]).toEqual(['mjpeg', 512, 512]);
  });

  it('leaves no avatar when the picture cannot be had, and never stores the address', async () => {
    for (const image of [
      `${outsideBase}/missing.png`,
      `${outsideBase}/page.html`,
      `${outsideBase}/huge.png`,
      `${outsideBase}/slow.png`,
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      '/media/profiles/..',
      'not a url',
    ]) {
      const a = await newAccount(image);
      await createProfileForUser(t.database.db, a, importer());
      expect(await avatarOf(a.id), image).toBeNull();
    }
    const a = await newAccount(`${outsideBase}/picture.png`);
    await createProfileForUser(t.database.db, a);
    expect(await avatarOf(a.id)).toBeNull();
  }, 20_000);
});

describe('uploads belong to their owner', () => {
  it('refuses another user and a guest on HEAD, PATCH, GET and DELETE', async () => {
    const owner = await user();
    const other = await user();
    const id = await draft(owner);
    const created = await tusCreate(owner, id, ok.length);
    const location = created.headers.get('location')!;
    expect((await tus(owner, location, 'PATCH', ok.subarray(0, 100))).status).toBe(204);
    for (const [who, status] of [
      [other, 404],
      [undefined, 401],
    ] as const) {
      expect((await tus(who, location, 'HEAD')).status).toBe(status);
      expect((await tus(who, location, 'PATCH', ok.subarray(100, 200), 100)).status).toBe(status);
      expect((await tus(who, location, 'DELETE')).status).toBe(status);
    }
    expect(Number((await tus(owner, location, 'HEAD')).headers.get('upload-offset'))).toBe(100);
    // Finished (and waiting to be processed), the file may be read back by its owner only.
    expect((await tus(owner, location, 'PATCH', ok.subarray(100), 100)).status).toBe(204);
    expect((await tus(other, location, 'GET')).status).toBe(404);
    expect((await tus(undefined, location, 'GET')).status).toBe(401);
    expect((await tus(other, location, 'DELETE')).status).toBe(404);
    expect(fs.existsSync(path.join(uploadsDir, uploadIdOf(location)))).toBe(true);
    const mine = await tus(owner, location, 'GET');
    expect(mine.status).toBe(200);
    expect((await mine.arrayBuffer()).byteLength).toBe(ok.length);
    // An id that is not one of ours is nobody's.
    expect((await tus(owner, '/api/uploads/..%2e', 'HEAD')).status).toBe(404);
  });

  it('a read-back the browser cuts off mid-way leaves the server standing', async () => {
    // Streaming a file through a web Response made from a Node stream used to throw an uncaught
    // error when the client went away just as the file ended, which ends a production process.
    const owner = await user();
    const id = await draft(owner);
    const location = (await tusCreate(owner, id, ok.length)).headers.get('location')!;
    expect((await tus(owner, location, 'PATCH', ok)).status).toBe(204);
    const crashes: unknown[] = [];
    const onCrash = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', onCrash);
    try {
      for (let i = 0; i < 20; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = http.get(new URL(location, base), { agent: false, headers: { 'Tus-Resumable': '1.0.0', ...cookieOf(owner) } }, (res) => {
            let got = 0;
            res.on('data', (chunk: Buffer) => {
              got += chunk.length;
              // All of it arrived: hang up before the server has seen its stream end.
              if (got >= ok.length) req.destroy();
            });
            res.on('close', resolve);
          });
          req.on('error', (err) => (err.message === 'socket hang up' || 'code' in err ? resolve() : reject(err)));
        });
      }
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      process.off('uncaughtException', onCrash);
    }
    expect(crashes).toEqual([]);
    expect((await tus(owner, location, 'HEAD')).status).toBe(200);
  });

  it('cannot swap the file of a video already published or removed', async () => {
    const owner = await user();
    for (const status of ['ready', 'removed'] as const) {
      const id = await draft(owner);
      // Two uploads started while it was a draft; the first one finished and it was published.
      const location = (await tusCreate(owner, id, ok.length)).headers.get('location')!;
      await t.database.db
        .update(videos)
        .set({ status, hlsKey: `videos/${id}/hls/master.m3u8`, sourceKey: null })
        .where(eq(videos.id, id));
      const res = await tus(owner, location, 'PATCH', ok);
      expect(res.status, status).toBe(409);
      expect((await res.json()).message).toBe(ALREADY_HAS_FILE);
      const [v] = await t.database.db.select().from(videos).where(eq(videos.id, id));
      expect(v).toMatchObject({ status, sourceKey: null, hlsKey: `videos/${id}/hls/master.m3u8` });
      expect(fs.existsSync(path.join(uploadsDir, uploadIdOf(location)))).toBe(false);
    }
  });

  it("removes a refused upload's bytes once the failure is recorded", async () => {
    const owner = await user();
    const id = await draft(owner, 'short');
    const created = await tusCreate(owner, id, landscape.length);
    const res = await tus(owner, created.headers.get('location')!, 'PATCH', landscape);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(SHORT_NOT_VERTICAL);
    expect((await owner.get(`/api/videos/${id}`)).json()).toMatchObject({ status: 'failed', failureReason: SHORT_NOT_VERTICAL });
    const uploadId = uploadIdOf(created.headers.get('location')!);
    expect(fs.existsSync(path.join(uploadsDir, uploadId))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir, `${uploadId}.json`))).toBe(false);
  });

  it('marks a draft failed with the reason when a later chunk shows the file is not a video', async () => {
    const owner = await user();
    const id = await draft(owner);
    const text = Buffer.from('This is a text document, not a video at all. '.repeat(200));
    const location = (await tusCreate(owner, id, text.length * 2)).headers.get('location')!;
    expect((await tus(owner, location, 'PATCH', text)).status).toBe(204);
    const second = await tus(owner, location, 'PATCH', text, text.length);
    expect(second.status).toBe(415);
    expect((await second.json()).message).toBe(NOT_A_VIDEO);
    // "Your uploads" says why, instead of offering to resume.
    const mine = (await owner.get('/api/videos/mine')).json() as Array<{ id: string; status: string; failureReason: string }>;
    expect(mine.find((v) => v.id === id)).toMatchObject({ status: 'failed', failureReason: NOT_A_VIDEO });
    expect(fs.existsSync(path.join(uploadsDir, uploadIdOf(location)))).toBe(false);
  });

  it('expires unfinished uploads with their bytes after UPLOAD_EXPIRY_HOURS', async () => {
    expect(t.config.mediaLimits.uploadExpiryHours).toBe(24);
    const owner = await user();
    const stale = await draft(owner);
    const fresh = await draft(owner);
    const staleLoc = (await tusCreate(owner, stale, ok.length)).headers.get('location')!;
    await tus(owner, staleLoc, 'PATCH', ok.subarray(0, 64));
    const freshLoc = (await tusCreate(owner, fresh, ok.length)).headers.get('location')!;
    // The stale one was started a day and a bit ago.
    const info = path.join(uploadsDir, `${uploadIdOf(staleLoc)}.json`);
    fs.writeFileSync(info, JSON.stringify({ ...JSON.parse(fs.readFileSync(info, 'utf8')), creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    expect(await expireUnfinishedUploads(t.database.db, uploadsDir, 24 * 3600_000)).toBe(1);
    expect(fs.existsSync(path.join(uploadsDir, uploadIdOf(staleLoc)))).toBe(false);
    expect(fs.existsSync(info)).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir, uploadIdOf(freshLoc)))).toBe(true);
    expect((await owner.get(`/api/videos/${stale}`)).json()).toMatchObject({ status: 'failed', failureReason: UPLOAD_EXPIRED });
    expect((await owner.get(`/api/videos/${fresh}`)).json().status).toBe('uploading');
    expect((await tus(owner, staleLoc, 'HEAD')).status).toBe(404);

    // A finished upload is kept while its video waits for processing, and dropped once it does not.
    const waiting = await draft(owner);
    const waitingLoc = (await tusCreate(owner, waiting, ok.length)).headers.get('location')!;
    expect((await tus(owner, waitingLoc, 'PATCH', ok)).status).toBe(204);
    const later = Date.now() + 25 * 3600_000;
    expect(await expireUnfinishedUploads(t.database.db, uploadsDir, 24 * 3600_000, later)).toBe(1); // the fresh, unfinished one
    expect(fs.existsSync(path.join(uploadsDir, uploadIdOf(waitingLoc)))).toBe(true);
    await t.database.db.update(videos).set({ status: 'failed' }).where(eq(videos.id, waiting));
    expect(await expireUnfinishedUploads(t.database.db, uploadsDir, 24 * 3600_000, later)).toBe(1);
    expect(fs.existsSync(path.join(uploadsDir, uploadIdOf(waitingLoc)))).toBe(false);
  });
});

describe('ffmpeg reads only the uploaded file', () => {
  const playlist = (url: string) =>
    Buffer.from(
      `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-KEY:METHOD=AES-128,URI="${url}/key"\n#EXTINF:4.0,\n${url}/seg0.ts\n#EXT-X-ENDLIST\n`,
    );
  const ffconcat = Buffer.from(`ffconcat version 1.0\nfile ${'0'.repeat(32)}\n`);
  // An MP4 box header in front, so a check of the first bytes alone would take it for a video.
  const disguised = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42\0\0\0\0mp42isom'), playlist(`${outsideBase}/disguised`)]);

  it('refuses playlists and file lists, by their content, without fetching anything', async () => {
    const c = await user();
    for (const [name, file, filename] of [
      ['hls', playlist(`${outsideBase}/hls`), 'movie.mp4'],
      ['concat', ffconcat, 'list.mkv'],
      ['disguised', disguised, 'clip.mov'],
    ] as const) {
      fs.rmSync(toolLog, { force: true });
      hits = [];
      const id = await draft(c);
      const res = await upload(c, id, file, filename);
      expect([415, 422], name).toContain(res.status);
      expect((await res.json()).message, name).toBe(NOT_A_VIDEO);
      expect(hits, name).toEqual([]);
      expect((await c.get(`/api/videos/${id}`)).json(), name).toMatchObject({ status: 'failed', failureReason: NOT_A_VIDEO });
      // A playlist is refused by its first bytes before any tool opens it; what gets past that
      // is opened from local disk only, as a container, never as a playlist.
      for (const run of toolRuns()) {
        expect(run, name).toMatch(/-protocol_whitelist file -format_whitelist [a-z_,]+ /);
        expect(run, name).not.toMatch(/-format_whitelist [a-z_,]*(hls|concat|dash)/);
      }
      if (name !== 'disguised') expect(toolRuns(), name).toEqual([]);
    }
  });

  it('guards every run, avatars included', async () => {
    fs.rmSync(toolLog, { force: true });
    const c = await user();
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/avatar', payload: png, headers: { 'content-type': 'image/png', ...cookieOf(c) } });
    expect(res.statusCode).toBe(200);
    expect(toolRuns().length).toBeGreaterThan(0);
    for (const run of toolRuns()) expect(run).toMatch(/-protocol_whitelist file -format_whitelist png_pipe,jpeg_pipe,webp_pipe,gif /);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: playlist(outsideBase),
      headers: { 'content-type': 'image/png', ...cookieOf(c) },
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('limits on the work one user can cause', () => {
  it('refuses too long and too large videos with a reason', async () => {
    const c = await user();
    const long = await draft(c);
    const res = await upload(c, long, tooLong);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe('Videos can be at most 2 seconds long. Shorten this one and upload it again.');
    const wide = await draft(c);
    const res2 = await upload(c, wide, tooWide);
    expect(res2.status).toBe(422);
    expect((await res2.json()).message).toBe(
      'Videos can be at most 600 pixels on their longest side. This one is 640x360; export it smaller and upload it again.',
    );
  });

  it('lets a user have at most 2 videos processing at once', async () => {
    const c = await user();
    const other = await user();
    const [a, b, x] = [await draft(c), await draft(c), await draft(c)];
    expect((await upload(c, a, ok)).status).toBe(204);
    // Two started side by side while one is processing: the first to finish goes, the second waits.
    const bLoc = (await tusCreate(c, b, ok.length)).headers.get('location')!;
    const xLoc = (await tusCreate(c, x, ok.length)).headers.get('location')!;
    expect((await tus(c, bLoc, 'PATCH', ok)).status).toBe(204);
    const refused = await tus(c, xLoc, 'PATCH', ok);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(tooManyProcessing(2));
    expect(fs.existsSync(path.join(uploadsDir, uploadIdOf(xLoc)))).toBe(false);
    const again = await tusCreate(c, x, ok.length);
    expect(again.status).toBe(429);
    expect((await again.json()).message).toBe('You already have 2 videos processing. Wait until one is ready, then upload this one.');
    // Others are not held up by it.
    expect((await upload(other, await draft(other), ok)).status).toBe(204);
    // Once one is done, the next goes.
    await t.database.db.update(videos).set({ status: 'ready' }).where(eq(videos.id, a));
    expect((await upload(c, x, ok)).status).toBe(204);
    expect((await c.get(`/api/videos/${x}`)).json().status).toBe('processing');
  });
});

describe('logs', () => {
  it('do not show upload ids', () => {
    expect(redactUploadUrl('/api/uploads/0123456789abcdef0123456789abcdef')).toBe('/api/uploads/[upload]');
    expect(redactUploadUrl('/api/uploads/abc?x=1')).toBe('/api/uploads/[upload]?x=1');
    expect(redactUploadUrl('/api/uploads')).toBe('/api/uploads');
    expect(redactUploadUrl('/api/videos/1')).toBe('/api/videos/1');
  });
});
