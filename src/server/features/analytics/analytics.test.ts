import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { addDays, dayOf, type AnalyticsOverview, type Retention } from '../../../shared/analytics/analytics.js';
import { solToLamports } from '../../../shared/payments/sol.js';
import { createTestApp, Client, readyVideoRow, verifiedClient, type TestApp } from '../../test-support/app.js';
import { categorySlug } from '../../../shared/categories/categories.js';
import type { StreamStats } from '../../../shared/live/streams.js';
import { chatMessages } from '../chat/schema.js';
import { livestreams, streamViewerCounts, streamViewerSamples } from '../live/schema.js';
import { recountViewers } from '../live/viewers.js';
import { payments } from '../payments/schema.js';
import { videos } from '../videos/schema.js';
import { videoPurchases } from '../x402/schema.js';
import { playbackReports, videoDaily } from './schema.js';
import { recordPlayback, rollUp, rollUpDay } from './service.js';

let t: TestApp;
let owner: Client;
let viewerA: Client;
let guestB: Client;
let stranger: Client;
let ownerId: string;
let videoId: string;

const idOf = async (c: Client) => ((await c.get('/api/me')).json() as { user: { id: string } }).user.id;

/** A playback watched from `from` to `to` seconds in real time, a report every 5 s (and one at the end). */
async function watch(viewerKey: string, from: number, to: number, startAt: Date, id = videoId) {
  const playbackId = randomUUID();
  for (let p = from; ; p = Math.min(to, p + 5)) {
    await recordPlayback(t.app.db, { videoId: id, viewerKey, playbackId, positionSeconds: p }, new Date(startAt.getTime() + (p - from) * 1000));
    if (p >= to) break;
  }
}

const overview = async (c: Client, period = '7d') => {
  const res = await c.get(`/api/studio/analytics?period=${period}`);
  expect(res.statusCode).toBe(200);
  return res.json() as AnalyticsOverview;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await verifiedClient(t.app, 'studio_owner');
  viewerA = await verifiedClient(t.app, 'studio_viewer');
  stranger = await verifiedClient(t.app, 'studio_stranger');
  guestB = new Client(t.app, '10.9.8.7');
  ownerId = await idOf(owner);
  videoId = await readyVideoRow(t.app, ownerId, 'Counted honestly');
  await t.app.db.update(videos).set({ durationSeconds: 100 }).where(eq(videos.id, videoId));
});
afterAll(() => t.close());

