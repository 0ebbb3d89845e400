import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamCard, StreamDetail } from '../../../shared/live/streams.js';
import type { AppNotification } from '../../../shared/realtime/realtime.js';
import { streamMedia, videoMedia } from '../../platform/storage/storage.js';
import { Client, createTestApp, readyVideoRow, verifiedClient, waitUntil, type TestApp } from '../../test-support/app.js';
import { videos } from '../videos/schema.js';
import { whenUtc } from './page-meta.js';
import { livestreams } from './schema.js';

let t: TestApp;
let n = 0;
const account = (prefix: string) => verifiedClient(t.app, `${prefix}_${++n}`);
const bell = async (c: Client) => (await c.get('/api/notifications')).json().notifications as AppNotification[];
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
/** A minute-exact time `days` ahead (what a datetime-local field sends). */
const at = (days: number) => new Date(Math.floor(inDays(days).getTime() / 60_000) * 60_000).toISOString();
const schedule = async (c: Client, title: string, body: Record<string, unknown> = {}) => {
  const res = await c.post('/api/streams', { title, category: 'Trading', scheduledAt: at(2), ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as StreamDetail;
};
const list = async (status: string) => ((await new Client(t.app).get(`/api/streams?status=${status}`)).json() as StreamCard[]).map((s) => s.id);
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A small file stored under `key`, as the media pipeline would have left it. */
const store = async (key: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'glint-manage-')), 'f');
  fs.writeFileSync(file, 'media');
  await t.app.storage.putFile(key, file);
  expect(await t.app.storage.exists(key)).toBe(true);
};
const idOf = async (c: Client) => (await c.get('/api/auth/get-session')).json().user.id as string;

