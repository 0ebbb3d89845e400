import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeFeed } from '../../../shared/home/home-feed.js';
import { buildApp } from '../../app.js';
import { testPatternArgs } from '../media/ffmpeg.js';
import { Client, createTestApp, readyVideoRow, waitUntil, type TestApp } from '../../test-support/app.js';
import { giveRole, person, type Person } from '../../test-support/role-clients.js';
import { tusUploadWhole } from '../../test-support/tus.js';
import { createReadCache } from './read-cache.js';

// A long life, so that what these tests see fresh comes from a write dropping the cache, not from age.
let t: TestApp;
let guest: Client;
let owner: Person;
let fan: Person;
beforeAll(async () => {
  t = await createTestApp({ READ_CACHE_SECONDS: '60' });
  guest = new Client(t.app);
  owner = await person(t.app, 'owner');
  fan = await person(t.app, 'fan');
}, 120_000);
afterAll(() => t.close());

/** A ready, public video of `owner`. */
const readyVideo = (title: string) => readyVideoRow(t.app, owner.id, title);

describe("a guest's cached answer", () => {
  it("never carries a signed-in viewer's like, ownership or comments, whichever is asked first", async () => {
    const id = await readyVideo('Cache privacy');
    expect((await fan.c.request('PUT', `/api/videos/${id}/like`, {})).statusCode).toBe(200);
    expect((await fan.c.post(`/api/videos/${id}/comments`, { body: 'mine' })).statusCode).toBe(201);

    // Signed-in first: their answer is theirs and is not kept for guests.
    expect((await fan.c.get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: true, isOwner: false });
    expect((await owner.c.get(`/api/videos/${id}`)).json()).toMatchObject({ isOwner: true });
    expect((await fan.c.get(`/api/videos/${id}/comments`)).json()[0]).toMatchObject({ body: 'mine', isMine: true });
    for (let i = 0; i < 2; i++) {
      expect((await guest.get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: false, isOwner: false, likes: 1, resumeAt: null });
      expect((await guest.get(`/api/videos/${id}/comments`)).json()[0]).toMatchObject({ body: 'mine', isMine: false });
    }
    // Guest first, now kept: the signed-in still get their own state.
    expect((await fan.c.get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: true });
    expect((await owner.c.get(`/api/videos/${id}`)).json()).toMatchObject({ isOwner: true });
    expect((await fan.c.get(`/api/videos/${id}/comments`)).json()[0]).toMatchObject({ isMine: true });
  });

  it("home keeps a follower's Following row to the follower", async () => {
    await readyVideo('Followed creator video');
    expect((await fan.c.request('PUT', `/api/profiles/${owner.username}/follow`, {})).statusCode).toBe(200);
    const guestHome: HomeFeed = (await guest.get('/api/home')).json();
    const fanHome: HomeFeed = (await fan.c.get('/api/home')).json();
    expect(fanHome.following.map((v) => v.title)).toContain('Followed creator video');
    expect(guestHome.following).toEqual([]);
    expect(((await guest.get('/api/home')).json() as HomeFeed).following).toEqual([]);
  });

  it('a stale session cookie is not a guest: its answer is neither served from nor kept in the cache', async () => {
    const id = await readyVideo('Stale cookie');
    await guest.get(`/api/videos/${id}`);
    const res = await t.app.inject({ url: `/api/videos/${id}`, headers: { cookie: 'glint.session_token=forged.value' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ likedByMe: false, isOwner: false });
  });
});

describe('a write is seen by the next guest read', () => {
  it('a like, a comment, an edit, and the owner deleting it', async () => {
    const id = await readyVideo('Before edit');
    const read = async () => (await guest.get(`/api/videos/${id}`)).json();
    expect(await read()).toMatchObject({ likes: 0, comments: 0, title: 'Before edit' });

    await fan.c.request('PUT', `/api/videos/${id}/like`, {});
    expect(await read()).toMatchObject({ likes: 1 });

    const comment = (await fan.c.post(`/api/videos/${id}/comments`, { body: 'first!' })).json().id as string;
    expect(await read()).toMatchObject({ comments: 1 });
    expect((await guest.get(`/api/videos/${id}/comments`)).json().map((c: { body: string }) => c.body)).toEqual(['first!']);

    await fan.c.request('PATCH', `/api/comments/${comment}`, { body: 'edited' });
    expect((await guest.get(`/api/videos/${id}/comments`)).json().map((c: { body: string }) => c.body)).toEqual(['edited']);

    const titles = async () => ((await guest.get('/api/home')).json() as HomeFeed).videos.map((v) => v.title);
    expect(await titles()).toContain('Before edit');
    // The signed-in share the home rows (not the answer): they see the edit as soon.
    const fanTitles = async () => ((await fan.c.get('/api/home')).json() as HomeFeed).videos.map((v) => v.title);
    expect(await fanTitles()).toContain('Before edit');
    expect((await owner.c.request('PATCH', `/api/videos/${id}`, { title: 'After edit' })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ title: 'After edit' });
    expect(await titles()).toContain('After edit');
    expect(await fanTitles()).toContain('After edit');
    expect((await guest.get('/api/search?q=after')).json().videos.map((v: { title: string }) => v.title)).toContain('After edit');

    expect((await owner.c.request('DELETE', `/api/videos/${id}`)).statusCode).toBe(204);
    expect((await guest.get(`/api/videos/${id}`)).statusCode).toBe(404);
    expect(await titles()).not.toContain('After edit');
  });

  it("a moderator's removal", async () => {
    const moderator = await giveRole(t.app, await person(t.app, 'mod'), 'moderator');
    const id = await readyVideo('Spam to remove');
    expect((await guest.get(`/api/videos/${id}`)).statusCode).toBe(200);
    const decided = await moderator.c.post(`/api/admin/moderation/items/video/${id}/decision`, { action: 'remove', reason: 'spam' });
    expect(decided.statusCode).toBeLessThan(300);
    expect((await guest.get(`/api/videos/${id}`)).statusCode).toBe(410);
    expect(((await guest.get('/api/home')).json() as HomeFeed).videos.map((v) => v.title)).not.toContain('Spam to remove');
  });

  it('a new upload, once its processing is done (a background job, not a request)', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-cache-'));
    const file = path.join(tmp, 'clip.mp4');
    execFileSync('ffmpeg', testPatternArgs(file, 1, 320, 180), { stdio: 'ignore' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    try {
      const id = (await owner.c.post('/api/videos', { kind: 'long', title: 'Fresh upload', description: 'd', category: 'Education', tags: [] })).json()
        .id as string;
      const bytes = fs.readFileSync(file);
      const sent = await tusUploadWhole(base, owner.c.cookie, id, bytes);
      expect(sent.status).toBe(204);
      // Kept while it is processing (the upload's requests are over)...
      const titles = async () => ((await guest.get('/api/home')).json() as HomeFeed).videos.map((v) => v.title);
      const before = await titles();
      await waitUntil(
        'the video ready',
        async () => (await owner.c.get(`/api/videos/${id}`)).json().status,
        (s) => s === 'ready',
        90_000,
      );
      // ...and dropped when it is ready: the very next guest read has it.
      if (!before.includes('Fresh upload')) expect(await titles()).toContain('Fresh upload');
      expect((await guest.get(`/api/videos/${id}`)).json()).toMatchObject({ status: 'ready' });
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('ETags', () => {
  it('a read asked again with its ETag is a 304 without a body, and a changed one a 200', async () => {
    const id = await readyVideo('Tagged');
    const first = await guest.get(`/api/videos/${id}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: `/api/videos/${id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await fan.c.request('PUT', `/api/videos/${id}/like`, {});
    const changed = await t.app.inject({ url: `/api/videos/${id}`, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().likes).toBe(1);
    // The signed-in get tags too, of their own answer.
    const mine = await fan.c.get(`/api/videos/${id}`);
    expect(mine.headers.etag).not.toBe(changed.headers.etag);
  });
});

describe('two servers on one database', () => {
  it("a write on one drops the other's cache", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-second-'));
    const second = await buildApp({ config: { ...t.config, dataDir, mediaWorkers: 0 }, database: t.database, logger: false });
    await second.ready();
    try {
      const id = await readyVideo('On two servers');
      const otherGuest = new Client(second);
      expect((await otherGuest.get(`/api/videos/${id}`)).json().likes).toBe(0);
      await fan.c.request('PUT', `/api/videos/${id}/like`, {});
      await waitUntil(
        'the like on the other server',
        async () => (await otherGuest.get(`/api/videos/${id}`)).json().likes,
        (n) => n === 1,
        10_000,
      );
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the cache itself', () => {
  it('loads a key once for callers that ask together, and never keeps a load that a write overtook', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock });
    let loads = 0;
    let release!: () => void;
    const slow = () => new Promise<number>((r) => (release = () => r(++loads)));
    const a = cache.memo('k', slow);
    const b = cache.memo('k', slow);
    release();
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    expect(await cache.memo('k', async () => 99)).toBe(1);

    // A write lands while a load is under way: what that load read may be old, so it is not kept.
    cache.forget();
    const during = cache.memo('k', slow);
    cache.invalidate();
    release();
    expect(await during).toBe(2);
    expect(await cache.memo('k', async () => 42)).toBe(42);

    clock += 1000;
    expect(await cache.memo('k', async () => 7)).toBe(7);
  });

  it('drops one key, and a load of it that the drop overtook, keeping the others', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    expect(await cache.memo('mine', async () => 'old place')).toBe('old place');
    expect(await cache.memo('theirs', async () => 'their place')).toBe('their place');
    expect(await cache.memo('mine', async () => 'x')).toBe('old place');
    cache.drop('mine');
    let release!: () => void;
    const loading = cache.memo('mine', () => new Promise<string>((r) => (release = () => r('read before the change'))));
    // The change lands while that load is under way: what it read may be old, so it is not kept.
    cache.drop('mine');
    release();
    expect(await loading).toBe('read before the change');
    expect(await cache.memo('mine', async () => 'new place')).toBe('new place');
    expect(await cache.memo('theirs', async () => 'reloaded')).toBe('their place');
  });
});