describe('counting a scripted audience', () => {
  it('counts views, watch time, retention and sources as watched; the owner and repeats not', async () => {
    const viewerAId = await idOf(viewerA);
    // Viewer A comes from home and watches 40% twice (the second time is no new view).
    expect((await viewerA.post(`/api/videos/${videoId}/view`, { source: 'home' })).json()).toEqual({ counted: true });
    const early = new Date(Date.now() - 20 * 60_000);
    await watch(`u:${viewerAId}`, 0, 40, early);
    expect((await viewerA.post(`/api/videos/${videoId}/view`, { source: 'home' })).json()).toEqual({ counted: false });
    await watch(`u:${viewerAId}`, 0, 40, new Date(early.getTime() + 5 * 60_000));
    // A guest comes from search and watches to the end.
    expect((await guestB.post(`/api/videos/${videoId}/view`, { source: 'search' })).json()).toEqual({ counted: true });
    await watch('a:guest-b', 0, 100, new Date(early.getTime() + 10 * 60_000));
    // The owner watching their own video counts nowhere: not the page, not the studio.
    expect((await owner.post(`/api/videos/${videoId}/view`, { source: 'profile' })).json()).toEqual({ counted: false });
    const before = await t.app.db.$count(playbackReports);
    expect((await owner.post('/api/analytics/playback', { videoId, playbackId: randomUUID(), positionSeconds: 3 })).statusCode).toBe(204);
    await t.app.playbackReports.flush();
    expect(await t.app.db.$count(playbackReports)).toBe(before);

    await rollUp(t.app.db);
    const o = await overview(owner);
    const page = (await guestB.get(`/api/videos/${videoId}`)).json() as { views: number };
    expect(page.views).toBe(2);
    expect(o.totals.views).toBe(2);
    expect(o.top[0]).toMatchObject({ videoId, views: 2, publicViews: 2, watchSeconds: 180 });
    expect(o.totals.watchSeconds).toBeCloseTo(180, 5);
    expect(o.totals.averageViewSeconds).toBeCloseTo(90, 5);
    const today = o.days.find((d) => d.day === dayOf(new Date()))!;
    expect(today).toMatchObject({ views: 2, viewers: 2 });
    expect(o.sources).toEqual([
      { source: 'home', views: 1 },
      { source: 'search', views: 1 },
    ]);
    expect(o.previous?.totals.views).toBe(0);

    const r = (await owner.get(`/api/studio/analytics/videos/${videoId}/retention?period=7d`)).json() as Retention;
    expect(r.viewers).toBe(2);
    expect(r.points).toHaveLength(100);
    expect(r.points.slice(0, 40).every((p) => p.share === 1)).toBe(true);
    expect(r.points.slice(40).every((p) => p.share === 0.5)).toBe(true);
  });

  it('credits no more watch time than the clock ran: a jump ahead, parallel playbacks', async () => {
    const id = await readyVideoRow(t.app, ownerId, 'Skipped through');
    await t.app.db.update(videos).set({ durationSeconds: 600 }).where(eq(videos.id, id));
    const at = new Date(Date.now() - 30 * 60_000);
    const playbackId = randomUUID();
    // Position 0, then 500 five seconds later: five seconds watched, not 500.
    await recordPlayback(t.app.db, { videoId: id, viewerKey: 'a:jumper', playbackId, positionSeconds: 0 }, at);
    await recordPlayback(t.app.db, { videoId: id, viewerKey: 'a:jumper', playbackId, positionSeconds: 500 }, new Date(at.getTime() + 5000));
    // Ten playbacks side by side for one minute credit one minute (plus slack), not ten.
    for (let i = 0; i < 10; i++) await watch('a:farm', 0, 60, at, id);
    await rollUpDay(t.app.db, dayOf(at));
    // No view was counted, so it is in no top list: its daily row tells.
    const [day] = await t.app.db.select().from(videoDaily).where(eq(videoDaily.videoId, id));
    expect(day!.views).toBe(0);
    expect(day!.watchSeconds).toBeGreaterThan(60);
    expect(day!.watchSeconds).toBeLessThanOrEqual(5 + 60 + 2 + 2);
  });

  it('lets a watched video go for good (as an erased account’s do): its reports count nowhere and the roll-up goes on', async () => {
    const id = await readyVideoRow(t.app, ownerId, 'Deleted after a watch');
    await t.app.db.update(videos).set({ durationSeconds: 60 }).where(eq(videos.id, id));
    const at = new Date(Date.now() - 20 * 60_000);
    await watch('a:gone', 0, 30, at, id);
    await t.app.db.delete(videos).where(eq(videos.id, id));
    await rollUpDay(t.app.db, dayOf(at));
    expect(await t.app.db.select().from(videoDaily).where(eq(videoDaily.videoId, id))).toEqual([]);
  });

  it('puts tips and sales under earnings on the day they were paid; followers gained and lost', async () => {
    const viewerAId = await idOf(viewerA);
    const yesterdayNoon = new Date(`${addDays(dayOf(new Date()), -1)}T12:00:00Z`);
    const wallet = () => randomBytes(24).toString('hex');
    await t.app.db.insert(payments).values({
      kind: 'tip',
      payerId: viewerAId,
      payeeId: ownerId,
      payerWallet: wallet(),
      payeeWallet: wallet(),
      lamports: solToLamports('0.25'),
      contentType: 'glint_video',
      contentId: videoId,
      status: 'finalized',
      signature: wallet(),
      submittedAt: yesterdayNoon,
      finalizedAt: yesterdayNoon,
    });
    // A tip to someone else is not this creator's.
    await t.app.db.insert(payments).values({
      kind: 'tip',
      payerId: ownerId,
      payeeId: viewerAId,
      payerWallet: wallet(),
      payeeWallet: wallet(),
      lamports: solToLamports('9'),
      status: 'finalized',
      signature: wallet(),
      finalizedAt: yesterdayNoon,
    });
    await t.app.db.insert(videoPurchases).values({
      videoId,
      buyerId: viewerAId,
      payerWallet: wallet(),
      payTo: wallet(),
      asset: 'usdc',
      network: 'solana:test',
      amountMicroUsdc: 1_500_000,
      paymentKey: wallet(),
      transaction: wallet(),
      status: 'settled',
      settledAt: new Date(),
    });
    expect((await viewerA.request('PUT', '/api/profiles/studio_owner/follow')).statusCode).toBe(200);
    expect((await stranger.request('PUT', '/api/profiles/studio_owner/follow')).statusCode).toBe(200);
    expect((await stranger.request('DELETE', '/api/profiles/studio_owner/follow')).statusCode).toBe(200);
    await rollUp(t.app.db);

    const o = await overview(owner);
    const yesterday = o.days.find((d) => d.day === dayOf(yesterdayNoon))!;
    const today = o.days.find((d) => d.day === dayOf(new Date()))!;
    expect(yesterday).toMatchObject({ tipsSol: '0.25', salesUsdc: '0' });
    expect(today).toMatchObject({ tipsSol: '0', salesUsdc: '1.5', followersGained: 2, followersLost: 1 });
    expect(o.totals).toMatchObject({ tipsSol: '0.25', bountySol: '0', salesUsdc: '1.5', followersGained: 2, followersLost: 1 });
    expect(o.earnings).toEqual(
      expect.arrayContaining([
        { day: dayOf(yesterdayNoon), kind: 'tip', itemType: 'glint_video', itemId: videoId, itemTitle: 'Counted honestly', amount: '0.25', currency: 'SOL' },
        { day: dayOf(new Date()), kind: 'sale', itemType: 'glint_video', itemId: videoId, itemTitle: 'Counted honestly', amount: '1.5', currency: 'USDC' },
      ]),
    );
    expect(o.earnings).toHaveLength(2);
  });
});