beforeAll(async () => {
  t = await createTestApp({ RTMP_PORT: '0', LIVE_GRACE_SECONDS: '1' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('editing a stream', () => {
  it('changes what was sent, with the create form’s rules and messages, and keeps the rest', async () => {
    const c = await account('editor');
    const s = await schedule(c, 'Tpyo in the title', { description: 'About DeFi', tags: ['defi', 'sol'] });
    const res = await c.request('PATCH', `/api/streams/${s.id}`, {
      title: 'Typo fixed',
      category: 'DeFi',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Typo fixed',
      slug: 'typo-fixed',
      category: 'defi',
      description: 'About DeFi',
      tags: ['defi', 'sol'],
    });
    expect((await c.request('PATCH', `/api/streams/${s.id}`, { description: '', tags: [], token: null })).json()).toMatchObject({
      description: '',
      tags: [],
      token: null,
      title: 'Typo fixed',
    });

    const bad = await c.request('PATCH', `/api/streams/${s.id}`, { title: '  ', category: 'Nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ title: 'Title is required', category: 'Choose a category' });
    expect((await c.get(`/api/streams/${s.id}`)).json().title).toBe('Typo fixed');
  });
});

describe('rescheduling', () => {
  it('moves an upcoming stream, checked as at creation, and tells whoever asked to be reminded the new time', async () => {
    const c = await account('mover');
    const fan = await account('reminded');
    const bystander = await account('bystander');
    const s = await schedule(c, 'Moving day');
    expect((await fan.request('PUT', `/api/streams/${s.id}/reminder`, {})).json()).toEqual({ reminded: true });

    const past = await c.post(`/api/streams/${s.id}/reschedule`, { scheduledAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.scheduledAt).toBe('Choose a time in the future');
    expect((await c.post(`/api/streams/${s.id}/reschedule`, { scheduledAt: inDays(91).toISOString() })).json().fields.scheduledAt).toBe(
      'Schedule at most 90 days ahead',
    );

    const when = at(5);
    const moved = await c.post(`/api/streams/${s.id}/reschedule`, { scheduledAt: when });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().scheduledAt)).toBe(Date.parse(when));
    const [told] = (await bell(fan)).filter((x) => x.contentId === s.id);
    expect(told).toMatchObject({ title: 'Stream rescheduled', contentType: 'livestream', actor: { id: s.creator.id } });
    expect(told!.message).toBe(`${s.creator.displayName} moved “Moving day” to ${whenUtc(when)}`);
    expect(await bell(bystander)).toEqual([]);
    // The reminder stays, for the new time; the same time again tells nobody twice.
    expect((await fan.get(`/api/streams/${s.id}/reminder`)).json()).toEqual({ reminded: true });
    await c.post(`/api/streams/${s.id}/reschedule`, { scheduledAt: when });
    expect((await bell(fan)).filter((x) => x.contentId === s.id)).toHaveLength(1);

    await t.app.db.update(livestreams).set({ status: 'live', startedAt: new Date() }).where(eq(livestreams.id, s.id));
    const live = await c.post(`/api/streams/${s.id}/reschedule`, { scheduledAt: at(6) });
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe('Only an upcoming stream can be rescheduled or cancelled');
  });
});

describe('cancelling', () => {
  it('takes an upcoming stream out of every list, tells whoever asked to be reminded, and drops their reminders', async () => {
    const c = await account('canceller');
    const fan = await account('waiting');
    const s = await schedule(c, 'Not happening');
    await fan.request('PUT', `/api/streams/${s.id}/reminder`, {});
    expect(await list('scheduled')).toContain(s.id);

    const res = await c.post(`/api/streams/${s.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ended', startedAt: null });
    expect(await list('scheduled')).not.toContain(s.id);
    expect(await list('ended')).not.toContain(s.id);
    const [told] = (await bell(fan)).filter((x) => x.contentId === s.id);
    expect(told).toMatchObject({ title: 'Stream cancelled', message: `${s.creator.displayName} cancelled “Not happening”` });
    expect((await fan.get(`/api/streams/${s.id}/reminder`)).json()).toEqual({ reminded: false });
    // Not upcoming any more: no second cancel, no new reminder, no going live on it from a browser.
    expect((await c.post(`/api/streams/${s.id}/cancel`)).statusCode).toBe(409);
    expect((await fan.request('PUT', `/api/streams/${s.id}/reminder`, {})).statusCode).toBe(409);
    expect((await c.post(`/api/streams/${s.id}/reschedule`, { scheduledAt: at(3) })).statusCode).toBe(409);
  });
});

describe('deleting', () => {
  it('removes an upcoming stream (its reminder holders are told) and an ended one with its replay and pictures; clips stay the creator’s shorts', async () => {
    const c = await account('deleter');
    const fan = await account('hopeful');
    const upcoming = await schedule(c, 'Gone soon');
    await fan.request('PUT', `/api/streams/${upcoming.id}/reminder`, {});
    expect((await c.request('DELETE', `/api/streams/${upcoming.id}`)).statusCode).toBe(204);
    expect((await c.get(`/api/streams/${upcoming.id}`)).statusCode).toBe(404);
    const [told] = (await bell(fan)).filter((x) => x.title === 'Stream cancelled');
    expect(told).toMatchObject({ message: `${upcoming.creator.displayName} cancelled “Gone soon”`, contentId: null });

    // An ended stream with a replay, a picture of its own and a clip.
    const ownerId = await idOf(c);
    const ended = await schedule(c, 'Over and done');
    const replayId = await readyVideoRow(t.app, ownerId, 'Over and done');
    const clipId = await readyVideoRow(t.app, ownerId, 'Best moment');
    await t.app.db.update(videos).set({ sourceStreamId: ended.id, kind: 'short' }).where(eq(videos.id, clipId));
    const pictureKey = `${streamMedia(ended.id)}/thumb-1.jpg`;
    const replayKey = `${videoMedia(replayId)}/hls/master.m3u8`;
    await store(pictureKey);
    await store(replayKey);
    const picture = t.app.storage.url(pictureKey);
    await t.app.db
      .update(livestreams)
      .set({ status: 'ended', startedAt: new Date(Date.now() - 3_600_000), endedAt: new Date(), recordingVideoId: replayId, thumbnailUrl: picture })
      .where(eq(livestreams.id, ended.id));
    expect(await list('ended')).toContain(ended.id);

    expect((await c.request('DELETE', `/api/streams/${ended.id}`)).statusCode).toBe(204);
    expect((await c.get(`/api/streams/${ended.id}`)).statusCode).toBe(404);
    expect(await list('ended')).not.toContain(ended.id);
    const [replay] = await t.app.db.select().from(videos).where(eq(videos.id, replayId));
    expect(replay!.status).toBe('removed');
    expect(await t.app.storage.exists(pictureKey)).toBe(false);
    expect(await t.app.storage.exists(replayKey)).toBe(false);
    const [clip] = await t.app.db.select().from(videos).where(eq(videos.id, clipId));
    expect(clip).toMatchObject({ status: 'ready', ownerId, sourceStreamId: null });

    // A live stream is ended first.
    const live = await schedule(c, 'Still on');
    await t.app.db.update(livestreams).set({ status: 'live', startedAt: new Date() }).where(eq(livestreams.id, live.id));
    const refused = await c.request('DELETE', `/api/streams/${live.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('End the stream before deleting it');
  });
});

describe('a replay made private or unlisted', () => {
  it('takes its ended stream out of every list, search and the sitemap; public again, it is back', async () => {
    const c = await account('replayer');
    const ownerId = await idOf(c);
    const s = await schedule(c, 'Quietly archived session');
    const replayId = await readyVideoRow(t.app, ownerId, 'Quietly archived session');
    await t.app.db
      .update(livestreams)
      .set({ status: 'ended', startedAt: new Date(Date.now() - 3_600_000), endedAt: new Date(), recordingVideoId: replayId })
      .where(eq(livestreams.id, s.id));
    const guest = new Client(t.app);
    const places = async () => ({
      ended: (await list('ended')).includes(s.id),
      profile: JSON.stringify((await guest.get(`/api/profiles/${s.creator.username}`)).json()).includes(s.id),
      search: JSON.stringify((await guest.get('/api/search?q=quietly%20archived')).json()).includes(s.id),
      sitemap: (await t.app.inject('/sitemaps/streams-1.xml')).body.includes(s.id),
    });
    expect(await places()).toEqual({ ended: true, profile: true, search: true, sitemap: true });
    for (const visibility of ['private', 'unlisted']) {
      expect((await c.request('PATCH', `/api/videos/${replayId}`, { visibility })).statusCode).toBe(200);
      expect(await places()).toEqual({ ended: false, profile: false, search: false, sitemap: false });
    }
    // Its page stays for whoever has the link.
    expect((await guest.get(`/api/streams/${s.id}`)).statusCode).toBe(200);
    expect((await c.request('PATCH', `/api/videos/${replayId}`, { visibility: 'public' })).statusCode).toBe(200);
    expect(await places()).toEqual({ ended: true, profile: true, search: true, sitemap: true });
  });
});

describe('who may manage a stream', () => {
  it('refuses a stranger, a guest and an unverified account on every write, and changes nothing', async () => {
    const c = await account('owner');
    const s = await schedule(c, 'Mine alone');
    const stranger = await account('stranger');
    const guest = new Client(t.app);
    const unverified = new Client(t.app);
    await unverified.post('/api/auth/sign-up/email', { email: `unv_${n}@example.com`, username: `unv_${n}`, name: '', password: 'Str0ng!Passw0rd' });
    const writes: [method: 'PATCH' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
      ['PATCH', `/api/streams/${s.id}`, { title: 'Hijacked' }],
      ['POST', `/api/streams/${s.id}/reschedule`, { scheduledAt: at(9) }],
      ['POST', `/api/streams/${s.id}/cancel`, {}],
      ['POST', `/api/streams/${s.id}/end`, {}],
      ['DELETE', `/api/streams/${s.id}`],
    ];
    for (const [method, url, body] of writes) {
      expect((await guest.request(method, url, body)).statusCode, `${method} ${url} as a guest`).toBe(401);
      expect((await unverified.request(method, url, body)).statusCode, `${method} ${url} unverified`).toBe(403);
      expect((await stranger.request(method, url, body)).statusCode, `${method} ${url} as a stranger`).toBe(404);
    }
    // The thumbnail (an image body) and a new stream key (the account's own) likewise.
    const picture = (who: Client) =>
      t.app.inject({
        method: 'POST',
        url: `/api/streams/${s.id}/thumbnail`,
        payload: PNG,
        headers: { 'content-type': 'image/png', origin: t.app.config.publicUrl, ...(who.cookies.size ? { cookie: who.cookie } : {}) },
      });
    expect((await picture(guest)).statusCode).toBe(401);
    expect((await picture(unverified)).statusCode).toBe(403);
    expect((await picture(stranger)).statusCode).toBe(404);
    expect((await guest.post('/api/live/key', {})).statusCode).toBe(401);
    expect((await unverified.post('/api/live/key', {})).statusCode).toBe(403);
    expect((await c.get(`/api/streams/${s.id}`)).json()).toMatchObject({
      title: 'Mine alone',
      status: 'scheduled',
      scheduledAt: s.scheduledAt,
      thumbnailUrl: null,
    });
    expect((await c.request('PATCH', '/api/streams/00000000-0000-4000-8000-000000000000', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('ending a live stream from its page', () => {
  it('cuts off the publisher at once, ends the stream for viewers, and still makes the replay', async () => {
    const c = await account('ender');
    const { key } = (await c.post('/api/live/key', {})).json() as { key: string };
    const s = (await c.post('/api/streams', { title: 'Ending early', category: 'Trading' })).json() as StreamDetail;
    const port = Number(new URL(t.app.live.rtmpUrl()!.replace('rtmp:', 'http:')).port);
    const child = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30:duration=60'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=60'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
        ...['-f', 'flv', `rtmp://127.0.0.1:${port}/live/${key}`],
      ],
      { stdio: 'ignore' },
    );
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const stream = () => c.get(`/api/streams/${s.id}`).then((r) => r.json() as StreamDetail);
      await waitUntil('the stream to be live', stream, (x) => x.status === 'live' && !!x.hlsUrl, 30_000);
      const notMine = await (await account('heckler')).post(`/api/streams/${s.id}/end`);
      expect(notMine.statusCode).toBe(404);
      const ended = await c.post(`/api/streams/${s.id}/end`);
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toMatchObject({ status: 'ended', hlsUrl: null });
      // ffmpeg, publishing for a minute, is cut off within seconds.
      const code = await Promise.race([exit, new Promise((r) => setTimeout(() => r('still publishing'), 5_000))]);
      expect(code).not.toBe('still publishing');
      expect((await c.post(`/api/streams/${s.id}/end`)).json().message).toBe('This stream is not live');
      // Ended, not cancelled: it is in Recently Ended, and what was recorded becomes its replay.
      expect(await list('ended')).toContain(s.id);
      await waitUntil('the replay', stream, (x) => !!x.recordingVideoId, 30_000);
    } finally {
      child.kill('SIGINT');
      await exit;
    }
  }, 90_000);
});
