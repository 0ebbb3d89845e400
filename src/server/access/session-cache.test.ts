import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeFeed } from '../../shared/home/home-feed.js';
import { videos } from '../features/videos/schema.js';
import { Client, createTestApp, readyVideoRow, type TestApp } from '../test-support/app.js';
import { giveRole, person, unverifiedPerson, type Person } from '../test-support/role-clients.js';

// The session cache and the read cache on, with a long life: what these tests see change comes
// from a write or an account change dropping them, not from age.
let t: TestApp;
let moderator: Person;
beforeAll(async () => {
  t = await createTestApp({ READ_CACHE_SECONDS: '60' });
  moderator = await giveRole(t.app, await person(t.app, 'mod'), 'moderator');
}, 120_000);
afterAll(() => t.close());

/** A request with exactly this cookie (a browser that kept it after the account moved on). */
const withCookie = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
const meOf = async (cookie: string) => (await withCookie(cookie, '/api/me')).json().user as { id: string; emailVerified: boolean } | null;
/** The session behind `cookie` counts for nothing any more. */
async function expectRefused(cookie: string) {
  expect(await meOf(cookie)).toBeNull();
  expect((await withCookie(cookie, '/api/notifications')).statusCode).toBe(401);
}

const readyVideo = (ownerId: string, title: string) => readyVideoRow(t.app, ownerId, title);

describe('who a cookie stands for, kept a few seconds', () => {
  it('answers each cookie with its own account, asked in turn', async () => {
    const a = await person(t.app, 'alice');
    const b = await person(t.app, 'bob');
    for (let i = 0; i < 3; i++) {
      expect((await meOf(a.c.cookie))?.id).toBe(a.id);
      expect((await meOf(b.c.cookie))?.id).toBe(b.id);
      expect((await t.app.inject('/api/me')).json().user).toBeNull();
    }
  });

  it('a signed-out session is refused at once, though it was just read', async () => {
    const p = await person(t.app, 'leaver');
    const cookie = p.c.cookie;
    expect((await meOf(cookie))?.id).toBe(p.id);
    expect((await withCookie(cookie, '/api/notifications')).statusCode).toBe(200);
    expect((await p.c.post('/api/auth/sign-out')).statusCode).toBe(200);
    await expectRefused(cookie);
  });

  it("a ban ends the account's sessions at once, though they were just read", async () => {
    const p = await person(t.app, 'scammer');
    const cookie = p.c.cookie;
    expect((await withCookie(cookie, '/api/notifications')).statusCode).toBe(200);
    const ban = await moderator.c.post(`/api/admin/moderation/items/user/${p.id}/decision`, { action: 'ban', reason: 'scam' });
    expect(ban.statusCode).toBe(200);
    await expectRefused(cookie);
  });

  it('an email confirmed through its link (a GET) counts at once', async () => {
    const p = await unverifiedPerson(t.app, 'newbie');
    const cookie = p.c.cookie;
    expect((await withCookie(cookie, '/api/videos/mine')).statusCode).toBe(403);
    const mail = (await t.app.mailer.list()).find((m) => m.to === `${p.username.toLowerCase()}@example.com`)!;
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    await t.app.inject({ url: link.pathname + link.search, headers: { cookie } });
    expect((await meOf(cookie))?.emailVerified).toBe(true);
    expect((await withCookie(cookie, '/api/videos/mine')).statusCode).toBe(200);
  });
});

