import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeMessage } from '../../../shared/realtime/realtime.js';
import type { VideoKind } from '../../../shared/videos/video-rules.js';
import { buildApp } from '../../app.js';
import { notifications } from './schema.js';
import { videos } from '../videos/schema.js';
import { Client, createTestApp, verifiedPerson, type TestApp } from '../../test-support/app.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

let n = 0;
const person = (name?: string) => verifiedPerson(t.app, name ?? `person_${++n}`);

/** A ready video owned by `ownerId`, written straight to the database (no transcoding needed here). */
async function readyVideo(ownerId: string, kind: VideoKind = 'long') {
  const [v] = await t.database.db
    .insert(videos)
    .values({ ownerId, kind, title: `Clip ${++n}`, slug: 'clip', category: 'other', status: 'ready', publishedAt: new Date() })
    .returning();
  return v!;
}

function socket(c: Client, host = base) {
  const cookie = c.cookie;
  const ws = new WebSocket(`ws://${host}/api/realtime`, { headers: { cookie } });
  const messages: RealtimeMessage[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  const next = async (event: string, ms = 5000) => {
    const until = Date.now() + ms;
    for (;;) {
      const i = messages.findIndex((m) => m.event === event);
      if (i >= 0) return messages.splice(i, 1)[0]!;
      if (Date.now() > until) throw new Error(`no ${event} within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, messages, next };
}

describe('follows', () => {
  it('follow and unfollow are idempotent, counted, listed, and never of yourself', async () => {
    const a = await person();
    const b = await person();
    expect((await b.c.request('PUT', `/api/profiles/${a.username}/follow`, {})).json()).toEqual({ followers: 1, following: 0, followedByMe: true });
    expect((await b.c.request('PUT', `/api/profiles/${a.username}/follow`, {})).json().followers).toBe(1);
    expect((await b.c.get(`/api/profiles/${a.username}`)).json()).toMatchObject({ followers: 1, following: 0, followedByMe: true });
    expect((await b.c.get(`/api/profiles/${a.username}/followers`)).json().map((x: { username: string }) => x.username)).toEqual([b.username]);
    expect((await b.c.get(`/api/profiles/${b.username}/following`)).json().map((x: { username: string }) => x.username)).toEqual([a.username]);
    expect((await a.c.request('PUT', `/api/profiles/${a.username}/follow`, {})).statusCode).toBe(400);
    expect((await new Client(t.app).request('PUT', `/api/profiles/${a.username}/follow`, {})).statusCode).toBe(401);
    expect((await b.c.request('DELETE', `/api/profiles/${a.username}/follow`)).json()).toEqual({ followers: 0, following: 0, followedByMe: false });
  });

  it('fills the Following row of home with followed creators’ videos', async () => {
    const creator = await person();
    const fan = await person();
    const v = await readyVideo(creator.id);
    expect((await fan.c.get('/api/home')).json().following).toEqual([]);
    await fan.c.request('PUT', `/api/profiles/${creator.username}/follow`, {});
    expect((await fan.c.get('/api/home')).json().following.map((x: { id: string }) => x.id)).toEqual([v.id]);
  });
});

describe('notifications', () => {
  it('come from follows, likes, comments and shares, never for your own actions, and a like only once', async () => {
    const owner = await person();
    const fan = await person();
    const v = await readyVideo(owner.id, 'short');
    await fan.c.request('PUT', `/api/profiles/${owner.username}/follow`, {});
    await fan.c.request('PUT', `/api/videos/${v.id}/like`, {});
    await fan.c.request('DELETE', `/api/videos/${v.id}/like`);
    await fan.c.request('PUT', `/api/videos/${v.id}/like`, {});
    await fan.c.post(`/api/videos/${v.id}/comments`, { body: 'wow' });
    await fan.c.post(`/api/videos/${v.id}/share`, {});
    await owner.c.request('PUT', `/api/videos/${v.id}/like`, {});
    await owner.c.post(`/api/videos/${v.id}/comments`, { body: 'my own' });
    const list = (await owner.c.get('/api/notifications')).json();
    expect(list.unread).toBe(4);
    expect(list.notifications.map((x: { type: string }) => x.type).sort()).toEqual(['comment', 'follow', 'like', 'share']);
    const like = list.notifications.find((x: { type: string }) => x.type === 'like');
    expect(like).toMatchObject({ title: 'New like', contentId: v.id, contentType: 'short_video', actor: { username: fan.username } });
    expect(like.message).toContain(`liked “${v.title}”`);
    expect((await fan.c.get('/api/notifications')).json().notifications).toEqual([]);
  });

  it('marks read and deletes only your own (another user gets 404)', async () => {
    const owner = await person();
    const fan = await person();
    await fan.c.request('PUT', `/api/profiles/${owner.username}/follow`, {});
    const [note] = (await owner.c.get('/api/notifications')).json().notifications;
    expect((await fan.c.post(`/api/notifications/${note.id}/read`)).statusCode).toBe(404);
    expect((await fan.c.request('DELETE', `/api/notifications/${note.id}`)).statusCode).toBe(404);
    expect((await owner.c.post(`/api/notifications/${note.id}/read`)).statusCode).toBe(204);
    expect((await owner.c.get('/api/notifications')).json().unread).toBe(0);
    expect((await owner.c.request('DELETE', `/api/notifications/${note.id}`)).statusCode).toBe(204);
    expect((await owner.c.get('/api/notifications')).json().notifications).toEqual([]);
    expect((await new Client(t.app).get('/api/notifications')).statusCode).toBe(401);
    // 36 characters of a uuid's alphabet that are no uuid (found by the API fuzz test).
    expect((await owner.c.post(`/api/notifications/${'-'.repeat(36)}/read`)).statusCode).toBe(404);
    expect((await owner.c.request('DELETE', `/api/notifications/${'-'.repeat(36)}`)).statusCode).toBe(404);
  });

  it('loads the 50 newest', async () => {
    const owner = await person();
    const other = await person();
    await t.database.db.insert(notifications).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: owner.id,
        actorId: other.id,
        type: 'like' as const,
        title: 'New like',
        message: `like ${i}`,
        createdAt: new Date(Date.now() - (60 - i) * 1000),
      })),
    );
    const list = (await owner.c.get('/api/notifications')).json();
    expect(list.notifications).toHaveLength(50);
    expect(list.notifications[0].message).toBe('like 59');
    expect(list.unread).toBe(60);
    expect((await owner.c.post('/api/notifications/read-all')).statusCode).toBe(204);
    expect((await owner.c.get('/api/notifications')).json().unread).toBe(0);
  });
});

describe('realtime', () => {
  it('greets a socket without a session as a guest, who gets no notifications', async () => {
    const owner = await person();
    const fan = await person();
    const guest = socket(new Client(t.app));
    expect((await guest.next('hello')).data).toEqual({ userId: null });
    await fan.c.request('PUT', `/api/profiles/${owner.username}/follow`, {});
    await new Promise((r) => setTimeout(r, 300));
    expect(guest.messages).toEqual([]);
    guest.ws.close();
  });

  it('delivers a new notification and reads from another tab', async () => {
    const owner = await person();
    const fan = await person();
    const s = socket(owner.c);
    expect((await s.next('hello')).data).toEqual({ userId: owner.id });
    await fan.c.request('PUT', `/api/profiles/${owner.username}/follow`, {});
    const created = await s.next('notification.created');
    expect(created.data).toMatchObject({ type: 'follow', actor: { username: fan.username } });
    await owner.c.post('/api/notifications/read-all');
    expect((await s.next('notification.read')).data).toEqual({ ids: 'all' });
    s.ws.close();
  });

  it('delivers through NOTIFY to a socket on another instance of the same database', async () => {
    const second = await buildApp({ config: { ...t.config, mediaWorkers: 0 }, database: t.database, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const owner = await person();
      const fan = await person();
      const s = socket(owner.c, `127.0.0.1:${(second.server.address() as AddressInfo).port}`);
      await s.next('hello');
      // The follow is made on the first instance; the socket is on the second.
      await fan.c.request('PUT', `/api/profiles/${owner.username}/follow`, {});
      expect((await s.next('notification.created')).data).toMatchObject({ type: 'follow' });
      s.ws.close();
    } finally {
      await second.close();
    }
  });
});

describe('shares', () => {
  it('count once per viewer per window, notify once, and a guest counts once per address whatever its browser says', async () => {
    const owner = await person();
    const fan = await person();
    const v = await readyVideo(owner.id);
    for (let i = 0; i < 3; i++) expect((await fan.c.post(`/api/videos/${v.id}/share`, {})).json()).toEqual({ shares: 1 });
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/videos/${v.id}/share`,
        headers: { 'user-agent': `Bot/${i}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.json()).toEqual({ shares: 2 });
    }
    const list = (await owner.c.get('/api/notifications')).json();
    expect(list.notifications.filter((x: { type: string }) => x.type === 'share')).toHaveLength(1);
  });
});

describe('realtime sockets end with their session', () => {
  const closed = (ws: WebSocket) => new Promise<number>((r) => ws.on('close', (code) => r(code)));

  it('closes the socket when its browser signs out', async () => {
    const owner = await person();
    const s = socket(owner.c);
    await s.next('hello');
    const code = closed(s.ws);
    expect((await owner.c.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect(await code).toBe(4401);
  });

  it('closes the socket of a device signed out from settings; nobody else can sign it out', async () => {
    const owner = await person();
    const laptop = new Client(t.app);
    expect((await laptop.post('/api/auth/sign-in/username', { username: owner.username, password: 'Str0ng!Passw0rd' })).statusCode).toBe(200);
    const s = socket(laptop);
    await s.next('hello');
    const laptopId = (await laptop.get('/api/auth/get-session')).json().session.id as string;
    const stranger = await person();
    expect((await stranger.c.request('DELETE', `/api/sessions/${laptopId}`)).statusCode).toBe(404);
    expect((await laptop.get('/api/me')).json().user.id).toBe(owner.id);
    const code = closed(s.ws);
    expect((await owner.c.request('DELETE', `/api/sessions/${laptopId}`)).statusCode).toBe(204);
    expect(await code).toBe(4401);
    expect((await laptop.get('/api/me')).json()).toEqual({ user: null });
  });

  it('lets one account hold at most 10 sockets', async () => {
    const owner = await person();
    const open = Array.from({ length: 10 }, () => socket(owner.c));
    for (const s of open) await s.next('hello');
    const extra = socket(owner.c);
    expect(await closed(extra.ws)).toBe(4429);
    open[0]!.ws.close();
    await closed(open[0]!.ws);
    const again = socket(owner.c);
    await again.next('hello');
    for (const s of [...open, again]) s.ws.close();
  });
});

describe('profile editing', () => {
  it('changes display name, bio and links with the rules, and refuses a taken display name', async () => {
    const a = await person();
    const b = await person();
    const res = await a.c.request('PATCH', '/api/profile', { displayName: 'Alpha Creator', bio: 'Hi', links: ['https://x.com/alpha'] });
    expect(res.json()).toEqual({ displayName: 'Alpha Creator', bio: 'Hi', links: ['https://x.com/alpha'], allowClips: true });
    expect((await b.c.request('PATCH', '/api/profile', { displayName: 'alpha creator' })).json().message).toBe('Display name is already taken');
    expect((await b.c.request('PATCH', '/api/profile', { displayName: 'x'.repeat(50) })).json().message).toBe('Display name must be less than 50 characters');
    expect((await b.c.request('PATCH', '/api/profile', { links: ['javascript:alert(1)'] })).statusCode).toBe(400);
    expect((await a.c.get(`/api/profiles/${a.username}`)).json()).toMatchObject({ displayName: 'Alpha Creator', bio: 'Hi', links: ['https://x.com/alpha'] });
  });

  it('takes an avatar image, re-encoded square without metadata, and refuses other files', async () => {
    const a = await person();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-img-test-'));
    const png = path.join(dir, 'a.png');
    execFileSync('ffmpeg', ['-y', '-f', 'lavfi', '-i', 'testsrc2=size=800x600', '-frames:v', '1', '-metadata', 'comment=secret-location', png], {
      stdio: 'ignore',
    });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: fs.readFileSync(png),
      headers: { 'content-type': 'image/png', cookie: [...a.c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(up.statusCode).toBe(200);
    const url = up.json().url as string;
    expect((await a.c.get('/api/me')).json().profile.avatarUrl).toBe(url);
    const stored = path.join(t.app.storage.root!, url.slice('/media/'.length));
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', stored]).toString());
    expect([probe.streams[0].width, probe.streams[0].height]).toEqual([512, 512]);
    expect(JSON.stringify(probe.format.tags ?? {})).not.toContain('secret-location');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: Buffer.from('not an image at all'),
      headers: { 'content-type': 'image/png', cookie: [...a.c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe('This file is not an image. Upload a JPEG, PNG, WebP or GIF.');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a picture whose header passes the probe but whose pixels do not decode (found by the API fuzz test)', async () => {
    const a = await person();
    const cookie = [...a.c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const pngWithBrokenData = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAMAASsJTYQAAAAASUVORK5CYII=', 'base64');
    const gifOfImpossibleSize = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x75, 0x33, 0xfc, 0x85, 0xfe, 0x7d, 0xd7, 0x89, 0x85])]);
    for (const [url, payload, type] of [
      ['/api/profile/banner', pngWithBrokenData, 'image/png'],
      ['/api/profile/avatar', gifOfImpossibleSize, 'image/gif'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type, cookie } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 'not_an_image', message: 'This file is not an image. Upload a JPEG, PNG, WebP or GIF.' });
    }
    expect((await a.c.get('/api/me')).json().profile.avatarUrl).toBeNull();
  });
});
