import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamDetail } from '../../shared/content.js';
import type { AppNotification } from '../../shared/realtime.js';
import { livestreams } from '../db/schema/index.js';
import { Client, createTestApp, verifiedClient, type TestApp } from '../test-support/app.js';
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
