import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkResult, ContentPage } from '../../../shared/studio/studio.js';
import { STREAM_END_FIRST } from '../../../shared/live/live.js';
import { STREAM_NOT_FOUND } from '../../../shared/live/streams.js';
import { livestreams } from '../live/schema.js';
import { payments } from '../payments/schema.js';
import { videos } from '../videos/schema.js';
import { videoPurchases } from '../x402/schema.js';
import { Client, createTestApp, type TestApp } from '../../test-support/app.js';
import { giveRole, person, unverifiedPerson, type Person } from '../../test-support/role-clients.js';
import { readyVideo } from '../../test-support/x402.js';

let t: TestApp;
let owner: Person;
let stranger: Person;
const guest = () => new Client(t.app);

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t.app, 'studio');
  stranger = await person(t.app, 'stranger');
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A ready video of `who` with real files in storage, changed as the test needs (the setup, not what is tested). */
async function video(who: Person, title: string, set: Partial<typeof videos.$inferInsert> = {}) {
  const id = await readyVideo(t.app, who.id, title);
  if (Object.keys(set).length) await t.app.db.update(videos).set(set).where(eq(videos.id, id));
  return id;
}
async function stream(who: Person, title: string, set: Partial<typeof livestreams.$inferInsert> = {}) {
  const [s] = await t.app.db
    .insert(livestreams)
    .values({ ownerId: who.id, title, slug: 's', category: 'trading', status: 'ended', startedAt: new Date(Date.now() - 3600_000), peakViewers: 7, ...set })
    .returning({ id: livestreams.id });
  return s!.id;
}
const page = async (c: Client, query = '') => {
  const res = await c.get(`/api/studio/content${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContentPage;
};

describe('the content table', () => {
  it('lists the owner’s videos, shorts, clips and streams with their columns and earnings, and nobody else’s', async () => {
    const me = await person(t.app, 'table');
    const long = await video(me, 'Table long one', { views: 30, likes: 3, comments: 2 });
    const short = await video(me, 'Table short one', { kind: 'short', views: 10, visibility: 'unlisted' });
    const clip = await video(me, 'Table clip one', { kind: 'short', clippedById: stranger.id, views: 5 });
    const live = await stream(me, 'Table stream one');
    await video(stranger, 'Not theirs');
    // A tip on the long video, a bounty-free tip on the stream, a sale of the long video: what each earned.
    const tip = (contentId: string, lamports: bigint) =>
      t.app.db.insert(payments).values({
        kind: 'tip',
        payerId: stranger.id,
        payeeId: me.id,
        payerWallet: 'payer',
        payeeWallet: 'payee',
        lamports,
        contentId,
        contentType: 'glint_video',
        status: 'finalized',
        finalizedAt: new Date(),
      });
    await tip(long, 1_500_000_000n);
    await tip(live, 250_000_000n);
    await t.app.db
      .insert(payments)
      .values({ kind: 'tip', payerId: stranger.id, payeeId: me.id, payerWallet: 'p', payeeWallet: 'q', lamports: 9n, contentId: long, status: 'failed' });
    await t.app.db.insert(videoPurchases).values({
      videoId: long,
      buyerId: stranger.id,
      payerWallet: 'w',
      payTo: 'x',
      asset: 'usdc',
      network: 'solana',
      amountMicroUsdc: 2_000_000,
      paymentKey: `k-${long}`,
      status: 'settled',
      settledAt: new Date(),
    });

    const all = await page(me.c);
    expect(all.total).toBe(4);
    const byId = new Map(all.items.map((r) => [r.id, r]));
    expect(byId.get(long)).toMatchObject({
      kind: 'video',
      status: 'ready',
      visibility: 'public',
      views: 30,
      likes: 3,
      comments: 2,
      earnings: { sol: '1.5', usdc: '2' },
    });
    expect(byId.get(short)).toMatchObject({ kind: 'short', visibility: 'unlisted', earnings: { sol: '0', usdc: '0' } });
    expect(byId.get(clip)).toMatchObject({ kind: 'clip' });
    expect(byId.get(live)).toMatchObject({ kind: 'stream', status: 'ended', views: 7, likes: null, comments: null, earnings: { sol: '0.25' } });

    // Sorted, filtered, paged.
    expect((await page(me.c, '?sort=views&order=asc')).items.map((r) => r.id)).toEqual([clip, live, short, long]);
    expect((await page(me.c, '?sort=earnings')).items.map((r) => r.id).slice(0, 2)).toEqual([long, live]);
    expect((await page(me.c, '?sort=likes')).items.at(-1)!.id).toBe(live);
    expect((await page(me.c, '?kind=short')).items.map((r) => r.id)).toEqual([short]);
    expect((await page(me.c, '?kind=stream&status=ended')).items.map((r) => r.id)).toEqual([live]);
    expect((await page(me.c, '?visibility=unlisted')).items.map((r) => r.id)).toEqual([short]);
    expect((await page(me.c, '?q=CLIP%20one')).items.map((r) => r.id)).toEqual([clip]);
    expect((await page(me.c, '?q=100%25')).total).toBe(0);
    expect(await page(me.c, '?page=2')).toMatchObject({ items: [], total: 4, page: 2 });
    // A strict API: an unknown sort is a 400, not a silent default.
    expect((await me.c.get('/api/studio/content?sort=price')).statusCode).toBe(400);
    // A video the owner deleted is gone from the table; one a moderator removed reads removed.
    await t.app.db.update(videos).set({ takenDownAt: new Date() }).where(eq(videos.id, clip));
    expect((await page(me.c, '?kind=clip')).items[0]!.status).toBe('removed');
  });

  it('is only for the signed-in creator: a guest is refused', async () => {
    expect((await guest().get('/api/studio/content')).statusCode).toBe(401);
    // Another account sees its own (empty) table, never someone else's.
    const other = await person(t.app, 'empty');
    expect(await page(other.c)).toMatchObject({ items: [], total: 0 });
  });
});

describe('visibility', () => {
  it('keeps an unlisted video out of lists, search, feeds, the sitemap and oEmbed, and plays it by its link', async () => {
    const title = `Unlisted zebra ${Date.now()}`;
    const id = await video(owner, title);
    const set = await owner.c.request('PATCH', `/api/videos/${id}`, { visibility: 'unlisted' });
    expect(set.statusCode).toBe(200);
    const g = guest();
    expect((await g.get('/api/videos?kind=long')).json().map((v: { id: string }) => v.id)).not.toContain(id);
    expect((await g.get(`/api/videos?kind=long&owner=${owner.id}`)).json().map((v: { id: string }) => v.id)).not.toContain(id);
    expect(JSON.stringify((await g.get(`/api/search?q=${encodeURIComponent('Unlisted zebra')}`)).json())).not.toContain(id);
    expect((await g.get('/feed.xml')).body).not.toContain(id);
    expect((await g.get(`/profile/${owner.username}/feed.xml`)).body).not.toContain(id);
    expect((await g.get('/sitemaps/videos-1.xml')).body).not.toContain(id);
    expect(JSON.stringify((await g.get('/api/home')).json())).not.toContain(id);
    const page = `${t.app.config.publicUrl}/glint/${id}`;
    expect((await g.get(`/api/oembed?url=${encodeURIComponent(page)}&format=json`)).statusCode).toBe(404);
    // Its link still plays.
    const detail = await g.get(`/api/videos/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().hlsUrl).toMatch(/^\/media\/videos\//);
  });

  it('refuses a private video to everyone but its owner: page, media, embed, oEmbed, comments and likes', async () => {
    const id = await video(owner, 'Private lesson');
    const before = (await guest().get(`/api/videos/${id}`)).json();
    const publicMaster = before.hlsUrl as string;
    expect((await guest().get(publicMaster)).statusCode).toBe(200);
    expect((await owner.c.request('PATCH', `/api/videos/${id}`, { visibility: 'private' })).statusCode).toBe(200);

    const moderator = await giveRole(t.app, await person(t.app, 'mod'), 'moderator');
    for (const c of [guest(), stranger.c, moderator.c]) {
      const res = await c.get(`/api/videos/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This video is not available');
      expect((await c.get(`/api/videos/${id}/comments`)).statusCode).toBe(404);
    }
    expect((await stranger.c.request('PUT', `/api/videos/${id}/like`)).statusCode).toBe(404);
    expect((await stranger.c.post(`/api/videos/${id}/comments`, { body: 'hi' })).statusCode).toBe(404);
    // The media moved to the private area: the address once public answers nothing.
    expect((await guest().get(publicMaster)).statusCode).toBe(404);
    expect((await guest().get(`/api/videos/${id}/paid/master.m3u8`)).statusCode).toBe(404);
    expect((await stranger.c.get(`/api/videos/${id}/paid/master.m3u8`)).statusCode).toBe(404);
    // Not embedded, not discovered, not previewed.
    expect((await guest().get(`/embed/${id}`)).statusCode).toBe(404);
    const url = `${t.app.config.publicUrl}/glint/${id}`;
    expect((await guest().get(`/api/oembed?url=${encodeURIComponent(url)}&format=json`)).statusCode).toBe(404);
    const head = (await guest().get(`/glint/${id}`)).body;
    expect(head).not.toContain('Private lesson');

    // The owner watches it through the private media route.
    const own = await owner.c.get(`/api/videos/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ visibility: 'private', access: 'owner', hlsUrl: `/api/videos/${id}/paid/master.m3u8` });
    const playlist = await owner.c.get(`/api/videos/${id}/paid/master.m3u8`);
    expect(playlist.statusCode).toBe(200);
    const rendition = playlist.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
    expect((await owner.c.get(rendition)).statusCode).toBe(200);
    expect((await stranger.c.get(rendition)).statusCode).toBe(403);
    expect((await owner.c.get(`/api/videos/${id}/comments`)).statusCode).toBe(200);

    // Public again: everyone watches it, from a new public address.
    expect((await owner.c.request('PATCH', `/api/videos/${id}`, { visibility: 'public' })).statusCode).toBe(200);
    const back = await guest().get(`/api/videos/${id}`);
    expect(back.statusCode).toBe(200);
    expect(back.json().hlsUrl).toMatch(/^\/media\/videos\//);
    expect(back.json().hlsUrl).not.toBe(publicMaster);
  });
});