describe('signed-in reads built on the shared answers', () => {
  let owner: Person;
  let fan: Person;
  let other: Person;
  const guest = () => new Client(t.app);
  beforeAll(async () => {
    owner = await person(t.app, 'owner');
    fan = await person(t.app, 'fan');
    other = await person(t.app, 'other');
  });

  it("a watch page carries each viewer's own like, place and ownership, whoever asked first", async () => {
    const id = await readyVideo(owner.id, 'Personal fields');
    expect((await fan.c.request('PUT', `/api/videos/${id}/like`, {})).statusCode).toBe(200);
    expect((await fan.c.request('PUT', `/api/videos/${id}/progress`, { positionSeconds: 42 })).statusCode).toBe(204);
    for (let i = 0; i < 2; i++) {
      expect((await fan.c.get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: true, resumeAt: 42, isOwner: false, likes: 1 });
      expect((await other.c.get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: false, resumeAt: null, isOwner: false, likes: 1 });
      expect((await owner.c.get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: false, resumeAt: null, isOwner: true });
      expect((await guest().get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: false, resumeAt: null, isOwner: false, likes: 1 });
    }
    // Signed-in answers are the guests' with the personal fields: nothing else differs.
    const { likedByMe: _l, resumeAt: _r, isOwner: _o, ...shared } = (await fan.c.get(`/api/videos/${id}`)).json();
    expect((await guest().get(`/api/videos/${id}`)).json()).toMatchObject(shared);
    // A new place is no public write, but the viewer's next read has it.
    expect((await fan.c.request('PUT', `/api/videos/${id}/progress`, { positionSeconds: 50 })).statusCode).toBe(204);
    expect((await fan.c.get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: true, resumeAt: 50 });
    // An unlike is a write: the next read says so.
    expect((await fan.c.request('DELETE', `/api/videos/${id}/like`)).statusCode).toBe(200);
    expect((await fan.c.get(`/api/videos/${id}`)).json()).toMatchObject({ likedByMe: false, likes: 0 });
  });

  it("the owner still sees their video that others may not (processing), and nobody else's answer is theirs", async () => {
    const id = await readyVideo(owner.id, 'Not yet');
    await t.app.db.update(videos).set({ status: 'processing' }).where(eq(videos.id, id));
    expect((await owner.c.get(`/api/videos/${id}`)).json()).toMatchObject({ isOwner: true, status: 'processing' });
    expect((await fan.c.get(`/api/videos/${id}`)).statusCode).toBe(404);
    expect((await guest().get(`/api/videos/${id}`)).statusCode).toBe(404);
  });

  it('comments mark the viewer’s own, and only theirs', async () => {
    const id = await readyVideo(owner.id, 'Comments');
    expect((await fan.c.post(`/api/videos/${id}/comments`, { body: 'by fan' })).statusCode).toBe(201);
    expect((await other.c.post(`/api/videos/${id}/comments`, { body: 'by other' })).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) {
      const mine = async (c: Client) =>
        Object.fromEntries(((await c.get(`/api/videos/${id}/comments`)).json() as { body: string; isMine: boolean }[]).map((x) => [x.body, x.isMine]));
      expect(await mine(fan.c)).toEqual({ 'by fan': true, 'by other': false });
      expect(await mine(other.c)).toEqual({ 'by fan': false, 'by other': true });
      expect(await mine(guest())).toEqual({ 'by fan': false, 'by other': false });
    }
  });

  it("home's Following row is the follower's alone, and follows and unfollows show at once", async () => {
    await readyVideo(owner.id, 'From a followed creator');
    const following = async (c: Client) => ((await c.get('/api/home')).json() as HomeFeed).following.map((v) => v.title);
    expect(await following(fan.c)).not.toContain('From a followed creator');
    expect((await fan.c.request('PUT', `/api/profiles/${owner.username}/follow`, {})).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect(await following(fan.c)).toContain('From a followed creator');
      expect(await following(other.c)).toEqual([]);
      expect(await following(guest())).toEqual([]);
    }
    expect((await fan.c.request('DELETE', `/api/profiles/${owner.username}/follow`)).statusCode).toBe(200);
    expect(await following(fan.c)).not.toContain('From a followed creator');
  });

  it("notifications are each account's own, and a new one, one read or deleted shows at once", async () => {
    type List = { notifications: { id: string; type: string; isRead: boolean; actor: { id: string } | null }[]; unread: number };
    const list = async (c: Client) => (await c.get('/api/notifications')).json() as List;
    const before = await list(fan.c);
    expect((await other.c.request('PUT', `/api/profiles/${fan.username}/follow`, {})).statusCode).toBe(200);
    const after = await list(fan.c);
    expect(after.unread).toBe(before.unread + 1);
    const n = after.notifications[0]!;
    expect(n).toMatchObject({ type: 'follow', isRead: false, actor: { id: other.id } });
    expect((await list(other.c)).notifications.map((x) => x.id)).not.toContain(n.id);

    expect((await fan.c.post(`/api/notifications/${n.id}/read`)).statusCode).toBe(204);
    expect((await list(fan.c)).notifications[0]).toMatchObject({ id: n.id, isRead: true });
    expect((await list(fan.c)).unread).toBe(before.unread);
    expect((await fan.c.request('DELETE', `/api/notifications/${n.id}`)).statusCode).toBe(204);
    expect((await list(fan.c)).notifications.map((x) => x.id)).not.toContain(n.id);
  });

  it('search answers the signed-in what it answers guests, and a write shows at once', async () => {
    const id = await readyVideo(owner.id, 'Plain title');
    const found = async (c: Client) => ((await c.get('/api/search?q=zebra')).json() as { videos: { id: string }[] }).videos.map((v) => v.id);
    expect(await found(fan.c)).not.toContain(id);
    expect(await found(guest())).not.toContain(id);
    expect((await owner.c.request('PATCH', `/api/videos/${id}`, { title: 'Zebra crossing' })).statusCode).toBe(200);
    expect(await found(fan.c)).toContain(id);
    expect((await fan.c.get('/api/search?q=zebra')).body).toBe((await guest().get('/api/search?q=zebra')).body);
  });
});
