import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamDetail } from '../../../shared/live/streams.js';
import type { AppNotification } from '../../../shared/realtime/realtime.js';
import { livestreams } from '../../platform/db/schema/index.js';
import { Client, createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';
import { notifyLive } from './notify.js';

let t: TestApp;
let n = 0;
const names = new WeakMap<Client, string>();
const account = async (prefix: string) => {
  const username = `${prefix}_${++n}`;
  const c = await verifiedClient(t.app, username);
  names.set(c, username);
  return c;
};
const usernameOf = (c: Client) => names.get(c)!;
const bell = async (c: Client) => (await c.get('/api/notifications')).json().notifications as AppNotification[];
const goLive = async (id: string) => {
  await t.app.db.update(livestreams).set({ status: 'live' }).where(eq(livestreams.id, id));
  return notifyLive(t.app.db, t.app.realtime, t.app.push, t.app.log, id);
};

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('followers and "Notify me" hear when a stream goes live', () => {
  it('tells each follower and each reminded viewer once, never the creator, and opens the stream', async () => {
    const creator = await account('star');
    const follower = await account('fan');
    const curious = await account('curious');
    const bystander = await account('bystander');
    const name = usernameOf(creator);
    expect((await follower.request('PUT', `/api/profiles/${name}/follow`, {})).statusCode).toBeLessThan(300);
    const stream = (await creator.post('/api/streams', { title: 'Launch day', category: 'Trading' })).json() as StreamDetail;
    expect((await curious.request('PUT', `/api/streams/${stream.id}/reminder`, {})).json()).toEqual({ reminded: true });
    expect((await curious.get(`/api/streams/${stream.id}/reminder`)).json()).toEqual({ reminded: true });

    expect(await goLive(stream.id)).toBe(2);
    for (const who of [follower, curious]) {
      const [live] = (await bell(who)).filter((x) => x.contentId === stream.id);
      expect(live).toMatchObject({ title: 'Live now', contentType: 'livestream', isRead: false, actor: { username: name } });
      expect(live!.message).toContain('“Launch day”');
    }
    expect((await bell(bystander)).some((x) => x.contentId === stream.id)).toBe(false);
    expect((await bell(creator)).some((x) => x.contentId === stream.id)).toBe(false);
    // The reminder was used up; a reconnect (or a retried job) tells nobody twice.
    expect((await curious.get(`/api/streams/${stream.id}/reminder`)).json()).toEqual({ reminded: false });
    expect(await goLive(stream.id)).toBe(0);
    expect((await bell(follower)).filter((x) => x.contentId === stream.id)).toHaveLength(1);
  });

  it('tells nobody about a stream that is not live', async () => {
    const creator = await account('quiet');
    const follower = await account('waiting');
    await follower.request('PUT', `/api/profiles/${usernameOf(creator)}/follow`, {});
    const stream = (await creator.post('/api/streams', { title: 'Later', category: 'Trading' })).json() as StreamDetail;
    expect(await notifyLive(t.app.db, t.app.realtime, t.app.push, t.app.log, stream.id)).toBe(0);
    expect(await bell(follower)).toEqual([]);
  });
});

describe('"Notify me" rules', () => {
  it('needs a signed-in user, an existing upcoming stream, and not its creator', async () => {
    const creator = await account('host');
    const viewer = await account('viewer');
    const stream = (await creator.post('/api/streams', { title: 'Soon', category: 'Trading' })).json() as StreamDetail;
    const guest = new Client(t.app);
    expect((await guest.request('PUT', `/api/streams/${stream.id}/reminder`, {})).statusCode).toBe(401);
    expect((await guest.get(`/api/streams/${stream.id}/reminder`)).statusCode).toBe(401);
    expect((await viewer.request('PUT', '/api/streams/00000000-0000-4000-8000-000000000000/reminder', {})).statusCode).toBe(404);
    expect((await viewer.request('PUT', '/api/streams/not-a-uuid/reminder', {})).statusCode).toBe(400);
    const own = await creator.request('PUT', `/api/streams/${stream.id}/reminder`, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You go live on this stream yourself');

    expect((await viewer.request('PUT', `/api/streams/${stream.id}/reminder`, {})).json()).toEqual({ reminded: true });
    expect((await viewer.request('DELETE', `/api/streams/${stream.id}/reminder`)).json()).toEqual({ reminded: false });
    expect((await viewer.get(`/api/streams/${stream.id}/reminder`)).json()).toEqual({ reminded: false });

    await t.app.db.update(livestreams).set({ status: 'ended' }).where(eq(livestreams.id, stream.id));
    const late = await viewer.request('PUT', `/api/streams/${stream.id}/reminder`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This stream is not upcoming any more');
  });
});

describe('a stream’s own thumbnail', () => {
  it('is taken from its creator only, fitted to 16:9, and replaces the one before', async () => {
    const creator = await account('painter');
    const other = await account('vandal');
    const stream = (await creator.post('/api/streams', { title: 'Art stream', category: 'Trading' })).json() as StreamDetail;
    const png = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'glint-thumb-')), 'thumb.png');
    execFileSync('ffmpeg', ['-y', '-f', 'lavfi', '-i', 'testsrc2=size=600x600', '-frames:v', '1', png], { stdio: 'ignore' });
    const send = (c: Client, body: Buffer, id = stream.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/streams/${id}/thumbnail`,
        payload: body,
        headers: { 'content-type': 'image/png', cookie: c.cookie, origin: t.app.config.publicUrl },
      });
    expect((await send(other, fs.readFileSync(png))).statusCode).toBe(404);
    expect((await send(creator, fs.readFileSync(png), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await send(creator, Buffer.from('not a picture'))).statusCode).toBe(415);
    const first = await send(creator, fs.readFileSync(png));
    expect(first.statusCode).toBe(200);
    const stored = (url: string) => path.join(t.app.storage.root!, t.app.storage.keyOf(url)!);
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', stored(first.json().url)]).toString());
    expect([probe.streams[0].width, probe.streams[0].height]).toEqual([1280, 720]);
    const second = await send(creator, fs.readFileSync(png));
    expect((await creator.get(`/api/streams/${stream.id}`)).json().thumbnailUrl).toBe(second.json().url);
    expect(fs.existsSync(stored(first.json().url))).toBe(false);
  });
});