describe('bulk actions', () => {
  it('changes the category of the owner’s items, each checked, and reports each outcome', async () => {
    const mine = await video(owner, 'Bulk category video');
    const live = await stream(owner, 'Bulk category stream');
    const theirs = await video(stranger, 'Someone else’s');
    const res = await owner.c.post('/api/studio/content/category', {
      category: 'Music & Arts',
      items: [
        { kind: 'video', id: mine },
        { kind: 'stream', id: live },
        { kind: 'video', id: theirs },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkResult).results).toEqual([
      { kind: 'video', id: mine, ok: true, error: null },
      { kind: 'stream', id: live, ok: true, error: null },
      { kind: 'video', id: theirs, ok: false, error: 'This video does not exist' },
    ]);
    const category = async (table: typeof videos | typeof livestreams, id: string) =>
      (await t.app.db.select({ c: table.category }).from(table).where(eq(table.id, id)))[0]!.c;
    expect(await category(videos, mine)).toBe('music-arts');
    expect(await category(livestreams, live)).toBe('music-arts');
    expect(await category(videos, theirs)).toBe('education');
    expect((await owner.c.post('/api/studio/content/category', { category: 'Nope', items: [{ kind: 'video', id: mine }] })).statusCode).toBe(400);
  });

  it('deletes the owner’s videos and streams with their media, refuses a live stream, and leaves others’ alone', async () => {
    const a = await video(owner, 'Bulk delete a');
    const b = await video(owner, 'Bulk delete b', { kind: 'short' });
    const ended = await stream(owner, 'Bulk delete stream');
    const live = await stream(owner, 'Bulk delete live stream', { status: 'live' });
    const theirStream = await stream(stranger, 'Keep my stream');
    const theirs = await video(stranger, 'Keep me');
    const mediaOf = async (id: string) => (await guest().get(`/api/videos/${id}`)).json().hlsUrl as string;
    const mediaA = await mediaOf(a);
    const res = await owner.c.post('/api/studio/content/delete', {
      items: [
        { kind: 'video', id: a },
        { kind: 'short', id: b },
        { kind: 'stream', id: ended },
        { kind: 'stream', id: live },
        { kind: 'stream', id: theirStream },
        { kind: 'video', id: theirs },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkResult).results.map((r) => [r.id, r.ok, r.error])).toEqual([
      [a, true, null],
      [b, true, null],
      [ended, true, null],
      [live, false, STREAM_END_FIRST],
      [theirStream, false, STREAM_NOT_FOUND],
      [theirs, false, 'This video does not exist'],
    ]);
    expect((await guest().get(`/api/streams/${ended}`)).statusCode).toBe(404);
    expect((await guest().get(`/api/streams/${live}`)).statusCode).toBe(200);
    expect((await guest().get(`/api/streams/${theirStream}`)).statusCode).toBe(200);
    expect((await guest().get(`/api/videos/${a}`)).statusCode).toBe(404);
    expect((await guest().get(mediaA)).statusCode).toBe(404);
    expect((await guest().get(`/api/videos/${theirs}`)).statusCode).toBe(200);
    expect((await page(owner.c)).items.map((r) => r.id)).not.toContain(b);
  });

  it('refuses every write to a stranger, a guest and an unverified account', async () => {
    const id = await video(owner, 'Guarded');
    const items = [{ kind: 'video', id }];
    expect((await stranger.c.request('PATCH', `/api/videos/${id}`, { visibility: 'private' })).statusCode).toBe(404);
    expect((await stranger.c.request('DELETE', `/api/videos/${id}`)).statusCode).toBe(404);
    const strangerBulk = await stranger.c.post('/api/studio/content/delete', { items });
    expect((strangerBulk.json() as BulkResult).results[0]).toMatchObject({ ok: false });
    const strangerCategory = await stranger.c.post('/api/studio/content/category', { category: 'Gaming', items });
    expect((strangerCategory.json() as BulkResult).results[0]).toMatchObject({ ok: false });
    expect((await guest().post('/api/studio/content/delete', { items })).statusCode).toBe(401);
    expect((await guest().post('/api/studio/content/category', { category: 'Gaming', items })).statusCode).toBe(401);
    const unverified = await unverifiedPerson(t.app, 'unconf');
    expect((await unverified.c.post('/api/studio/content/delete', { items })).statusCode).toBe(403);
    expect((await unverified.c.post('/api/studio/content/category', { category: 'Gaming', items })).statusCode).toBe(403);
    const still = (await guest().get(`/api/videos/${id}`)).json();
    expect(still).toMatchObject({ visibility: 'public', category: 'education' });
  });
});

describe('with the guests’ read cache on', () => {
  it('drops a kept page and list as soon as a video is made private or its category moved in bulk', async () => {
    const cached = await createTestApp({ READ_CACHE_SECONDS: '60' });
    try {
      const creator = await person(cached.app, 'cached');
      const id = await readyVideo(cached.app, creator.id, 'Kept lesson');
      const g = new Client(cached.app);
      const listed = async () => (await g.get('/api/videos?kind=long')).json().map((v: { id: string }) => v.id) as string[];
      // Read once, so the guests' answers are kept.
      expect((await g.get(`/api/videos/${id}`)).statusCode).toBe(200);
      expect(await listed()).toContain(id);
      expect((await g.get(`/api/videos?kind=long&category=education`)).json()).toHaveLength(1);
      const moved = await creator.c.post('/api/studio/content/category', { category: 'Gaming', items: [{ kind: 'video', id }] });
      expect((moved.json() as BulkResult).results[0]!.ok).toBe(true);
      expect((await g.get(`/api/videos?kind=long&category=education`)).json()).toHaveLength(0);
      expect((await creator.c.request('PATCH', `/api/videos/${id}`, { visibility: 'private' })).statusCode).toBe(200);
      expect((await g.get(`/api/videos/${id}`)).statusCode).toBe(404);
      expect(await listed()).not.toContain(id);
    } finally {
      await cached.close();
    }
  });
});
