import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { StreamDetail } from '../../../shared/live/streams.js';
import {
  ACCOUNT_BANNED,
  REPORT_DUPLICATE,
  REPORT_OWN,
  REPORT_RECEIVED,
  REPORT_TOO_MANY,
  REPORTS_ALREADY_HANDLED,
  REPORTS_PER_HOUR,
  STAFF_NOT_SANCTIONED,
  type ModerationOverview,
  type ReportCase,
  type ReportQueueEntry,
  type ReportTarget,
} from '../../../shared/moderation/moderation.js';
import type { AppNotification, RealtimeMessage } from '../../../shared/realtime/realtime.js';
import { listAudit } from '../audit/service.js';
import { chatBans, chatMessages, livestreams, reports, sanctions, userRoles, videos } from '../../platform/db/schema/index.js';
import { CLOSE_SIGNED_OUT } from '../../platform/realtime/hub.js';
import { Client, createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';
import { TestWallet } from '../../test-support/wallet.js';

let t: TestApp;
let host: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => t.close());

const PASSWORD = 'Str0ng!Passw0rd';
let n = 0;
interface Person {
  c: Client;
  id: string;
  username: string;
  email: string;
}
async function person(role?: 'moderator' | 'admin'): Promise<Person> {
  const username = `mod_${++n}`;
  const c = await verifiedClient(t.app, username, PASSWORD);
  const me = (await c.get('/api/me')).json();
  if (role) await t.database.db.insert(userRoles).values({ userId: me.user.id, role });
  return { c, id: me.user.id, username: me.profile.username, email: `${username}@example.com` };
}

/** A ready, public video (or short) of `ownerId`, straight in the database. */
async function readyVideo(ownerId: string, title = `Clip number ${++n}`, kind: 'long' | 'short' = 'long') {
  const [v] = await t.database.db
    .insert(videos)
    .values({ ownerId, kind, title, slug: 'clip', category: 'other', status: 'ready', publishedAt: new Date(), hlsKey: `videos/x/master.m3u8` })
    .returning();
  return v!;
}

async function liveStream(owner: Person) {
  const stream = (await owner.c.post('/api/streams', { title: `Live ${++n}`, category: 'Trading' })).json() as StreamDetail;
  await t.database.db.update(livestreams).set({ status: 'live', startedAt: new Date() }).where(eq(livestreams.id, stream.id));
  return stream;
}

/** Moves a user's chat messages back in time, as if they had waited out the chat's rate. */
const ageChat = (userId: string) =>
  t.database.db
    .update(chatMessages)
    .set({ createdAt: new Date(Date.now() - 60_000) })
    .where(eq(chatMessages.userId, userId));

const report = (c: Client, targetType: ReportTarget, targetId: string, reason = 'spam', details = '') =>
  c.post('/api/reports', { targetType, targetId, reason, details });
const decideOn = (c: Client, targetType: ReportTarget, targetId: string, body: Record<string, unknown>) =>
  c.post(`/api/admin/reports/${targetType}/${targetId}/decision`, body);
const act = (c: Client, targetType: ReportTarget, targetId: string, body: Record<string, unknown>) =>
  c.post(`/api/admin/moderation/items/${targetType}/${targetId}/decision`, body);
const notificationsOf = async (c: Client) => ((await c.get('/api/notifications')).json() as { notifications: AppNotification[] }).notifications;
const guest = () => new Client(t.app);

async function listedEverywhere(videoId: string, title: string, ownerUsername: string) {
  const list = (await guest().get('/api/videos?kind=long&limit=48')).json() as { id: string }[];
  const search = (await guest().get(`/api/search?q=${encodeURIComponent(title)}`)).json() as { videos: { id: string }[] };
  const profile = await guest().get(`/api/profiles/${ownerUsername}`);
  const onProfile = profile.statusCode === 200 && (profile.json() as { videos: { id: string }[] }).videos.some((v) => v.id === videoId);
  return { list: list.some((v) => v.id === videoId), search: search.videos.some((v) => v.id === videoId), profile: onProfile };
}

