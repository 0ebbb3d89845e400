import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SHORT_NOT_VERTICAL, trendingScore, type VideoKind } from '../../../shared/videos/videos.js';
import { sanctions } from '../../access/schema.js';
import { videos } from './schema.js';
import { eq } from 'drizzle-orm';
import { releaseHeldVideos } from './service.js';
import { buildApp } from '../../app.js';
import { testPatternArgs } from '../../platform/media/ffmpeg.js';
import { Client, createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';
import { tusCreate as tusCreateAt, tusPatch as tusPatchAt, tusUploadWhole } from '../../test-support/tus.js';

let t: TestApp;
let base: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-vid-'));
const clip = (name: string, seconds: number, w: number, h: number) => {
  const file = path.join(tmp, name);
  execFileSync('ffmpeg', testPatternArgs(file, seconds, w, h), { stdio: 'ignore' });
  return file;
};
let landscape: string;
let portrait: string;

beforeAll(async () => {
  landscape = clip('landscape.mp4', 3, 640, 360);
  portrait = clip('portrait.mp4', 2, 360, 640);
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
const verifiedUser = () => verifiedClient(t.app, `creator_${++n}`);
const cookieOf = (c: Client) => c.cookie;

/** The tus protocol by hand (src/server/test-support/tus.ts), as this client. */
const tusCreate = (c: Client, videoId: string, size: number) => tusCreateAt(base, cookieOf(c), videoId, size);
const tusPatch = (c: Client, location: string, bytes: Buffer, offset: number) => tusPatchAt(base, cookieOf(c), location, bytes, offset);
async function tusOffset(c: Client, location: string) {
  const res = await fetch(new URL(location, base), { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', cookie: cookieOf(c) } });
  return Number(res.headers.get('upload-offset'));
}
async function draft(c: Client, kind: VideoKind = 'long', title = 'My test video') {
  const res = await c.post('/api/videos', { kind, title, description: 'desc', category: 'Education', tags: ['Test', 'test'] });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
async function waitFor(c: Client, id: string, status: string, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = (await c.get(`/api/videos/${id}`)).json();
    if (v.status === status) return v;
    if (Date.now() > until) throw new Error(`video stayed ${v.status} (${v.failureReason ?? ''})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('upload and processing', () => {
  it('resumes an interrupted upload, then turns it into a playable HLS ladder', async () => {
    const c = await verifiedUser();
    const id = await draft(c);
    const file = fs.readFileSync(landscape);
    // The owner's open page hears how processing goes, up to ready, over the realtime socket.
    const heard: Array<{ status: string; percent: number }> = [];
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, { headers: { cookie: cookieOf(c) } });
    socket.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (m.event === 'video.processing' && m.data.id === id) heard.push(m.data);
    });
    await new Promise((r) => socket.once('message', r));
    const created = await tusCreate(c, id, file.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(file.length / 2);
    expect((await tusPatch(c, location, file.subarray(0, half), 0)).status).toBe(204);
    // The connection drops; the client asks where to go on from.
    expect(await tusOffset(c, location)).toBe(half);
    expect((await tusPatch(c, location, file.subarray(half), half)).status).toBe(204);

    const ready = await waitFor(c, id, 'ready');
    expect(ready).toMatchObject({ durationSeconds: 3, width: 640, height: 360, processingPercent: 100, tags: ['test'] });
    for (let i = 0; i < 50 && !heard.some((e) => e.status === 'ready'); i++) await new Promise((r) => setTimeout(r, 100));
    socket.close();
    expect(heard[0]).toMatchObject({ status: 'processing' });
    expect(heard.at(-1)).toMatchObject({ status: 'ready', percent: 100 });
    expect(ready.thumbnailCandidates).toHaveLength(3);
    const master = await fetch(base + ready.hlsUrl);
    expect(master.status).toBe(200);
    const playlist = await master.text();
    expect(playlist).toContain('#EXT-X-STREAM-INF');
    expect(playlist).toContain('TYPE=AUDIO');
    expect(playlist).toContain('360p/index.m3u8');
    expect(playlist).not.toContain('720p');
    const seg = await fetch(`${base}${ready.hlsUrl.replace('master.m3u8', '360p/seg_0000.ts')}`, { headers: { Range: 'bytes=0-187' } });
    expect(seg.status).toBe(206);
    expect(seg.headers.get('cache-control')).toContain('immutable');
    expect((await seg.arrayBuffer()).byteLength).toBe(188);
    expect((await fetch(base + ready.sprite.url)).status).toBe(200);
    // Now it is listed for everyone.
    expect((await new Client(t.app).get('/api/videos?kind=long')).json().map((v: { id: string }) => v.id)).toContain(id);
  });

  it('refuses a file that is not a video as soon as its first bytes arrive', async () => {
    const c = await verifiedUser();
    const id = await draft(c);
    const text = Buffer.from('this is a text file pretending to be a movie '.repeat(100));
    const location = (await tusCreate(c, id, text.length * 2)).headers.get('location')!;
    expect((await tusPatch(c, location, text, 0)).status).toBe(204);
    const second = await tusPatch(c, location, text, text.length);
    expect(second.status).toBe(415);
    expect((await second.json()).message).toMatch(/not a video/);
  });

  it('refuses a landscape short with a clear reason', async () => {
    const c = await verifiedUser();
    const id = await draft(c, 'short');
    const file = fs.readFileSync(landscape);
    const location = (await tusCreate(c, id, file.length)).headers.get('location')!;
    const res = await tusPatch(c, location, file, 0);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(SHORT_NOT_VERTICAL);
    const v = (await c.get(`/api/videos/${id}`)).json();
    expect(v).toMatchObject({ status: 'failed', failureReason: SHORT_NOT_VERTICAL });
  });

  it('keeps other people out of a draft and its upload', async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const id = await draft(owner);
    expect((await tusCreate(other, id, 100)).status).toBe(404);
    expect((await tusCreate(new Client(t.app), id, 100)).status).toBe(401);
    expect((await other.get(`/api/videos/${id}`)).statusCode).toBe(404);
    expect((await other.request('PATCH', `/api/videos/${id}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/videos/${id}`)).statusCode).toBe(404);
    expect((await new Client(t.app).post('/api/videos', { kind: 'long', title: 'x', category: 'Other' })).statusCode).toBe(401);
  });

  it('holds an upload started before its owner was suspended: not published when it finishes, published when the suspension ends', async () => {
    const c = await verifiedUser();
    const me = (await c.get('/api/me')).json().user.id as string;
    const id = await draft(c, 'long', 'Finished while suspended');
    const file = fs.readFileSync(landscape);
    const created = await tusCreate(c, id, file.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(file.length / 2);
    expect((await tusPatch(c, location, file.subarray(0, half), 0)).status).toBe(204);
    // A moderator suspends the account while the upload is under way.
    await t.database.db.insert(sanctions).values({ userId: me, kind: 'suspension', until: new Date(Date.now() + 3600_000) });
    expect((await tusPatch(c, location, file.subarray(half), half)).status).toBe(204);

    const held = await waitFor(c, id, 'held');
    expect(held).toMatchObject({ processingPercent: 100, publishedAt: null });
    const guest = new Client(t.app);
    expect((await guest.get('/api/videos?kind=long')).json().map((v: { id: string }) => v.id)).not.toContain(id);
    expect((await guest.get(`/api/videos/${id}`)).statusCode).toBe(404);
    // Still suspended: the release leaves it held.
    expect(await releaseHeldVideos(t.app.db, t.app.storage)).toEqual([]);
    expect((await c.get(`/api/videos/${id}`)).json().status).toBe('held');

    // The suspension ends: the next release publishes it, playable and listed.
    await t.database.db
      .update(sanctions)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(sanctions.userId, me));
    expect(await releaseHeldVideos(t.app.db, t.app.storage)).toEqual([{ id, ownerId: me }]);
    const ready = (await guest.get(`/api/videos/${id}`)).json();
    expect(ready.status).toBe('ready');
    expect(ready.publishedAt).not.toBeNull();
    expect((await fetch(base + ready.hlsUrl)).status).toBe(200);
    expect((await guest.get('/api/videos?kind=long')).json().map((v: { id: string }) => v.id)).toContain(id);
  });

  it('goes on with processing after a restart', async () => {
    const c = await verifiedUser();
    const id = await draft(c, 'short', 'Restart me');
    const file = fs.readFileSync(portrait);
    // This instance takes the upload but runs no worker, as if it died before transcoding.
    const apiOnly = await buildApp({ config: { ...t.config, mediaWorkers: 0 }, database: t.database, logger: false });
    await apiOnly.listen({ port: 0, host: '127.0.0.1' });
    const apiBase = `http://127.0.0.1:${(apiOnly.server.address() as AddressInfo).port}`;
    const done = await tusUploadWhole(apiBase, cookieOf(c), id, file);
    expect(done.status).toBe(204);
    await apiOnly.close();
    expect((await c.get(`/api/videos/${id}`)).json().status).toBe('processing');
    // The other instance's worker finds the queued job.
    const ready = await waitFor(c, id, 'ready');
    expect(ready.kind).toBe('short');
    expect([ready.width, ready.height]).toEqual([360, 640]);
  });
});

describe('engagement', () => {
  let id: string;
  let owner: Client;
  beforeAll(async () => {
    owner = await verifiedUser();
    id = await draft(owner, 'long', 'Engage with me');
    const file = fs.readFileSync(landscape);
    const location = (await tusCreate(owner, id, file.length)).headers.get('location')!;
    await tusPatch(owner, location, file, 0);
    await waitFor(owner, id, 'ready');
  }, 90_000);

  it('counts a view once per viewer per window, not per reload', async () => {
    const viewer = await verifiedUser();
    expect((await viewer.post(`/api/videos/${id}/view`)).json()).toEqual({ counted: true });
    expect((await viewer.post(`/api/videos/${id}/view`)).json()).toEqual({ counted: false });
    expect((await owner.get(`/api/videos/${id}`)).json().views).toBe(1);
  });

  it('takes one like per user', async () => {
    const a = await verifiedUser();
    expect((await a.request('PUT', `/api/videos/${id}/like`, {})).json()).toEqual({ likes: 1, liked: true });
    expect((await a.request('PUT', `/api/videos/${id}/like`, {})).json()).toEqual({ likes: 1, liked: true });
    expect((await a.get(`/api/videos/${id}`)).json().likedByMe).toBe(true);
    expect((await a.request('DELETE', `/api/videos/${id}/like`)).json()).toEqual({ likes: 0, liked: false });
    expect((await new Client(t.app).request('PUT', `/api/videos/${id}/like`, {})).statusCode).toBe(401);
  });

  it('lets only the author edit or delete a comment', async () => {
    const a = await verifiedUser();
    const b = await verifiedUser();
    const cid = (await a.post(`/api/videos/${id}/comments`, { body: 'Great stream!' })).json().id;
    expect((await a.post(`/api/videos/${id}/comments`, { body: '   ' })).json().message).toBe('Write something first');
    expect((await b.request('PATCH', `/api/comments/${cid}`, { body: 'hacked' })).statusCode).toBe(403);
    expect((await b.request('DELETE', `/api/comments/${cid}`)).statusCode).toBe(403);
    expect((await a.request('PATCH', `/api/comments/${cid}`, { body: 'Great video!' })).statusCode).toBe(204);
    const list = (await b.get(`/api/videos/${id}/comments`)).json();
    expect(list[0]).toMatchObject({ body: 'Great video!', isMine: false });
    expect(list[0].editedAt).not.toBeNull();
    expect((await a.request('DELETE', `/api/comments/${cid}`)).statusCode).toBe(204);
    expect((await a.get(`/api/videos/${id}/comments`)).json()).toEqual([]);
  });

  it('remembers where a signed-in viewer stopped', async () => {
    const a = await verifiedUser();
    expect((await a.request('PUT', `/api/videos/${id}/progress`, { positionSeconds: 1.5 })).statusCode).toBe(204);
    expect((await a.get(`/api/videos/${id}`)).json().resumeAt).toBe(1.5);
  });

  it('answers ids that are no uuid as missing, and refuses them as ?exclude= (found by the API fuzz test)', async () => {
    const a = await verifiedUser();
    for (const bad of ['-'.repeat(36), '0'.repeat(32) + '----', `{${id}}`]) {
      expect((await a.get(`/api/videos/${encodeURIComponent(bad)}`)).statusCode).toBe(404);
      expect((await a.get(`/api/videos/${encodeURIComponent(bad)}/comments`)).statusCode).toBe(404);
      expect((await a.request('PATCH', `/api/comments/${encodeURIComponent(bad)}`, { body: 'x' })).statusCode).toBe(404);
    }
    expect((await a.get('/api/videos?exclude=kA6gLdhLpDKvDFcz7mZM2TypHy2ccUZ5')).statusCode).toBe(400);
    expect((await a.get(`/api/videos?exclude=${id}`)).json().map((v: { id: string }) => v.id)).not.toContain(id);
  });

  it('lets the owner edit and pick a thumbnail, and delete with the media', async () => {
    const res = await owner.request('PATCH', `/api/videos/${id}`, { title: 'Renamed video', thumbnailIndex: 2 });
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({ title: 'Renamed video', slug: 'renamed-video' });
    expect(v.thumbnailUrl).toBe(v.thumbnailCandidates[2]);
    // An edit with nothing in it changes nothing (found by the API fuzz test: it was a 500).
    const unchanged = await owner.request('PATCH', `/api/videos/${id}`, {});
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ title: 'Renamed video', thumbnailUrl: v.thumbnailUrl });
    const master = v.hlsUrl;
    expect((await owner.request('DELETE', `/api/videos/${id}`)).statusCode).toBe(204);
    expect((await fetch(base + master)).status).toBe(404);
    expect((await owner.get(`/api/videos/${id}`)).statusCode).toBe(404);
  });
});

describe('custom thumbnail', () => {
  it('takes an image from the owner only, fitted to the video, and refuses other files', async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const id = await draft(owner, 'long', 'Thumb test');
    const png = path.join(tmp, 'thumb.png');
    execFileSync('ffmpeg', ['-y', '-f', 'lavfi', '-i', 'testsrc2=size=900x900', '-frames:v', '1', png], { stdio: 'ignore' });
    const send = (c: Client, body: Buffer) =>
      t.app.inject({ method: 'POST', url: `/api/videos/${id}/thumbnail`, payload: body, headers: { 'content-type': 'image/png', cookie: cookieOf(c) } });
    expect((await send(other, fs.readFileSync(png))).statusCode).toBe(404);
    expect((await send(owner, Buffer.from('nope'))).statusCode).toBe(415);
    const ok = await send(owner, fs.readFileSync(png));
    expect(ok.statusCode).toBe(200);
    const stored = path.join(t.app.storage.root!, t.app.storage.keyOf(ok.json().url)!);
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', stored]).toString());
    expect([probe.streams[0].width, probe.streams[0].height]).toEqual([1280, 720]);
    expect((await owner.get(`/api/videos/${id}`)).json().thumbnailUrl).toBe(ok.json().url);
  });
});

describe('trending order', () => {
  it('is the order of the shared trendingScore', async () => {
    const owner = await verifiedUser();
    const ownerId = (await owner.get('/api/me')).json().user.id as string;
    const hours = (h: number) => new Date(Date.now() - h * 3600_000);
    const rows = [
      { title: 'Old hit', views: 500, likes: 40, comments: 5, shares: 2, publishedAt: hours(72) },
      { title: 'Fresh small', views: 30, likes: 3, comments: 1, shares: 0, publishedAt: hours(1) },
      { title: 'Mid', views: 120, likes: 10, comments: 2, shares: 1, publishedAt: hours(12) },
      { title: 'Quiet', views: 2, likes: 0, comments: 0, shares: 0, publishedAt: hours(3) },
    ];
    await t.database.db
      .insert(videos)
      .values(rows.map((r) => ({ ...r, ownerId, kind: 'long' as const, slug: 'x', category: 'podcast-talk-shows', status: 'ready' as const })));
    const expected = [...rows]
      .sort((a, b) => trendingScore(b, (Date.now() - b.publishedAt.getTime()) / 3600_000) - trendingScore(a, (Date.now() - a.publishedAt.getTime()) / 3600_000))
      .map((r) => r.title);
    const got = (await owner.get('/api/videos?kind=long&sort=trending&category=podcast-talk-shows')).json().map((v: { title: string }) => v.title);
    expect(got).toEqual(expected);
  });
});