describe('a stream, minute by minute', () => {
  it('charts viewers and chat per minute from going live to its end, with its peak, average and the tips it got, for its creator only', async () => {
    const minute = (n: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000 + n * 60_000);
    const [stream] = await t.app.db
      .insert(livestreams)
      .values({
        ownerId,
        title: 'Charted',
        slug: 'charted',
        category: categorySlug('Trading'),
        status: 'ended',
        startedAt: new Date(minute(0).getTime() + 20_000),
        endedAt: new Date(minute(5).getTime() + 30_000),
        peakViewers: 4,
      })
      .returning();
    const id = stream!.id;
    // Counted when people joined or left: 1 at first, 4 two minutes in, 2 four minutes in.
    await t.app.db.insert(streamViewerSamples).values([
      { streamId: id, minute: minute(0), viewers: 1 },
      { streamId: id, minute: minute(2), viewers: 4 },
      { streamId: id, minute: minute(4), viewers: 2 },
    ]);
    const viewerAId = await idOf(viewerA);
    const said = (at: Date, deleted = false) => ({ streamId: id, userId: viewerAId, body: 'gm', createdAt: at, ...(deleted ? { deletedAt: at } : {}) });
    await t.app.db
      .insert(chatMessages)
      .values([said(new Date(minute(1).getTime() + 5_000)), said(new Date(minute(1).getTime() + 50_000)), said(minute(3)), said(minute(3), true)]);
    const wallet = () => randomBytes(24).toString('hex');
    const tip = (status: 'finalized' | 'failed', sol: string) => ({
      kind: 'tip' as const,
      payerId: viewerAId,
      payeeId: ownerId,
      payerWallet: wallet(),
      payeeWallet: wallet(),
      lamports: solToLamports(sol),
      message: 'Great call',
      contentType: 'livestream',
      contentId: id,
      status,
      signature: wallet(),
      createdAt: minute(2),
    });
    await t.app.db.insert(payments).values([tip('finalized', '0.5'), tip('failed', '3')]);

    const res = await owner.get(`/api/studio/analytics/streams/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json() as StreamStats;
    expect(stats.minutes.map((m) => m.at)).toEqual([0, 1, 2, 3, 4, 5].map((n) => minute(n).toISOString()));
    // A minute nobody joined or left keeps the count before it.
    expect(stats.minutes.map((m) => m.viewers)).toEqual([1, 1, 4, 4, 2, 2]);
    // A deleted message is not counted.
    expect(stats.minutes.map((m) => m.chatMessages)).toEqual([0, 2, 0, 1, 0, 0]);
    expect(stats).toMatchObject({ peakViewers: 4, averageViewers: 2.3, chatMessages: 3, tipsSol: '0.5' });
    expect(stats.tips).toEqual([
      { at: minute(2).toISOString(), sol: '0.5', from: { username: 'studio_viewer', displayName: expect.any(String) }, message: 'Great call' },
    ]);

    // Someone else, or a guest, learns nothing of it.
    expect((await stranger.get(`/api/studio/analytics/streams/${id}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/studio/analytics/streams/${id}`)).statusCode).toBe(401);
    expect((await owner.get('/api/studio/analytics/streams/not-a-stream')).statusCode).toBe(404);
  });

  it('takes a sample of a live stream each time its viewers are counted, the most in a minute', async () => {
    const [stream] = await t.app.db
      .insert(livestreams)
      .values({ ownerId, title: 'Sampled', slug: 'sampled', category: categorySlug('Trading'), status: 'live', startedAt: new Date() })
      .returning();
    await t.app.db.insert(streamViewerCounts).values({ streamId: stream!.id, instance: 'a', count: 3 });
    await recountViewers(t.app.db, [stream!.id]);
    await t.app.db.update(streamViewerCounts).set({ count: 1, updatedAt: new Date() }).where(eq(streamViewerCounts.streamId, stream!.id));
    await recountViewers(t.app.db, [stream!.id]);
    const samples = await t.app.db.select().from(streamViewerSamples).where(eq(streamViewerSamples.streamId, stream!.id));
    // Both counts fell in one minute (or, rarely, the second in the next).
    expect(Math.max(...samples.map((x) => x.viewers))).toBe(3);
    expect(samples.length).toBeLessThanOrEqual(2);
    const live = (await owner.get(`/api/studio/analytics/streams/${stream!.id}`)).json() as StreamStats;
    expect(live.endedAt).toBeNull();
    expect(live.minutes.at(-1)!.viewers).toBeGreaterThanOrEqual(1);
  });
});

describe('who may read and report', () => {
  it('keeps a creator’s analytics to them', async () => {
    expect((await new Client(t.app).get('/api/studio/analytics')).statusCode).toBe(401);
    expect((await stranger.get(`/api/studio/analytics/videos/${videoId}/retention`)).statusCode).toBe(404);
    // The stranger's own studio is empty, not the owner's numbers.
    const o = await overview(stranger, '28d');
    expect(o.totals.views).toBe(0);
    expect(o.days).toHaveLength(28);
    expect((await owner.get('/api/studio/analytics?period=12d')).statusCode).toBe(400);
  });

  it('takes a guest’s report, refuses a malformed one, drops one for a video nobody may watch', async () => {
    const before = await t.app.db.$count(playbackReports);
    expect((await guestB.post('/api/analytics/playback', { videoId, playbackId: randomUUID(), positionSeconds: 1 })).statusCode).toBe(204);
    await t.app.playbackReports.flush();
    expect(await t.app.db.$count(playbackReports)).toBe(before + 1);
    expect((await guestB.post('/api/analytics/playback', { videoId, playbackId: 'x', positionSeconds: -1 })).statusCode).toBe(400);
    expect((await guestB.post('/api/analytics/playback', { videoId: randomUUID(), playbackId: randomUUID(), positionSeconds: 1 })).statusCode).toBe(204);
    await t.app.playbackReports.flush();
    expect(await t.app.db.$count(playbackReports)).toBe(before + 1);
  });

  it('takes reports over the realtime socket from the socket’s account (or a guest’s hashed address), never the owner’s, and refuses a malformed one', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/realtime`;
    const open = async (c: Client) => {
      const ws = new WebSocket(base, { headers: { cookie: c.cookie, origin: t.app.config.publicUrl } });
      const messages: { event: string; data: unknown }[] = [];
      ws.on('message', (d) => messages.push(JSON.parse(String(d))));
      await vi.waitFor(() => expect(messages.some((m) => m.event === 'hello')).toBe(true));
      return { ws, messages };
    };
    const viewerAId = await idOf(viewerA);
    const playbackId = randomUUID();
    const a = await open(viewerA);
    const mine = await open(owner);
    const before = await t.app.db.$count(playbackReports);
    a.ws.send(JSON.stringify({ type: 'playback', videoId, playbackId, positionSeconds: 12.5 }));
    mine.ws.send(JSON.stringify({ type: 'playback', videoId, playbackId: randomUUID(), positionSeconds: 3 }));
    a.ws.send(JSON.stringify({ type: 'playback', videoId, playbackId: 'x', positionSeconds: -1 }));
    await vi.waitFor(() => expect(a.messages.some((m) => m.event === 'realtime.refused')).toBe(true));
    await vi.waitFor(async () => {
      await t.app.playbackReports.flush();
      expect(await t.app.db.$count(playbackReports)).toBe(before + 1);
    });
    const [row] = await t.app.db.select().from(playbackReports).where(eq(playbackReports.playbackId, playbackId));
    expect(row).toMatchObject({ videoId, viewerKey: `u:${viewerAId}`, positionSeconds: 12.5 });
    // A guest's socket (one that watches a live stream): its report counts for its address and browser, hashed.
    const guest = await open(new Client(t.app));
    const guestPlayback = randomUUID();
    guest.ws.send(JSON.stringify({ type: 'playback', videoId, playbackId: guestPlayback, positionSeconds: 4 }));
    const guestRow = await vi.waitFor(async () => {
      await t.app.playbackReports.flush();
      const [r] = await t.app.db.select().from(playbackReports).where(eq(playbackReports.playbackId, guestPlayback));
      expect(r).toBeDefined();
      return r!;
    });
    expect(guestRow.viewerKey).toMatch(/^a:[0-9a-f]{32}$/);
    a.ws.close();
    mine.ws.close();
    guest.ws.close();
  });
});