describe('reporting', () => {
  it('takes a report of every kind of item and says it was received; guests are asked to sign in', async () => {
    const owner = await person();
    const reporter = await person();
    const video = await readyVideo(owner.id);
    const short = await readyVideo(owner.id, 'A short one', 'short');
    const stream = await liveStream(owner);
    const comment = (await owner.c.post(`/api/videos/${video.id}/comments`, { body: 'buy my coin' })).json() as { id: string };
    const message = (await owner.c.post(`/api/streams/${stream.id}/chat`, { body: 'spam spam' })).json() as { id: string };
    for (const [type, id] of [
      ['video', video.id],
      ['video', short.id],
      ['stream', stream.id],
      ['comment', comment.id],
      ['chat_message', message.id],
      ['user', owner.id],
    ] as const) {
      const res = await report(reporter.c, type, id, 'scam', 'They ask for my seed phrase');
      expect(res.statusCode, `${type} ${id}`).toBe(201);
      expect(res.json().message).toBe(REPORT_RECEIVED);
    }
    const g = await report(guest(), 'video', video.id);
    expect(g.statusCode).toBe(401);
    const stored = await t.database.db.select().from(reports).where(eq(reports.reporterId, reporter.id));
    expect(stored).toHaveLength(6);
    expect(stored.every((r) => r.ownerId === owner.id && r.status === 'open' && r.details === 'They ask for my seed phrase')).toBe(true);
  });

  it('refuses your own content, items that do not exist, and "other" without details', async () => {
    const owner = await person();
    const video = await readyVideo(owner.id);
    const own = await report(owner.c, 'video', video.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(REPORT_OWN);
    expect((await report(owner.c, 'video', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await report(owner.c, 'comment', 'not-a-uuid')).statusCode).toBe(404);
    const other = await person();
    const vague = await report(other.c, 'video', video.id, 'other', '   ');
    expect(vague.statusCode).toBe(400);
    expect(vague.json().fields.details).toBe('Tell us what is wrong');
    expect((await report(other.c, 'video', video.id, 'nonsense')).statusCode).toBe(400);
  });

  it('keeps one open report per person and item, in the database itself', async () => {
    const owner = await person();
    const reporter = await person();
    const video = await readyVideo(owner.id);
    expect((await report(reporter.c, 'video', video.id)).statusCode).toBe(201);
    const again = await report(reporter.c, 'video', video.id, 'harassment');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPORT_DUPLICATE);
    // Sent at once, only one lands.
    const other = await person();
    const both = await Promise.all([report(other.c, 'video', video.id), report(other.c, 'video', video.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Written past the service, the unique index refuses it all the same.
    await expect(
      t.database.db.insert(reports).values({ reporterId: reporter.id, targetType: 'video', targetId: video.id, ownerId: owner.id, reason: 'spam' }),
    ).rejects.toThrow();
    // Once decided, the same person may report it again.
    const mod = await person('moderator');
    expect((await decideOn(mod.c, 'video', video.id, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await report(reporter.c, 'video', video.id)).statusCode).toBe(201);
  });

  it(`takes ${REPORTS_PER_HOUR} reports an hour from one person, then refuses`, async () => {
    const reporter = await person();
    const owner = await person();
    const items = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => readyVideo(owner.id)));
    for (const v of items.slice(0, REPORTS_PER_HOUR)) expect((await report(reporter.c, 'video', v.id)).statusCode).toBe(201);
    const over = await report(reporter.c, 'video', items[REPORTS_PER_HOUR]!.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(REPORT_TOO_MANY);
    // An hour later they may report again.
    await t.database.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 3601_000) })
      .where(eq(reports.reporterId, reporter.id));
    expect((await report(reporter.c, 'video', items[REPORTS_PER_HOUR]!.id)).statusCode).toBe(201);
  });
});

describe('who may use the moderation endpoints', () => {
  type Role = 'guest' | 'user' | 'owner' | 'moderator' | 'admin';
  interface Setup {
    owner: Person;
    request: { method: 'GET' | 'POST'; url: string; body?: unknown };
  }
  /** Each endpoint with a fresh case per caller (decisions change what they act on). */
  const endpoints: { name: string; allowed: number; setup: () => Promise<Setup> }[] = [
    {
      name: 'GET /api/admin/reports',
      allowed: 200,
      setup: async () => ({ owner: await person(), request: { method: 'GET', url: '/api/admin/reports?sort=most_reported' } }),
    },
    {
      name: 'GET /api/admin/reports/:type/:id',
      allowed: 200,
      setup: async () => {
        const { owner, video } = await reported();
        return { owner, request: { method: 'GET', url: `/api/admin/reports/video/${video.id}` } };
      },
    },
    {
      name: 'POST /api/admin/reports/:type/:id/decision',
      allowed: 200,
      setup: async () => {
        const { owner, video } = await reported();
        return { owner, request: { method: 'POST', url: `/api/admin/reports/video/${video.id}/decision`, body: { action: 'dismiss' } } };
      },
    },
    {
      name: 'GET /api/admin/moderation',
      allowed: 200,
      setup: async () => ({ owner: await person(), request: { method: 'GET', url: '/api/admin/moderation' } }),
    },
    {
      name: 'GET /api/admin/moderation/search',
      allowed: 200,
      setup: async () => ({ owner: await person(), request: { method: 'GET', url: '/api/admin/moderation/search?q=clip' } }),
    },
    {
      name: 'POST /api/admin/moderation/items/:type/:id/decision',
      allowed: 200,
      setup: async () => {
        const owner = await person();
        const video = await readyVideo(owner.id);
        return {
          owner,
          request: { method: 'POST', url: `/api/admin/moderation/items/video/${video.id}/decision`, body: { action: 'remove', reason: 'spam' } },
        };
      },
    },
    {
      name: 'POST /api/admin/moderation/items/:type/:id/restore',
      allowed: 200,
      setup: async () => {
        const owner = await person();
        const video = await readyVideo(owner.id);
        await t.database.db.update(videos).set({ takenDownAt: new Date() }).where(eq(videos.id, video.id));
        return { owner, request: { method: 'POST', url: `/api/admin/moderation/items/video/${video.id}/restore`, body: {} } };
      },
    },
    {
      name: 'POST /api/admin/moderation/users/:id/lift',
      allowed: 204,
      setup: async () => {
        const owner = await person();
        await t.database.db.insert(sanctions).values({ userId: owner.id, kind: 'suspension', until: new Date(Date.now() + 3600_000) });
        return { owner, request: { method: 'POST', url: `/api/admin/moderation/users/${owner.id}/lift`, body: { note: 'appeal accepted' } } };
      },
    },
    {
      name: 'POST /api/admin/moderation/chat-restrictions/:channel/:user/lift',
      allowed: 204,
      setup: async () => {
        // The channel's creator may lift it in their own chat, but not from the moderators' screen.
        const owner = await person();
        const chatter = await person();
        await t.database.db.insert(chatBans).values({ channelId: owner.id, userId: chatter.id, until: null, byId: owner.id });
        return { owner, request: { method: 'POST', url: `/api/admin/moderation/chat-restrictions/${owner.id}/${chatter.id}/lift`, body: {} } };
      },
    },
  ];

  async function reported() {
    const owner = await person();
    const video = await readyVideo(owner.id);
    const reporter = await person();
    expect((await report(reporter.c, 'video', video.id)).statusCode).toBe(201);
    return { owner, video };
  }

  let moderator: Person;
  let admin: Person;
  let user: Person;
  beforeAll(async () => {
    [moderator, admin, user] = [await person('moderator'), await person('admin'), await person()];
  });

  for (const e of endpoints) {
    it(`${e.name}: moderators and admins only`, async () => {
      const expected: Record<Role, number> = { guest: 401, user: 403, owner: 403, moderator: e.allowed, admin: e.allowed };
      for (const role of ['guest', 'user', 'owner', 'moderator', 'admin'] as const) {
        const { owner, request } = await e.setup();
        const caller = { guest: guest(), user: user.c, owner: owner.c, moderator: moderator.c, admin: admin.c }[role];
        const res = await caller.request(request.method, request.url, request.body);
        expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBe(expected[role]);
      }
    });
  }

  it('POST /api/reports: anyone signed in but the owner', async () => {
    for (const role of ['guest', 'user', 'owner', 'moderator', 'admin'] as const) {
      const owner = await person();
      const video = await readyVideo(owner.id);
      const caller = { guest: guest(), user: user.c, owner: owner.c, moderator: moderator.c, admin: admin.c }[role];
      const res = await report(caller, 'video', video.id);
      expect(res.statusCode, role).toBe({ guest: 401, user: 201, owner: 400, moderator: 201, admin: 201 }[role]);
    }
  });
});

describe('the reports queue', () => {
  it('groups an item’s reports, lists newest or most reported first, and shows the item in place with its history', async () => {
    const mod = await person('moderator');
    const owner = await person();
    const busy = await readyVideo(owner.id, 'Reported by many');
    const fresh = await readyVideo(owner.id, 'Reported last');
    const reporters = [await person(), await person(), await person()];
    for (const r of reporters) await report(r.c, 'video', busy.id, r === reporters[2] ? 'scam' : 'spam', 'details here');
    await report(reporters[0]!.c, 'video', fresh.id, 'copyright');

    const newest = (await mod.c.get('/api/admin/reports?sort=newest')).json().entries as ReportQueueEntry[];
    const ours = (e: ReportQueueEntry[]) => e.filter((x) => [busy.id, fresh.id].includes(x.item.targetId)).map((x) => x.item.targetId);
    expect(ours(newest)).toEqual([fresh.id, busy.id]);
    const most = (await mod.c.get('/api/admin/reports?sort=most_reported')).json().entries as ReportQueueEntry[];
    expect(ours(most)).toEqual([busy.id, fresh.id]);
    const entry = most.find((x) => x.item.targetId === busy.id)!;
    expect(entry).toMatchObject({
      count: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'scam', count: 1 },
      ],
    });
    expect(entry.item).toMatchObject({ targetType: 'video', kind: 'long', title: 'Reported by many', owner: { username: owner.username }, removedAt: null });
    expect(entry.item.hlsUrl).toContain('master.m3u8');

    // An earlier warning of the owner shows in the item's history.
    const old = await readyVideo(owner.id, 'An older one');
    await report(reporters[1]!.c, 'video', old.id);
    expect((await decideOn(mod.c, 'video', old.id, { action: 'warn', note: 'first warning' })).statusCode).toBe(200);
    const kase = (await mod.c.get(`/api/admin/reports/video/${busy.id}`)).json() as ReportCase;
    expect(kase.open).toHaveLength(3);
    expect(kase.open.map((r) => r.reporter?.username).sort()).toEqual(reporters.map((r) => r.username).sort());
    expect(kase.history.map((h) => [h.action, h.reason, h.actor?.username])).toEqual([['user.warn', 'first warning', mod.username]]);
  });

  it('shows a comment, a chat message and a profile in place', async () => {
    const mod = await person('moderator');
    const owner = await person();
    const reporter = await person();
    const video = await readyVideo(owner.id, 'Where the comment is');
    const comment = (await owner.c.post(`/api/videos/${video.id}/comments`, { body: 'rude words' })).json() as { id: string };
    await report(reporter.c, 'comment', comment.id, 'harassment');
    await report(reporter.c, 'user', owner.id, 'scam', 'impersonates a founder');
    const c = (await mod.c.get(`/api/admin/reports/comment/${comment.id}`)).json() as ReportCase;
    expect(c.item).toMatchObject({ title: 'Comment', text: 'rude words', context: 'Where the comment is' });
    const p = (await mod.c.get(`/api/admin/reports/user/${owner.id}`)).json() as ReportCase;
    expect(p.item).toMatchObject({ targetType: 'user', context: `@${owner.username}`, href: `/profile/${owner.username}` });
    expect(p.open[0]).toMatchObject({ reason: 'scam', details: 'impersonates a founder' });
  });
});

describe('removing content', () => {
  it('hides a removed video from lists, search and the profile, says so on its page, tells the owner and the reporters, and restores it', async () => {
    const mod = await person('moderator');
    const owner = await person();
    const video = await readyVideo(owner.id, 'Totally legit airdrop');
    const [r1, r2] = [await person(), await person()];
    await report(r1.c, 'video', video.id, 'scam');
    await report(r2.c, 'video', video.id, 'spam');
    expect(await listedEverywhere(video.id, 'Totally legit airdrop', owner.username)).toEqual({ list: true, search: true, profile: true });

    const res = await decideOn(mod.c, 'video', video.id, { action: 'remove', note: 'wallet drainer link' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'remove', resolvedReports: 2 });
    expect(res.json().item.removedAt).not.toBeNull();
    expect(await listedEverywhere(video.id, 'Totally legit airdrop', owner.username)).toEqual({ list: false, search: false, profile: false });
    const page = await guest().get(`/api/videos/${video.id}`);
    expect(page.statusCode).toBe(410);
    expect(page.json()).toMatchObject({ code: 'content_removed', message: 'This video was removed for breaking Glint’s rules.' });
    expect((await owner.c.get(`/api/videos/${video.id}`)).statusCode).toBe(410);
    expect((await owner.c.request('PATCH', `/api/videos/${video.id}`, { title: 'Renamed' })).statusCode).toBe(410);

    const [told] = await notificationsOf(owner.c);
    expect(told).toMatchObject({ type: 'comment', actor: null, title: 'Content removed', contentId: video.id, contentType: 'glint_video' });
    // One report each for scam and spam: a tie goes to the reason listed first.
    expect(told!.message).toBe('Your video “Totally legit airdrop” was removed for breaking Glint’s rules (spam).');
    for (const r of [r1, r2]) {
      const [outcome] = await notificationsOf(r.c);
      expect(outcome).toMatchObject({
        title: 'Report reviewed',
        message: 'Thanks for your report: we removed the video “Totally legit airdrop”.',
        actor: null,
      });
    }

    // Written in the same transaction as the removal: who, what, which, why, before and after.
    const [entry] = await listAudit(t.database.db, { targetType: 'video', targetId: video.id });
    expect(entry).toMatchObject({ actorId: mod.id, action: 'content.remove', reason: 'wallet drainer link', before: { removedAt: null } });
    expect(entry!.after).toMatchObject({ rule: 'spam', item: { targetType: 'video', targetId: video.id } });
    expect((entry!.after as { reports: string[] }).reports).toHaveLength(2);
    const closed = await t.database.db.select().from(reports).where(eq(reports.targetId, video.id));
    expect(closed.map((r) => [r.status, r.resolution, r.resolvedById])).toEqual([
      ['actioned', 'remove', mod.id],
      ['actioned', 'remove', mod.id],
    ]);

    // A second moderator deciding on the same reports finds them handled.
    const late = await decideOn(mod.c, 'video', video.id, { action: 'dismiss' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REPORTS_ALREADY_HANDLED);

    const overview = (await mod.c.get('/api/admin/moderation')).json() as ModerationOverview;
    expect(overview.removed.map((i) => i.targetId)).toContain(video.id);
    const restored = await mod.c.post(`/api/admin/moderation/items/video/${video.id}/restore`, { note: 'appeal: it was a real airdrop' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().removedAt).toBeNull();
    expect(await listedEverywhere(video.id, 'Totally legit airdrop', owner.username)).toEqual({ list: true, search: true, profile: true });
    expect((await mod.c.post(`/api/admin/moderation/items/video/${video.id}/restore`, {})).statusCode).toBe(409);
    const [restoreEntry] = await listAudit(t.database.db, { targetType: 'video', targetId: video.id });
    expect(restoreEntry).toMatchObject({ action: 'content.restore', reason: 'appeal: it was a real airdrop', after: { removedAt: null } });
    expect((await notificationsOf(owner.c))[0]).toMatchObject({ title: 'Content restored' });
  });

  it('removes a comment (the count follows) and a chat message, and a stream with its chat closed', async () => {
    const mod = await person('moderator');
    const owner = await person();
    const fan = await person();
    const video = await readyVideo(owner.id);
    const comment = (await fan.c.post(`/api/videos/${video.id}/comments`, { body: 'scam link here' })).json() as { id: string };
    await report(owner.c, 'comment', comment.id, 'scam');
    expect((await decideOn(mod.c, 'comment', comment.id, { action: 'remove' })).statusCode).toBe(200);
    expect((await guest().get(`/api/videos/${video.id}/comments`)).json()).toEqual([]);
    expect((await guest().get(`/api/videos/${video.id}`)).json().comments).toBe(0);
    expect((await fan.c.request('PATCH', `/api/comments/${comment.id}`, { body: 'edited' })).statusCode).toBe(410);

    const stream = await liveStream(owner);
    const said = (await fan.c.post(`/api/streams/${stream.id}/chat`, { body: 'follow me for free SOL' })).json() as { id: string };
    await report(owner.c, 'chat_message', said.id, 'spam');
    expect((await decideOn(mod.c, 'chat_message', said.id, { action: 'remove' })).statusCode).toBe(200);
    expect(((await guest().get(`/api/streams/${stream.id}/chat`)).json() as { messages: unknown[] }).messages).toEqual([]);
    expect((await mod.c.post(`/api/admin/moderation/items/chat_message/${said.id}/restore`, {})).statusCode).toBe(200);
    expect(((await guest().get(`/api/streams/${stream.id}/chat`)).json() as { messages: { id: string }[] }).messages.map((m) => m.id)).toEqual([said.id]);

    await report(fan.c, 'stream', stream.id, 'violence');
    expect((await decideOn(mod.c, 'stream', stream.id, { action: 'remove' })).statusCode).toBe(200);
    expect((await guest().get(`/api/streams/${stream.id}`)).statusCode).toBe(410);
    expect(((await guest().get('/api/streams?status=live')).json() as { id: string }[]).map((s) => s.id)).not.toContain(stream.id);
    await ageChat(fan.id);
    expect((await fan.c.post(`/api/streams/${stream.id}/chat`, { body: 'hello?' })).statusCode).toBe(410);
  });

  it('a profile cannot be removed, only its owner sanctioned', async () => {
    const mod = await person('moderator');
    const owner = await person();
    const res = await act(mod.c, 'user', owner.id, { action: 'remove' });
    expect(res.statusCode).toBe(400);
  });
});

describe('suspensions', () => {
  it('lets a suspended user sign in but not post, comment, chat or stream, until it is lifted or ends', async () => {
    const mod = await person('moderator');
    const owner = await person();
    const video = await readyVideo(owner.id, 'Before the suspension');
    const other = await readyVideo((await person()).id);
    const stream = await liveStream(await person());
    await report(mod.c, 'video', video.id, 'harassment');
    const res = await decideOn(mod.c, 'video', video.id, { action: 'suspend', hours: 24, note: 'repeated harassment' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item.ownerSanction).toMatchObject({ kind: 'suspension' });

    // Signed in still, and signing in again works.
    expect((await owner.c.get('/api/me')).json().user.id).toBe(owner.id);
    expect((await new Client(t.app).post('/api/auth/sign-in/email', { email: owner.email, password: PASSWORD })).statusCode).toBe(200);
    const refusals = [
      await owner.c.post('/api/videos', { kind: 'long', title: 'New upload', category: 'other' }),
      await owner.c.post('/api/streams', { title: 'Going live', category: 'Trading' }),
      await owner.c.post(`/api/videos/${other.id}/comments`, { body: 'hi' }),
      await owner.c.post(`/api/streams/${stream.id}/chat`, { body: 'hi' }),
      await owner.c.request('PATCH', `/api/videos/${video.id}`, { title: 'Edited while suspended' }),
    ];
    for (const r of refusals) {
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('account_suspended');
      expect(r.json().message).toMatch(
        /^Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC: you cannot post, comment, chat or stream until then\.$/,
      );
    }
    // RTMP and browser publishing go through the same publish step, which refuses.
    expect(await t.app.live.publish(owner.id, 'flv')).toBeUndefined();
    // Their published video stays up: a suspension stops new posts, it hides nothing.
    expect((await guest().get(`/api/videos/${video.id}`)).statusCode).toBe(200);
    expect((await notificationsOf(owner.c))[0]).toMatchObject({ title: 'Account suspended', actor: null });
    const [entry] = await listAudit(t.database.db, { targetType: 'user', targetId: owner.id });
    expect(entry).toMatchObject({ action: 'user.suspend', reason: 'repeated harassment', actorId: mod.id, before: { sanction: null } });
    expect(entry!.after).toMatchObject({ sanction: { kind: 'suspension' } });

    // Its end passes: posting works again by itself.
    await t.database.db
      .update(sanctions)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(sanctions.userId, owner.id));
    expect((await owner.c.post(`/api/videos/${other.id}/comments`, { body: 'back' })).statusCode).toBe(201);

    // Suspended again, then lifted by a moderator.
    await t.database.db
      .update(sanctions)
      .set({ until: new Date(Date.now() + 3600_000) })
      .where(eq(sanctions.userId, owner.id));
    expect((await owner.c.post(`/api/videos/${other.id}/comments`, { body: 'blocked' })).statusCode).toBe(403);
    const overview = (await mod.c.get('/api/admin/moderation')).json() as ModerationOverview;
    expect(overview.sanctions.find((s) => s.user.id === owner.id)).toMatchObject({ kind: 'suspension', by: { username: mod.username } });
    expect((await mod.c.post(`/api/admin/moderation/users/${owner.id}/lift`, { note: 'appeal' })).statusCode).toBe(204);
    expect((await mod.c.post(`/api/admin/moderation/users/${owner.id}/lift`, {})).statusCode).toBe(404);
    expect((await owner.c.post(`/api/videos/${other.id}/comments`, { body: 'free again' })).statusCode).toBe(201);
    expect((await listAudit(t.database.db, { targetType: 'user', targetId: owner.id }))[0]).toMatchObject({ action: 'user.unsuspend', reason: 'appeal' });
    expect((await notificationsOf(owner.c))[0]).toMatchObject({ title: 'Suspension lifted' });
  });

  it('refuses a browser publisher who is suspended, with the reason', async () => {
    const owner = await person();
    const stream = (await owner.c.post('/api/streams', { title: 'Soon', category: 'Trading' })).json() as StreamDetail;
    await t.database.db.insert(sanctions).values({ userId: owner.id, kind: 'suspension', until: new Date(Date.now() + 3600_000) });
    const ws = new WebSocket(`ws://${host}/api/live/ingest?streamId=${stream.id}&mime=video/webm`, {
      headers: { cookie: owner.c.cookie, origin: t.app.config.publicUrl },
    });
    ws.on('error', () => {});
    const [code, reason] = await new Promise<[number, string]>((r) => ws.on('close', (c, why) => r([c, String(why)])));
    expect(code).toBe(4423);
    expect(reason).toMatch(/^Your account is suspended until/);
  });
});

describe('bans', () => {
  it('ends the sessions and the open socket at once, refuses every sign-in with a clear message, hides the content, and lifts', async () => {
    const mod = await person('moderator');
    const owner = await person();
    const wallet = new TestWallet(t.app);
    expect((await owner.c.post('/api/auth/verify-wallet', await wallet.linkProof(owner.c))).statusCode).toBe(200);
    const video = await readyVideo(owner.id, 'Soon to be banned');
    const elsewhere = new Client(t.app);
    expect((await elsewhere.post('/api/auth/sign-in/email', { email: owner.email, password: PASSWORD })).statusCode).toBe(200);

    const ws = new WebSocket(`ws://${host}/api/realtime`, { headers: { cookie: owner.c.cookie } });
    const messages: RealtimeMessage[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    ws.on('error', () => {});
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    await expect.poll(() => messages.some((m) => m.event === 'hello')).toBe(true);

    await report(mod.c, 'user', owner.id, 'scam', 'phishing');
    const res = await decideOn(mod.c, 'user', owner.id, { action: 'ban', note: 'phishing ring' });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe(CLOSE_SIGNED_OUT);
    expect((await owner.c.get('/api/me')).json().user).toBeNull();
    expect((await elsewhere.get('/api/me')).json().user).toBeNull();

    for (const attempt of [
      () => new Client(t.app).post('/api/auth/sign-in/email', { email: owner.email, password: PASSWORD }),
      () => new Client(t.app).post('/api/auth/sign-in/username', { username: owner.username, password: PASSWORD }),
      async () => new Client(t.app).post('/api/auth/login-with-wallet', await wallet.loginProof()),
    ]) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'account_banned', message: ACCOUNT_BANNED });
      expect(refused.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
    }

    expect(await listedEverywhere(video.id, 'Soon to be banned', owner.username)).toEqual({ list: false, search: false, profile: false });
    expect((await guest().get(`/api/videos/${video.id}`)).statusCode).toBe(404);
    const profile = await guest().get(`/api/profiles/${owner.username}`);
    expect(profile.statusCode).toBe(410);
    expect(profile.json().message).toBe(ACCOUNT_BANNED);
    expect(((await guest().get(`/api/search?q=${owner.username}`)).json() as { users: { id: string }[] }).users.map((u) => u.id)).not.toContain(owner.id);

    const [entry] = await listAudit(t.database.db, { targetType: 'user', targetId: owner.id });
    expect(entry).toMatchObject({ action: 'user.ban', reason: 'phishing ring', actorId: mod.id });
    expect(entry!.after).toMatchObject({ sanction: { kind: 'ban', until: null }, sessionsEnded: 2 });
    const reporterTold = (await notificationsOf(mod.c)).find((x) => x.title === 'Report reviewed');
    expect(reporterTold?.message).toBe(`Thanks for your report about the profile @${owner.username}: we took action against the account.`);

    // Moderators still find them, and lift the ban.
    const found = (await mod.c.get(`/api/admin/moderation/search?q=${owner.username}`)).json().items as { targetId: string; ownerSanction: unknown }[];
    expect(found.find((i) => i.targetId === owner.id)?.ownerSanction).toEqual({ kind: 'ban', until: null });
    expect((await mod.c.post(`/api/admin/moderation/users/${owner.id}/lift`, { note: 'mistaken identity' })).statusCode).toBe(204);
    expect((await new Client(t.app).post('/api/auth/sign-in/email', { email: owner.email, password: PASSWORD })).statusCode).toBe(200);
    expect(await listedEverywhere(video.id, 'Soon to be banned', owner.username)).toEqual({ list: true, search: true, profile: true });
    expect((await listAudit(t.database.db, { targetType: 'user', targetId: owner.id }))[0]).toMatchObject({ action: 'user.unban' });
  });

  it('never sanctions staff or yourself, and a refused decision leaves the reports open (one transaction)', async () => {
    const mod = await person('moderator');
    const otherMod = await person('moderator');
    const admin = await person('admin');
    const reporter = await person();
    await report(reporter.c, 'user', otherMod.id, 'harassment');
    for (const action of ['warn', 'suspend', 'ban'] as const) {
      const res = await decideOn(admin.c, 'user', otherMod.id, { action, hours: 24 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(STAFF_NOT_SANCTIONED);
    }
    expect(
      (
        await t.database.db
          .select()
          .from(reports)
          .where(and(eq(reports.targetId, otherMod.id), eq(reports.status, 'open')))
      ).length,
    ).toBe(1);
    expect(await listAudit(t.database.db, { targetId: otherMod.id })).toEqual([]);
    expect((await act(mod.c, 'user', mod.id, { action: 'ban' })).statusCode).toBe(403);
    expect((await act(mod.c, 'user', admin.id, { action: 'ban' })).statusCode).toBe(403);
  });
});

describe('the moderation screen', () => {
  it('lists and lifts chat timeouts and bans across channels, written to the audit log', async () => {
    const mod = await person('moderator');
    const creatorA = await person();
    const creatorB = await person();
    const chatter = await person();
    const a = await liveStream(creatorA);
    const b = await liveStream(creatorB);
    await creatorA.c.post(`/api/streams/${a.id}/chat/timeouts`, { userId: chatter.id, seconds: 300, reason: 'caps' });
    await creatorB.c.post(`/api/streams/${b.id}/chat/timeouts`, { userId: chatter.id, seconds: null, reason: 'slurs' });
    const overview = (await mod.c.get('/api/admin/moderation')).json() as ModerationOverview;
    const mine = overview.chatRestrictions.filter((r) => r.user.id === chatter.id);
    expect(mine.map((r) => [r.channel.username, r.kind, r.reason])).toEqual([
      [creatorB.username, 'ban', 'slurs'],
      [creatorA.username, 'timeout', 'caps'],
    ]);
    expect((await mod.c.post(`/api/admin/moderation/chat-restrictions/${creatorB.id}/${chatter.id}/lift`, { note: 'apologised' })).statusCode).toBe(204);
    expect((await mod.c.post(`/api/admin/moderation/chat-restrictions/${creatorB.id}/${chatter.id}/lift`, {})).statusCode).toBe(404);
    expect((await chatter.c.post(`/api/streams/${b.id}/chat`, { body: 'sorry all' })).statusCode).toBe(201);
    expect((await listAudit(t.database.db, { targetType: 'user', targetId: chatter.id }))[0]).toMatchObject({
      action: 'chat.lift',
      reason: 'apologised',
      actorId: mod.id,
      before: { channelId: creatorB.id, kind: 'ban', reason: 'slurs' },
    });
  });

  it('finds any user or item, removed ones included, and acts on them without a report', async () => {
    const mod = await person('moderator');
    const owner = await person();
    const video = await readyVideo(owner.id, 'Zanzibar sunset timelapse');
    expect((await act(mod.c, 'video', video.id, { action: 'remove', reason: 'copyright', note: 'DMCA notice' })).statusCode).toBe(200);
    expect((await act(mod.c, 'video', video.id, { action: 'remove' })).statusCode).toBe(409);
    expect((await act(mod.c, 'video', video.id, { action: 'dismiss' })).statusCode).toBe(400);
    const found = (await mod.c.get('/api/admin/moderation/search?q=zanzibar')).json().items as { targetId: string; removedAt: string | null }[];
    expect(found.find((i) => i.targetId === video.id)?.removedAt).not.toBeNull();
    const byId = (await mod.c.get(`/api/admin/moderation/search?q=${video.id}`)).json().items as { targetType: string; targetId: string }[];
    expect(byId).toEqual([expect.objectContaining({ targetType: 'video', targetId: video.id })]);
    expect((await act(mod.c, 'user', owner.id, { action: 'warn', reason: 'copyright' })).statusCode).toBe(200);
    expect((await notificationsOf(owner.c)).map((x) => x.title)).toEqual(['Warning', 'Content removed']);
  });
});
