import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import WebSocket from 'ws';
import {
  CHAT_MESSAGE_MAX,
  CHAT_TOO_FAST,
  MAX_ROOMS_PER_SOCKET,
  type ChannelModerator,
  type ChatMessage,
  type ChatReplay,
  type RestrictedChatters,
} from '../../../shared/chat/chat.js';
import type { StreamDetail } from '../../../shared/live/streams.js';
import type { RealtimeMessage } from '../../../shared/realtime/realtime.js';
import { buildApp } from '../../app.js';
import { chatBans, chatMessages } from './schema.js';
import { livestreams, streamSessions, streamViewerCounts } from '../live/schema.js';
import { videos } from '../videos/schema.js';
import { userRoles } from '../../access/schema.js';
import { sweepViewerCounts } from '../live/viewers.js';
import { CLOSE_FLOOD, MAX_GUEST_SOCKETS_PER_ADDRESS, SOCKET_MESSAGES_PER_WINDOW } from '../../platform/realtime/hub.js';
import { Client, createTestApp, readyVideoRow, verifiedPerson, type TestApp } from '../../test-support/app.js';

let t: TestApp;
let host: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

let n = 0;
const person = () => verifiedPerson(t.app, `chat_${++n}`);

/** A stream by a new creator, made live straight in the database (no ingest needed for chat). */
async function liveStream(status: 'live' | 'scheduled' = 'live') {
  const owner = await person();
  const stream = (await owner.c.post('/api/streams', { title: `Chat ${n}`, category: 'Trading' })).json() as StreamDetail;
  if (status === 'live') await t.database.db.update(livestreams).set({ status: 'live', startedAt: new Date() }).where(eq(livestreams.id, stream.id));
  return { owner, id: stream.id };
}

/** Moves a user's messages back in time, as if they had waited out the rate limit. */
const age = (userId: string, ms = 60_000) =>
  t.database.db
    .update(chatMessages)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(chatMessages.userId, userId));

const say = (c: Client, streamId: string, body: string) => c.post(`/api/streams/${streamId}/chat`, { body });
const history = async (streamId: string) => ((await new Client(t.app).get(`/api/streams/${streamId}/chat`)).json() as { messages: ChatMessage[] }).messages;

function socket(cookie = '', at = host) {
  const ws = new WebSocket(`ws://${at}/api/realtime`, { headers: cookie ? { cookie } : {} });
  const messages: RealtimeMessage[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  const opened = new Promise((r) => ws.on('open', r));
  ws.on('error', () => {});
  const next = async <E extends RealtimeMessage['event']>(event: E, match: (m: RealtimeMessage) => boolean = () => true, ms = 8000) => {
    const until = Date.now() + ms;
    for (;;) {
      const i = messages.findIndex((m) => m.event === event && match(m));
      if (i >= 0) return messages.splice(i, 1)[0]!;
      if (Date.now() > until) throw new Error(`no ${event} within ${ms} ms: ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const join = async (streamId: string) => {
    await opened;
    ws.send(JSON.stringify({ type: 'join', streamId }));
    return next('stream.joined', (m) => (m.data as { streamId: string }).streamId === streamId);
  };
  return { ws, messages, next, join, closed };
}

describe('posting and reading', () => {
  it('posts, lists the last messages oldest first, trims, and refuses guests, blanks and long ones', async () => {
    const { id } = await liveStream();
    const fan = await person();
    const res = await say(fan.c, id, '  gm chat  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ body: 'gm chat', streamId: id, author: { username: fan.username } });
    expect((await history(id)).map((m) => m.body)).toEqual(['gm chat']);

    const guest = await say(new Client(t.app), id, 'hi');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Please sign in to continue.');

    await age(fan.id);
    expect((await say(fan.c, id, '   ')).statusCode).toBe(400);
    const long = await say(fan.c, id, 'x'.repeat(CHAT_MESSAGE_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.body).toBe(`Messages can be at most ${CHAT_MESSAGE_MAX} characters`);
    expect((await say(fan.c, id, 'x'.repeat(CHAT_MESSAGE_MAX))).statusCode).toBe(201);
    expect((await history(id)).map((m) => m.body.length)).toEqual([7, CHAT_MESSAGE_MAX]);
  });

  it('keeps a message to one line of text', async () => {
    const { id } = await liveStream();
    const fan = await person();
    const res = await say(fan.c, id, 'line one\n\nline two\t<b>x</b>');
    expect(res.json().body).toBe('line one line two <b>x</b>');
    await age(fan.id);
    expect((await say(fan.c, id, 'bell \u0007')).statusCode).toBe(400);
  });

  it('loads only the newest 50', async () => {
    const { id } = await liveStream();
    const fan = await person();
    await t.database.db
      .insert(chatMessages)
      .values(Array.from({ length: 60 }, (_, i) => ({ streamId: id, userId: fan.id, body: `m${i}`, createdAt: new Date(Date.now() - (60 - i) * 60_000) })));
    const list = await history(id);
    expect(list).toHaveLength(50);
    expect(list[0]!.body).toBe('m10');
    expect(list[49]!.body).toBe('m59');
  });

  it('is closed unless the stream is live, and unknown streams are 404', async () => {
    const scheduled = await liveStream('scheduled');
    const fan = await person();
    const res = await say(fan.c, scheduled.id, 'early');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Chat is open while the stream is live.');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await say(fan.c, missing, 'hello')).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/streams/${missing}/chat`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/streams/not-a-uuid/chat`)).statusCode).toBe(400);
  });

  it('limits each user to one message a second and 20 in 30 seconds, with a clear 429', async () => {
    const { id } = await liveStream();
    const fan = await person();
    expect((await say(fan.c, id, 'one')).statusCode).toBe(201);
    const fast = await say(fan.c, id, 'two');
    expect(fast.statusCode).toBe(429);
    expect(fast.json().message).toBe(CHAT_TOO_FAST);
    // 19 more over the last 20 seconds, the newest 10 s ago: the 21st within 30 s is refused.
    await age(fan.id, 20_000);
    await t.database.db
      .insert(chatMessages)
      .values(Array.from({ length: 19 }, (_, i) => ({ streamId: id, userId: fan.id, body: `b${i}`, createdAt: new Date(Date.now() - 19_000 + i * 500) })));
    expect((await say(fan.c, id, 'twenty-one')).statusCode).toBe(429);
    await age(fan.id, 31_000);
    expect((await say(fan.c, id, 'later')).statusCode).toBe(201);
  });
});

describe('links in chat', () => {
  it('a creator allows domains anyone may link to in their chats; every chat is told, others are not changed', async () => {
    const s = await liveStream();
    const other = await liveStream();
    const bad = await s.owner.c.request('PUT', '/api/profile/allowed-links', { domains: ['glint.example', 'localhost'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'domains.1': 'Enter a domain such as example.com' });
    const saved = await s.owner.c.request('PUT', '/api/profile/allowed-links', { domains: ['https://www.Glint.example/x', 'docs.example.org'] });
    expect(saved.json()).toEqual({ domains: ['glint.example', 'docs.example.org'] });
    expect((await s.owner.c.get('/api/profile/allowed-links')).json()).toEqual({ domains: ['glint.example', 'docs.example.org'] });
    expect((await new Client(t.app).get(`/api/streams/${s.id}/chat/rules`)).json().allowedDomains).toEqual(['glint.example', 'docs.example.org']);
    expect((await new Client(t.app).get(`/api/streams/${other.id}/chat/rules`)).json().allowedDomains).toEqual([]);
    expect((await new Client(t.app).request('PUT', '/api/profile/allowed-links', { domains: [] })).statusCode).toBe(401);
    // Blocked words saved later leave the domains as they were.
    await s.owner.c.request('PUT', '/api/profile/chat-filter', { terms: ['scam'], hold: false });
    expect((await s.owner.c.get('/api/profile/allowed-links')).json()).toEqual({ domains: ['glint.example', 'docs.example.org'] });
  });

  it('are links only in the creator’s and platform staff’s messages; a chatter’s address stays text', async () => {
    const s = await liveStream();
    const chatter = await person();
    const staff = await person();
    await t.database.db.insert(userRoles).values({ userId: staff.id, role: 'moderator' });
    const post = async (c: Client, body: string) => (await c.post(`/api/streams/${s.id}/chat`, { body })).json() as ChatMessage;
    expect((await post(chatter.c, 'claim your airdrop https://drainer.example/claim')).linksAllowed).toBe(false);
    expect((await post(s.owner.c, 'my charts https://glint.example/charts')).linksAllowed).toBe(true);
    expect((await post(staff.c, 'rules: https://glint.example/rules')).linksAllowed).toBe(true);
    // Without an address there is nothing to allow.
    expect((await post(await person().then((p) => p.c), 'gm')).linksAllowed).toBe(false);
    const history = (await new Client(t.app).get(`/api/streams/${s.id}/chat`)).json().messages as ChatMessage[];
    expect(history.map((m) => m.linksAllowed)).toEqual([false, true, true, false]);
  });
});

describe('chat modes', () => {
  it('slow mode and followers-only hold chatters back with the reason, not the creator or staff, and only the creator sets them', async () => {
    const s = await liveStream();
    const fan = await person();
    const stranger = await person();
    const staff = await person();
    await t.database.db.insert(userRoles).values({ userId: staff.id, role: 'moderator' });
    const rules = `/api/streams/${s.id}/chat/rules`;
    const say = (c: Client, body: string) => c.post(`/api/streams/${s.id}/chat`, { body });

    // Nobody but those who moderate the chat sets them; bad values are refused with the reason.
    const refused = await fan.c.request('PUT', rules, { slowSeconds: 30 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the creator and moderators can change this chat’s modes.');
    expect((await s.owner.c.request('PUT', rules, { slowSeconds: 7 })).json().fields).toEqual({ slowSeconds: 'Choose 3, 5, 10, 30, 60, 120 seconds' });
    expect((await s.owner.c.request('PUT', rules, { slowSeconds: 30, followersMinutes: 10 })).json()).toEqual({
      holdersOnly: null,
      slowSeconds: 30,
      followersMinutes: 10,
    });

    // Followers only, for 10 minutes: not following, or following for a minute, is not enough.
    const followersOnly = `Only people who have followed ${s.owner.username} for at least 10 minutes can chat here.`;
    const displayName = (await s.owner.c.get('/api/me')).json().profile.displayName as string;
    const reason = followersOnly.replace(s.owner.username, displayName);
    expect((await stranger.c.get(rules)).json().you).toEqual({ mayPost: false, reason, holder: false, moderates: false });
    expect((await say(stranger.c, 'hi')).json()).toMatchObject({ message: reason });
    expect((await fan.c.request('PUT', `/api/profiles/${s.owner.username}/follow`)).statusCode).toBe(200);
    expect((await say(fan.c, 'hi')).json().message).toBe(reason);
    await t.database.db.execute(sql`update follows set created_at = now() - interval '11 minutes' where follower_id = ${fan.id}`);
    expect((await fan.c.get(rules)).json().you).toEqual({ mayPost: true, reason: null, holder: false, moderates: false });
    expect((await staff.c.get(rules)).json().you).toMatchObject({ mayPost: true, moderates: true });

    // Slow mode: one message every 30 seconds, counted in this stream.
    expect((await say(fan.c, 'first')).statusCode).toBe(201);
    await age(fan.id, 2_000);
    const slow = await say(fan.c, 'second');
    expect(slow.statusCode).toBe(429);
    expect(slow.json().message).toBe('Slow mode is on: one message every 30 seconds. Wait a moment and try again.');
    await age(fan.id, 31_000);
    expect((await say(fan.c, 'second')).statusCode).toBe(201);

    // The creator and platform staff are held to no mode.
    expect((await say(s.owner.c, 'one')).statusCode).toBe(201);
    expect((await say(staff.c, 'staff here')).statusCode).toBe(201);
    await age(s.owner.id, 2_000);
    expect((await say(s.owner.c, 'two')).statusCode).toBe(201);

    // Off again: anyone signed in.
    await s.owner.c.request('PUT', rules, { slowSeconds: null, followersMinutes: null });
    expect((await say(stranger.c, 'hi')).statusCode).toBe(201);
  });

  it('followers-only from 0 minutes lets any follower in', async () => {
    const s = await liveStream();
    const fan = await person();
    await s.owner.c.request('PUT', `/api/streams/${s.id}/chat/rules`, { followersMinutes: 0 });
    const displayName = (await s.owner.c.get('/api/me')).json().profile.displayName as string;
    expect((await fan.c.post(`/api/streams/${s.id}/chat`, { body: 'hi' })).json().message).toBe(
      `Only followers of ${displayName} can chat here. Follow them to join in.`,
    );
    expect((await fan.c.request('PUT', `/api/profiles/${s.owner.username}/follow`)).statusCode).toBe(200);
    expect((await fan.c.post(`/api/streams/${s.id}/chat`, { body: 'hi' })).statusCode).toBe(201);
  });
});

describe('moderation', () => {
  it('lets the creator delete a message; a stranger cannot delete or time out (403)', async () => {
    const { owner, id } = await liveStream();
    const fan = await person();
    const stranger = await person();
    const msg = (await say(fan.c, id, 'delete me')).json() as ChatMessage;
    expect((await stranger.c.request('DELETE', `/api/streams/${id}/chat/${msg.id}`)).statusCode).toBe(403);
    expect((await fan.c.request('DELETE', `/api/streams/${id}/chat/${msg.id}`)).statusCode).toBe(403);
    expect((await new Client(t.app).request('DELETE', `/api/streams/${id}/chat/${msg.id}`)).statusCode).toBe(401);
    const timeout = await stranger.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: 300 });
    expect(timeout.statusCode).toBe(403);
    expect(timeout.json().message).toBe('Only the creator and moderators can moderate this chat.');
    expect((await stranger.c.request('DELETE', `/api/streams/${id}/chat/timeouts/${fan.id}`)).statusCode).toBe(403);
    expect((await history(id)).map((m) => m.id)).toEqual([msg.id]);

    // A message id from another stream is not this stream's to delete.
    const other = await liveStream();
    expect((await other.owner.c.request('DELETE', `/api/streams/${other.id}/chat/${msg.id}`)).statusCode).toBe(404);

    expect((await owner.c.request('DELETE', `/api/streams/${id}/chat/${msg.id}`)).statusCode).toBe(204);
    expect(await history(id)).toEqual([]);
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, msg.id));
    expect(row).toMatchObject({ deletedBy: owner.id });
    expect(row!.deletedAt).not.toBeNull();
  });

  it('times a user out until lifted, bans without end, and never the creator', async () => {
    const { owner, id } = await liveStream();
    const fan = await person();
    const out = await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: 300 });
    expect(out.statusCode).toBe(200);
    const until = out.json().until as string;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(290_000);
    const refused = await say(fan.c, id, 'let me talk');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`You are timed out in this chat until ${until.slice(0, 10)} ${until.slice(11, 16)} UTC.`);
    // The timeout holds in every stream of the channel.
    const second = (await owner.c.post('/api/streams', { title: 'Second', category: 'Trading' })).json() as StreamDetail;
    await t.database.db.update(livestreams).set({ status: 'live' }).where(eq(livestreams.id, second.id));
    expect((await say(fan.c, second.id, 'here?')).statusCode).toBe(403);

    expect((await owner.c.request('DELETE', `/api/streams/${id}/chat/timeouts/${fan.id}`)).statusCode).toBe(204);
    expect((await say(fan.c, id, 'thanks')).statusCode).toBe(201);

    const ban = await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: null });
    expect(ban.json()).toEqual({ userId: fan.id, until: null });
    await age(fan.id);
    const banned = await say(fan.c, id, 'still here');
    expect(banned.statusCode).toBe(403);
    expect(banned.json().message).toBe('You are banned from this chat.');

    const self = await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: owner.id, seconds: 60 });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('The creator cannot be timed out in their own chat.');
    expect((await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: 'nobody', seconds: 60 })).statusCode).toBe(404);
    expect((await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: -5 })).statusCode).toBe(400);
  });

  it('an expired timeout no longer holds', async () => {
    const { owner, id } = await liveStream();
    const fan = await person();
    expect((await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: 1 })).statusCode).toBe(200);
    expect((await say(fan.c, id, 'now?')).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await say(fan.c, id, 'now!')).statusCode).toBe(201);
  });

  it('lets a platform moderator delete and time out; only an admin may time out a moderator', async () => {
    const { owner, id } = await liveStream();
    const mod = await person();
    await t.database.db.insert(userRoles).values({ userId: mod.id, role: 'moderator' });
    const fan = await person();
    const msg = (await say(fan.c, id, 'spam')).json() as ChatMessage;
    expect((await mod.c.request('DELETE', `/api/streams/${id}/chat/${msg.id}`)).statusCode).toBe(204);
    expect((await mod.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: 300 })).statusCode).toBe(200);
    await age(fan.id);
    expect((await say(fan.c, id, 'again')).statusCode).toBe(403);
    const onMod = await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: mod.id, seconds: 300 });
    expect(onMod.statusCode).toBe(403);
    expect(onMod.json().message).toBe('Platform moderators cannot be timed out here.');
  });
});

describe('channel moderators', () => {
  const appoint = (c: Client, username: string) => c.post('/api/profile/moderators', { username });

  it('per role: guests, chatters and another channel’s moderator are refused; the creator, their moderator and platform staff moderate', async () => {
    const s = await liveStream();
    const other = await liveStream();
    const chatter = await person();
    const channelMod = await person();
    const otherMod = await person();
    const staff = await person();
    await t.database.db.insert(userRoles).values({ userId: staff.id, role: 'moderator' });
    expect((await appoint(s.owner.c, channelMod.username)).statusCode).toBe(201);
    expect((await appoint(other.owner.c, otherMod.username)).statusCode).toBe(201);
    const guest = { c: new Client(t.app) };

    /** What each role's attempt at each action answers, on a fresh spammer each time. */
    const tryAll = async (who: { c: Client }) => {
      const spammer = await person();
      const msg = (await say(spammer.c, s.id, `spam ${spammer.username}`)).json() as ChatMessage;
      const banned = await person();
      await t.database.db.insert(chatBans).values({ channelId: s.owner.id, userId: banned.id, until: null });
      return {
        delete: (await who.c.request('DELETE', `/api/streams/${s.id}/chat/${msg.id}`)).statusCode,
        timeout: (await who.c.post(`/api/streams/${s.id}/chat/timeouts`, { userId: spammer.id, seconds: 60 })).statusCode,
        ban: (await who.c.post(`/api/streams/${s.id}/chat/timeouts`, { userId: spammer.id, seconds: null })).statusCode,
        lift: (await who.c.request('DELETE', `/api/streams/${s.id}/chat/timeouts/${banned.id}`)).statusCode,
        list: (await who.c.get(`/api/streams/${s.id}/chat/restrictions`)).statusCode,
        modes: (await who.c.request('PUT', `/api/streams/${s.id}/chat/rules`, { slowSeconds: null })).statusCode,
      };
    };
    const allowed = { delete: 204, timeout: 200, ban: 200, lift: 204, list: 200, modes: 200 };
    expect(await tryAll(guest)).toEqual({ delete: 401, timeout: 401, ban: 401, lift: 401, list: 401, modes: 401 });
    expect(await tryAll(chatter)).toEqual({ delete: 403, timeout: 403, ban: 403, lift: 403, list: 403, modes: 403 });
    expect(await tryAll(otherMod)).toEqual({ delete: 403, timeout: 403, ban: 403, lift: 403, list: 403, modes: 403 });
    expect(await tryAll(channelMod)).toEqual(allowed);
    expect(await tryAll(s.owner)).toEqual(allowed);
    expect(await tryAll(staff)).toEqual(allowed);

    // Who may moderate is told to each, for the chat's tools.
    const you = async (who: { c: Client }) => (await who.c.get(`/api/streams/${s.id}/chat/rules`)).json().you?.moderates ?? null;
    expect([await you(guest), await you(chatter), await you(otherMod), await you(channelMod), await you(s.owner), await you(staff)]).toEqual([
      null,
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('a moderator is marked in chat, may link and is held to no mode; they cannot time out the creator or a fellow moderator', async () => {
    const s = await liveStream();
    const mod = await person();
    const fellow = await person();
    await appoint(s.owner.c, mod.username);
    await appoint(s.owner.c, fellow.username);
    await s.owner.c.request('PUT', `/api/streams/${s.id}/chat/rules`, { slowSeconds: 30 });
    const first = (await say(mod.c, s.id, 'rules: https://example.org/rules')).json() as ChatMessage;
    expect(first).toMatchObject({ channelModerator: true, linksAllowed: true });
    await age(mod.id, 2_000);
    expect((await say(mod.c, s.id, 'again')).statusCode).toBe(201);

    const onCreator = await mod.c.post(`/api/streams/${s.id}/chat/timeouts`, { userId: s.owner.id, seconds: 60 });
    expect(onCreator.json().message).toBe('The creator cannot be timed out in their own chat.');
    const onFellow = await mod.c.post(`/api/streams/${s.id}/chat/timeouts`, { userId: fellow.id, seconds: 60 });
    expect(onFellow.statusCode).toBe(403);
    expect(onFellow.json().message).toBe('Only the creator can time out or ban one of their moderators.');
    expect((await s.owner.c.post(`/api/streams/${s.id}/chat/timeouts`, { userId: fellow.id, seconds: 60 })).statusCode).toBe(200);

    // Removed, they are a chatter again: held to slow mode, and their addresses stay text.
    expect((await s.owner.c.request('DELETE', `/api/profile/moderators/${mod.id}`)).statusCode).toBe(204);
    await age(mod.id, 2_000);
    expect((await say(mod.c, s.id, 'hello')).statusCode).toBe(429);
    await age(mod.id, 40_000);
    expect((await say(mod.c, s.id, 'see https://example.org')).json()).toMatchObject({ channelModerator: false, linksAllowed: false });
    const spammer = await person();
    expect((await mod.c.post(`/api/streams/${s.id}/chat/timeouts`, { userId: spammer.id, seconds: 60 })).statusCode).toBe(403);
  });

  it('are appointed by username and removed by the creator, told so, listed, and every step is in the audit log', async () => {
    const creator = await liveStream();
    const mod = await person();
    const admin = await person();
    await t.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    const ws = socket(mod.c.cookie);
    await ws.next('hello');

    const unknown = await appoint(creator.owner.c, 'nobody_by_this_name');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields).toEqual({ username: 'No one has this username.' });
    expect((await appoint(creator.owner.c, creator.owner.username)).json().fields).toEqual({ username: 'You moderate your own channel already.' });
    expect((await appoint(new Client(t.app), mod.username)).statusCode).toBe(401);

    const added = await appoint(creator.owner.c, `@${mod.username}`);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ user: { id: mod.id, username: mod.username } });
    expect((await appoint(creator.owner.c, mod.username)).statusCode).toBe(200);
    expect((await ws.next('chat.moderator.changed')).data).toEqual({ channelId: creator.owner.id, moderator: true });
    const notices = (await mod.c.get('/api/notifications')).json().notifications as { title: string; message: string }[];
    expect(notices[0]!.title).toBe('You are a channel moderator');

    // The list is the creator's own: each creator sees only theirs.
    expect((await creator.owner.c.get('/api/profile/moderators')).json().moderators.map((m: ChannelModerator) => m.user.id)).toEqual([mod.id]);
    expect((await mod.c.get('/api/profile/moderators')).json().moderators).toEqual([]);

    // A moderator's actions are recorded with the channel they were taken in.
    const fan = await person();
    const msg = (await say(fan.c, creator.id, 'scam link')).json() as ChatMessage;
    expect((await mod.c.request('DELETE', `/api/streams/${creator.id}/chat/${msg.id}`)).statusCode).toBe(204);
    expect((await mod.c.post(`/api/streams/${creator.id}/chat/timeouts`, { userId: fan.id, seconds: 60, reason: 'scam' })).statusCode).toBe(200);
    expect((await mod.c.request('PUT', `/api/streams/${creator.id}/chat/rules`, { slowSeconds: 10 })).statusCode).toBe(200);
    const modEntries = (await admin.c.get(`/api/admin/audit?actor=${mod.username}`)).json().entries.reverse();
    expect(modEntries.map((e: { action: string }) => e.action)).toEqual(['chat.delete', 'chat.timeout', 'chat.modes']);
    for (const e of modEntries) expect(e.before?.channelId ?? e.after?.channelId).toBe(creator.owner.id);

    expect((await creator.owner.c.request('DELETE', `/api/profile/moderators/${mod.id}`)).statusCode).toBe(204);
    expect((await ws.next('chat.moderator.changed')).data).toEqual({ channelId: creator.owner.id, moderator: false });
    const creatorEntries = (await admin.c.get(`/api/admin/audit?actor=${creator.owner.username}`)).json().entries.reverse();
    expect(creatorEntries.map((e: { action: string; targetId: string }) => [e.action, e.targetId])).toEqual([
      ['channel.moderator.add', mod.id],
      ['channel.moderator.remove', mod.id],
    ]);
    ws.ws.close();
  });
});

describe('the pinned message', () => {
  it('is pinned by the creator or a moderator, shown to everyone, told to the room, and goes when deleted or unpinned', async () => {
    const s = await liveStream();
    const mod = await person();
    const fan = await person();
    await s.owner.c.post('/api/profile/moderators', { username: mod.username });
    const room = socket();
    await room.join(s.id);
    const first = (await say(fan.c, s.id, 'great call on $GLC')).json() as ChatMessage;
    const rules = () => new Client(t.app).get(`/api/streams/${s.id}/chat/rules`);
    expect((await rules()).json().pinned).toBeNull();

    expect((await fan.c.request('PUT', `/api/streams/${s.id}/chat/pin`, { messageId: first.id })).statusCode).toBe(403);
    expect((await new Client(t.app).request('PUT', `/api/streams/${s.id}/chat/pin`, { messageId: first.id })).statusCode).toBe(401);
    const pinned = await mod.c.request('PUT', `/api/streams/${s.id}/chat/pin`, { messageId: first.id });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ id: first.id, body: 'great call on $GLC' });
    expect((await room.next('stream.chat.pinned')).data).toMatchObject({ streamId: s.id, message: { id: first.id } });
    expect((await rules()).json().pinned).toMatchObject({ id: first.id, author: { id: fan.id } });

    // Another stream's message cannot be pinned here.
    const other = await liveStream();
    const elsewhere = (await say(other.owner.c, other.id, 'mine')).json() as ChatMessage;
    const refused = await s.owner.c.request('PUT', `/api/streams/${s.id}/chat/pin`, { messageId: elsewhere.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This message can no longer be pinned.');

    // Deleted, it is no longer pinned; the creator pins their own and unpins it.
    expect((await s.owner.c.request('DELETE', `/api/streams/${s.id}/chat/${first.id}`)).statusCode).toBe(204);
    expect((await rules()).json().pinned).toBeNull();
    const own = (await say(s.owner.c, s.id, 'rules: be kind')).json() as ChatMessage;
    expect((await s.owner.c.request('PUT', `/api/streams/${s.id}/chat/pin`, { messageId: own.id })).statusCode).toBe(200);
    expect((await rules()).json().pinned.id).toBe(own.id);
    expect((await s.owner.c.request('DELETE', `/api/streams/${s.id}/chat/pin`)).statusCode).toBe(204);
    expect((await room.next('stream.chat.pinned', (m) => (m.data as { message: unknown }).message === null)).data).toEqual({ streamId: s.id, message: null });
    expect((await rules()).json().pinned).toBeNull();
    room.ws.close();
  });
});

describe('chat replay', () => {
  it('plays the stream’s chat at the times it was sent across sessions, without deleted or purged messages, to whoever may watch', async () => {
    const s = await liveStream();
    const fan = await person();
    const spammer = await person();
    const t0 = Date.now() - 3_600_000;
    const at = (sec: number) => new Date(t0 + sec * 1000);
    // Two sessions: the publisher was away from 60 s to 90 s.
    await t.database.db.insert(streamSessions).values([
      { streamId: s.id, session: 1, startedAt: at(0), endedAt: at(60) },
      { streamId: s.id, session: 2, startedAt: at(90), endedAt: at(150) },
    ]);
    const rows = await t.database.db
      .insert(chatMessages)
      .values([
        { streamId: s.id, userId: fan.id, body: 'gm', createdAt: at(5) },
        { streamId: s.id, userId: spammer.id, body: 'buy my coin', createdAt: at(20) },
        { streamId: s.id, userId: fan.id, body: 'deleted one', createdAt: at(30), deletedAt: at(31) },
        { streamId: s.id, userId: fan.id, body: 'where did you go', createdAt: at(75) },
        { streamId: s.id, userId: fan.id, body: 'welcome back', createdAt: at(100) },
      ])
      .returning({ id: chatMessages.id });
    expect(rows).toHaveLength(5);
    // The spammer is banned (their messages purged) before the stream ends.
    expect((await s.owner.c.post(`/api/streams/${s.id}/chat/timeouts`, { userId: spammer.id, seconds: null })).statusCode).toBe(200);
    const videoId = await readyVideoRow(t.app, s.owner.id, 'Replay');
    await t.database.db
      .update(livestreams)
      .set({ status: 'ended', startedAt: at(0), endedAt: at(160), recordingVideoId: videoId })
      .where(eq(livestreams.id, s.id));

    const replay = async (c: Client, from = 0) => (await c.get(`/api/videos/${videoId}/chat-replay?at=${from}`)).json() as ChatReplay;
    const all = await replay(new Client(t.app));
    expect(all.available).toBe(true);
    expect(all.messages.map((m) => [m.body, m.at])).toEqual([
      ['gm', 5],
      ['where did you go', 60],
      ['welcome back', 70],
    ]);
    // From a position on: the messages before it come too, to fill the panel.
    expect((await replay(new Client(t.app), 65)).messages.map((m) => m.body)).toEqual(['gm', 'where did you go', 'welcome back']);
    // A viewer who blocked the fan sees none of theirs.
    const viewer = await person();
    await viewer.c.request('PUT', `/api/profiles/${fan.username}/block`);
    expect((await replay(viewer.c)).messages).toEqual([]);

    // Any other video has no chat replay; a private replay is its owner's.
    const other = await readyVideoRow(t.app, s.owner.id, 'Not a replay');
    expect((await new Client(t.app).get(`/api/videos/${other}/chat-replay`)).json()).toEqual({ available: false, messages: [], more: false });
    await t.database.db.update(videos).set({ visibility: 'private' }).where(eq(videos.id, videoId));
    expect((await new Client(t.app).get(`/api/videos/${videoId}/chat-replay`)).statusCode).toBe(404);
    expect((await replay(s.owner.c)).available).toBe(true);
  });
});

describe('blocked words', () => {
  it('the platform’s list and the channel’s refuse a message with the reason; those who moderate are not filtered', async () => {
    const s = await liveStream();
    const fan = await person();
    const staff = await person();
    const chatter = await person();
    await t.database.db.insert(userRoles).values({ userId: staff.id, role: 'moderator' });

    // The platform's list is kept by platform staff only, and its change is recorded.
    expect((await chatter.c.request('PUT', '/api/admin/chat-filter', { terms: ['x'] })).statusCode).toBe(403);
    const bad = await staff.c.request('PUT', '/api/admin/chat-filter', { terms: ['free sol', 'https://drain.er'] });
    expect(bad.json().fields).toEqual({ 'terms.1': 'Use letters, digits, spaces and * only' });
    expect((await staff.c.request('PUT', '/api/admin/chat-filter', { terms: ['Free SOL', 'seed phrase*'] })).json()).toEqual({
      terms: ['free sol', 'seed phrase*'],
    });
    expect((await staff.c.get('/api/admin/chat-filter')).json()).toEqual({ terms: ['free sol', 'seed phrase*'] });
    expect((await s.owner.c.request('PUT', '/api/profile/chat-filter', { terms: ['rug*'], hold: false })).statusCode).toBe(200);
    expect((await s.owner.c.get('/api/profile/chat-filter')).json()).toEqual({ terms: ['rug*'], hold: false });

    const refused = await say(fan.c, s.id, 'claim FREE sol here');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Your message was not sent: “free sol” is not allowed in this chat.');
    await age(fan.id);
    expect((await say(fan.c, s.id, 'send me your seed phrases')).json().message).toBe('Your message was not sent: “seed phrases” is not allowed in this chat.');
    await age(fan.id);
    expect((await say(fan.c, s.id, 'this is a rugpull')).json().message).toBe('Your message was not sent: “rugpull” is not allowed in this chat.');
    await age(fan.id);
    expect((await say(fan.c, s.id, 'rugged? no, drugs')).statusCode).toBe(400);
    await age(fan.id);
    expect((await say(fan.c, s.id, 'a shrug is fine')).statusCode).toBe(201);
    // Another channel has only the platform's list.
    const other = await liveStream();
    expect((await say(chatter.c, other.id, 'rugpull')).statusCode).toBe(201);

    expect((await say(s.owner.c, s.id, 'do not fall for free sol')).statusCode).toBe(201);
    expect((await say(staff.c, s.id, 'never share a seed phrase')).statusCode).toBe(201);
    expect((await history(s.id)).map((m) => m.body)).toEqual(['a shrug is fine', 'do not fall for free sol', 'never share a seed phrase']);
    await staff.c.request('PUT', '/api/admin/chat-filter', { terms: [] });
  });

  it('a channel that holds matches keeps them from everyone until a moderator approves or deletes them', async () => {
    const s = await liveStream();
    const mod = await person();
    const fan = await person();
    await s.owner.c.post('/api/profile/moderators', { username: mod.username });
    await s.owner.c.request('PUT', '/api/profile/chat-filter', { terms: ['pump*'], hold: true });
    const creatorSocket = socket(s.owner.c.cookie);
    const modSocket = socket(mod.c.cookie);
    const room = socket();
    await Promise.all([creatorSocket.next('hello'), modSocket.next('hello'), room.join(s.id)]);

    const sent = await say(fan.c, s.id, 'pumping now');
    expect(sent.statusCode).toBe(202);
    const held = sent.json() as ChatMessage;
    expect(held).toMatchObject({ held: true, body: 'pumping now' });
    expect((await creatorSocket.next('chat.held')).data).toMatchObject({ id: held.id });
    expect((await modSocket.next('chat.held')).data).toMatchObject({ id: held.id });
    expect(await history(s.id)).toEqual([]);

    expect((await fan.c.get(`/api/streams/${s.id}/chat/held`)).statusCode).toBe(403);
    expect((await fan.c.post(`/api/streams/${s.id}/chat/${held.id}/approve`)).statusCode).toBe(403);
    expect(((await mod.c.get(`/api/streams/${s.id}/chat/held`)).json() as { messages: ChatMessage[] }).messages.map((m) => m.id)).toEqual([held.id]);
    expect((await mod.c.post(`/api/streams/${s.id}/chat/${held.id}/approve`)).statusCode).toBe(204);
    expect((await room.next('stream.chat', (m) => (m.data as ChatMessage).id === held.id)).data).toMatchObject({ body: 'pumping now', held: false });
    expect((await history(s.id)).map((m) => m.body)).toEqual(['pumping now']);
    expect(((await s.owner.c.get(`/api/streams/${s.id}/chat/held`)).json() as { messages: ChatMessage[] }).messages).toEqual([]);

    // Deleted instead: it never shows.
    await age(fan.id);
    const second = (await say(fan.c, s.id, 'pump it')).json() as ChatMessage;
    expect((await s.owner.c.request('DELETE', `/api/streams/${s.id}/chat/${second.id}`)).statusCode).toBe(204);
    expect((await s.owner.c.post(`/api/streams/${s.id}/chat/${second.id}/approve`)).statusCode).toBe(204);
    expect((await history(s.id)).map((m) => m.body)).toEqual(['pumping now']);
    for (const w of [creatorSocket, modSocket, room]) w.ws.close();
  });
});

describe('the audit log of staff in chats', () => {
  type Entry = {
    action: string;
    actorId: string;
    targetType: string;
    targetId: string;
    reason: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    createdAt: string;
  };
  const auditOf = async (admin: Client, actorName: string) => {
    const res = await admin.get(`/api/admin/audit?actor=${actorName}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entries: Entry[] }).entries.reverse();
  };

  it('records every delete, timeout, ban and lift a moderator or admin makes in someone else’s channel; not the creator’s own', async () => {
    const { owner, id } = await liveStream();
    const mod = await person();
    const admin = await person();
    await t.database.db.insert(userRoles).values([
      { userId: mod.id, role: 'moderator' },
      { userId: admin.id, role: 'admin' },
    ]);
    const fan = await person();
    const msg = (await say(fan.c, id, 'buy my coin')).json() as ChatMessage;
    const started = Date.now() - 1000;

    expect((await mod.c.request('DELETE', `/api/streams/${id}/chat/${msg.id}`)).statusCode).toBe(204);
    expect((await mod.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: 300, reason: 'spam' })).statusCode).toBe(200);
    expect((await mod.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: null, reason: 'more spam' })).statusCode).toBe(200);
    expect((await mod.c.request('DELETE', `/api/streams/${id}/chat/timeouts/${fan.id}`)).statusCode).toBe(204);
    // Lifting what is not there changes nothing and records nothing.
    expect((await mod.c.request('DELETE', `/api/streams/${id}/chat/timeouts/${fan.id}`)).statusCode).toBe(204);

    const place = { channelId: owner.id, streamId: id };
    const entries = await auditOf(admin.c, mod.username);
    expect(entries.map((e) => e.action)).toEqual(['chat.delete', 'chat.timeout', 'chat.ban', 'chat.lift']);
    for (const e of entries) {
      expect(e.actorId).toBe(mod.id);
      expect(Date.parse(e.createdAt)).toBeGreaterThan(started);
    }
    expect(entries[0]).toMatchObject({ targetType: 'chat_message', targetId: msg.id, before: { ...place, authorId: fan.id, body: 'buy my coin' } });
    expect(entries[1]).toMatchObject({ targetType: 'user', targetId: fan.id, reason: 'spam', after: { ...place, restriction: { kind: 'timeout' } } });
    expect(entries[2]).toMatchObject({
      targetType: 'user',
      targetId: fan.id,
      reason: 'more spam',
      before: { restriction: { kind: 'timeout' } },
      after: { ...place, restriction: { kind: 'ban', until: null } },
    });
    expect(entries[3]).toMatchObject({ targetType: 'user', targetId: fan.id, before: { ...place, kind: 'ban' }, after: null });

    // An admin acting in someone's chat is staff too.
    await age(fan.id);
    const second = (await say(fan.c, id, 'gm')).json() as ChatMessage;
    expect((await admin.c.request('DELETE', `/api/streams/${id}/chat/${second.id}`)).statusCode).toBe(204);
    expect((await auditOf(admin.c, admin.username)).map((e) => [e.action, e.targetId])).toEqual([['chat.delete', second.id]]);

    // The creator moderating their own chat is not a staff action.
    await age(fan.id);
    const third = (await say(fan.c, id, 'hi again')).json() as ChatMessage;
    expect((await owner.c.request('DELETE', `/api/streams/${id}/chat/${third.id}`)).statusCode).toBe(204);
    expect((await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: 60 })).statusCode).toBe(200);
    expect((await owner.c.request('DELETE', `/api/streams/${id}/chat/timeouts/${fan.id}`)).statusCode).toBe(204);
    expect(await auditOf(admin.c, owner.username)).toEqual([]);
  });
});

describe('restricted chatters', () => {
  const restrictionsOf = (c: Client, streamId: string) => c.get(`/api/streams/${streamId}/chat/restrictions`);
  const listed = async (c: Client, streamId: string) => {
    const res = await restrictionsOf(c, streamId);
    expect(res.statusCode).toBe(200);
    return (res.json() as RestrictedChatters).restrictions;
  };

  it('are listed only to the creator, moderators and admins', async () => {
    const { owner, id } = await liveStream();
    const fan = await person();
    const stranger = await person();
    const mod = await person();
    await t.database.db.insert(userRoles).values({ userId: mod.id, role: 'moderator' });
    const admin = await person();
    await t.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: null });

    const guest = await restrictionsOf(new Client(t.app), id);
    expect(guest.statusCode).toBe(401);
    for (const wrong of [stranger, fan]) {
      const res = await restrictionsOf(wrong.c, id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the creator and moderators can moderate this chat.');
    }
    // Another creator is a stranger in this channel.
    const other = await liveStream();
    expect((await restrictionsOf(other.owner.c, id)).statusCode).toBe(403);

    for (const allowed of [owner, mod, admin]) expect((await listed(allowed.c, id)).map((r) => r.user.id)).toEqual([fan.id]);
    expect((await restrictionsOf(owner.c, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await restrictionsOf(owner.c, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('lists who is timed out or banned in the channel, by whom and when, newest first', async () => {
    const { owner, id } = await liveStream();
    const mod = await person();
    await t.database.db.insert(userRoles).values({ userId: mod.id, role: 'moderator' });
    const [timedOut, banned, expired, lifted] = [await person(), await person(), await person(), await person()];
    expect(await listed(owner.c, id)).toEqual([]);

    const before = Date.now();
    const out = (await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: timedOut.id, seconds: 600, reason: 'caps' })).json();
    await mod.c.post(`/api/streams/${id}/chat/timeouts`, { userId: banned.id, seconds: null });
    await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: expired.id, seconds: 60 });
    await t.database.db
      .update(chatBans)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(chatBans.userId, expired.id));
    await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: lifted.id, seconds: null });
    await owner.c.request('DELETE', `/api/streams/${id}/chat/timeouts/${lifted.id}`);
    // Restrictions in another creator's channel are not this one's.
    const other = await liveStream();
    await other.owner.c.post(`/api/streams/${other.id}/chat/timeouts`, { userId: timedOut.id, seconds: null });

    // A second stream of the same creator lists the same channel.
    const second = (await owner.c.post('/api/streams', { title: 'Second', category: 'Trading' })).json() as StreamDetail;
    const list = await listed(owner.c, second.id);
    expect(list.map((r) => r.user.username)).toEqual([banned.username, timedOut.username]);
    const [ban, timeout] = list;
    expect(ban).toMatchObject({
      kind: 'ban',
      until: null,
      reason: '',
      user: { id: banned.id, username: banned.username, avatarUrl: null },
      by: { id: mod.id, username: mod.username },
    });
    expect(timeout).toMatchObject({
      kind: 'timeout',
      until: out.until,
      reason: 'caps',
      user: { id: timedOut.id },
      by: { id: owner.id, username: owner.username },
    });
    expect(timeout!.user.displayName).toEqual(expect.any(String));
    expect(Date.parse(timeout!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(ban!.createdAt)).toBeGreaterThanOrEqual(Date.parse(timeout!.createdAt));
  });

  it('a chatter lifted from the list can chat again and leaves the list', async () => {
    const { owner, id } = await liveStream();
    const fan = await person();
    await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: null });
    expect((await say(fan.c, id, 'hello?')).statusCode).toBe(403);

    const [row] = await listed(owner.c, id);
    expect(row).toMatchObject({ kind: 'ban', user: { id: fan.id } });
    // Only moderators lift: the banned chatter cannot lift their own ban.
    expect((await fan.c.request('DELETE', `/api/streams/${id}/chat/timeouts/${row!.user.id}`)).statusCode).toBe(403);
    expect((await owner.c.request('DELETE', `/api/streams/${id}/chat/timeouts/${row!.user.id}`)).statusCode).toBe(204);
    expect(await listed(owner.c, id)).toEqual([]);
    expect((await say(fan.c, id, 'back again')).statusCode).toBe(201);
  });

  it('a ban removes the chatter’s earlier messages in this stream for everyone; a timeout does not', async () => {
    const { owner, id } = await liveStream();
    const fan = await person();
    const bystander = await person();
    const room = socket();
    onTestFinished(() => room.ws.close());
    await room.join(id);
    // The same creator's other stream keeps its own chat.
    const second = (await owner.c.post('/api/streams', { title: 'Second', category: 'Trading' })).json() as StreamDetail;
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
    await t.database.db.insert(chatMessages).values([
      { streamId: id, userId: fan.id, body: 'first', createdAt: at(30) },
      { streamId: id, userId: bystander.id, body: 'hi all', createdAt: at(20) },
      { streamId: id, userId: fan.id, body: 'second', createdAt: at(10) },
      { streamId: second.id, userId: fan.id, body: 'elsewhere', createdAt: at(5) },
    ]);

    await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: 60 });
    expect((await history(id)).map((m) => m.body)).toEqual(['first', 'hi all', 'second']);

    const ban = await owner.c.post(`/api/streams/${id}/chat/timeouts`, { userId: fan.id, seconds: null });
    expect(ban.json()).toEqual({ userId: fan.id, until: null });
    expect((await room.next('stream.chat.purged')).data).toEqual({ streamId: id, userId: fan.id });
    // A reload does not bring them back; the rows are kept, marked deleted by the moderator.
    expect((await history(id)).map((m) => m.body)).toEqual(['hi all']);
    expect((await history(second.id)).map((m) => m.body)).toEqual(['elsewhere']);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.streamId, id));
    expect(rows.filter((r) => r.userId === fan.id).map((r) => r.deletedBy)).toEqual([owner.id, owner.id]);
    expect(rows.find((r) => r.userId === bystander.id)!.deletedAt).toBeNull();
    expect(room.messages.filter((m) => m.event === 'stream.chat.purged')).toEqual([]);
  });
});

describe('realtime rooms', () => {
  it('delivers chat and deletions to a guest socket in the room, and nothing of other rooms', async () => {
    const { owner, id } = await liveStream();
    const other = await liveStream();
    const fan = await person();
    const guest = socket();
    expect((await guest.next('hello')).data).toEqual({ userId: null });
    await guest.join(id);
    const msg = (await say(fan.c, id, 'hello room')).json() as ChatMessage;
    expect((await guest.next('stream.chat')).data).toEqual(msg);
    await say(other.owner.c, other.id, 'elsewhere');
    await owner.c.request('DELETE', `/api/streams/${id}/chat/${msg.id}`);
    expect((await guest.next('stream.chat.deleted')).data).toEqual({ streamId: id, messageId: msg.id });
    expect(guest.messages.filter((m) => m.event === 'stream.chat')).toEqual([]);
    guest.ws.close();
  });

  it('delivers to a room through NOTIFY from another instance', async () => {
    const second = await buildApp({ config: { ...t.config, mediaWorkers: 0 }, database: t.database, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { id } = await liveStream();
      const fan = await person();
      const guest = socket('', `127.0.0.1:${(second.server.address() as AddressInfo).port}`);
      await guest.join(id);
      await say(fan.c, id, 'across servers');
      expect((await guest.next('stream.chat')).data).toMatchObject({ body: 'across servers' });
      guest.ws.close();
    } finally {
      await second.close();
    }
  });

  it('counts viewers across sockets, announces them, and keeps the peak', async () => {
    const { id } = await liveStream();
    const viewers = async () => (await new Client(t.app).get(`/api/streams/${id}`)).json() as StreamDetail;
    const a = socket();
    await a.join(id);
    expect((await a.next('stream.viewers', (m) => (m.data as { viewers: number }).viewers === 1)).data).toEqual({ streamId: id, viewers: 1, peak: 1 });
    const b = socket();
    await b.join(id);
    await a.next('stream.viewers', (m) => (m.data as { viewers: number }).viewers === 2);
    expect(await viewers()).toMatchObject({ viewerCount: 2, peakViewers: 2 });
    b.ws.close();
    await a.next('stream.viewers', (m) => (m.data as { viewers: number; peak: number }).viewers === 1 && (m.data as { peak: number }).peak === 2);
    a.ws.send(JSON.stringify({ type: 'leave', streamId: id }));
    await vi.waitFor(async () => expect(await viewers()).toMatchObject({ viewerCount: 0, peakViewers: 2 }), { timeout: 6000, interval: 200 });
    a.ws.close();
  });

  it('tells a socket that joins the count at once, itself and other servers included, before the room is told', async () => {
    const { id } = await liveStream();
    const scheduled = await liveStream('scheduled');
    await t.database.db.update(livestreams).set({ peakViewers: 9 }).where(eq(livestreams.id, id));
    // Another server counts 3 viewers of this stream.
    await t.database.db.insert(streamViewerCounts).values({ streamId: id, instance: 'other', count: 3, updatedAt: new Date() });
    const writtenHere = async () =>
      (await t.database.db.select().from(streamViewerCounts).where(eq(streamViewerCounts.streamId, id)))
        .filter((r) => r.instance !== 'other')
        .reduce((sum, r) => sum + r.count, 0);
    const first = socket();
    await first.join(id);
    expect((await first.next('stream.viewers')).data).toEqual({ streamId: id, viewers: 4, peak: 9 });
    // Once its count is written, this server writes the room's next change only VIEWER_FLUSH_MS later.
    await vi.waitFor(async () => expect(await writtenHere()).toBe(1), { timeout: 6000, interval: 50 });
    const second = socket();
    await second.join(id);
    expect((await second.next('stream.viewers')).data).toEqual({ streamId: id, viewers: 5, peak: 9 });
    // The second socket was told before the change was written, and the room hears of it with the write.
    expect(await writtenHere()).toBe(1);
    expect((await first.next('stream.viewers', (m) => (m.data as { viewers: number }).viewers === 5)).data).toEqual({ streamId: id, viewers: 5, peak: 9 });
    expect(await writtenHere()).toBe(2);

    // A stream that is not live has no count to tell; a second join is answered after anything sent before it.
    await second.join(scheduled.id);
    await second.join(scheduled.id);
    expect(second.messages.filter((m) => m.event === 'stream.viewers' && (m.data as { streamId: string }).streamId === scheduled.id)).toEqual([]);
    first.ws.close();
    second.ws.close();
  });

  it('counts those who waited in the room of a stream once it goes live, and tells them', async () => {
    const { id } = await liveStream('scheduled');
    const waiting = socket();
    await waiting.join(id);
    await t.database.db.update(livestreams).set({ status: 'live', startedAt: new Date() }).where(eq(livestreams.id, id));
    await t.app.realtime.publishToStream(id, 'stream.status', {
      streamId: id,
      status: 'live',
      publishing: true,
      hlsUrl: null,
      startedAt: new Date().toISOString(),
      endedAt: null,
      recordingVideoId: null,
    });
    expect((await waiting.next('stream.viewers')).data).toEqual({ streamId: id, viewers: 1, peak: 1 });
    expect((await new Client(t.app).get(`/api/streams/${id}`)).json()).toMatchObject({ viewerCount: 1 });
    waiting.ws.close();
  });

  it('stops counting the viewers of an instance that died', async () => {
    const { id } = await liveStream();
    const read = async () => (await new Client(t.app).get(`/api/streams/${id}`)).json() as StreamDetail;
    // Another instance counted 40 viewers a while ago, and one still alive counts 3.
    await t.database.db.insert(streamViewerCounts).values([
      { streamId: id, instance: 'dead', count: 40, updatedAt: new Date(Date.now() - 120_000) },
      { streamId: id, instance: 'alive', count: 3, updatedAt: new Date() },
    ]);
    await t.database.db.update(livestreams).set({ viewerCount: 43 }).where(eq(livestreams.id, id));
    expect(await sweepViewerCounts(t.database.db, 'alive')).toEqual([{ streamId: id, viewers: 3, peak: 3 }]);
    expect(await read()).toMatchObject({ viewerCount: 3 });
    const rows = await t.database.db.select().from(streamViewerCounts).where(eq(streamViewerCounts.streamId, id));
    expect(rows.map((r) => r.instance)).toEqual(['alive']);
  });

  it('sends status events to the room when a stream ends', async () => {
    const { id } = await liveStream();
    const guest = socket();
    await guest.join(id);
    await t.app.realtime.publishToStream(id, 'stream.status', {
      streamId: id,
      status: 'ended',
      publishing: false,
      hlsUrl: null,
      startedAt: null,
      endedAt: new Date().toISOString(),
      recordingVideoId: null,
    });
    expect((await guest.next('stream.status')).data).toMatchObject({ streamId: id, status: 'ended' });
    guest.ws.close();
  });

  it(`joins at most ${MAX_ROOMS_PER_SOCKET} rooms, refuses unknown streams and malformed messages without closing`, async () => {
    const streams = await Promise.all(Array.from({ length: MAX_ROOMS_PER_SOCKET + 1 }, () => liveStream()));
    const s = socket();
    for (const st of streams.slice(0, MAX_ROOMS_PER_SOCKET)) await s.join(st.id);
    s.ws.send(JSON.stringify({ type: 'join', streamId: streams[MAX_ROOMS_PER_SOCKET]!.id }));
    expect((await s.next('realtime.refused')).data).toMatchObject({ code: 'too_many_rooms' });
    s.ws.send(JSON.stringify({ type: 'leave', streamId: streams[0]!.id }));
    await s.join(streams[MAX_ROOMS_PER_SOCKET]!.id);

    const t2 = socket();
    await t2.next('hello');
    t2.ws.send(JSON.stringify({ type: 'join', streamId: '00000000-0000-4000-8000-000000000000' }));
    t2.ws.send('not json');
    t2.ws.send(JSON.stringify({ type: 'join', streamId: '../../etc' }));
    t2.ws.send(JSON.stringify({ type: 'publish', streamId: streams[1]!.id, data: 'x' }));
    await t2.next('realtime.refused', (m) => (m.data as { code: string }).code === 'unknown_stream');
    await t2.next('realtime.refused', (m) => (m.data as { code: string }).code === 'invalid_message');
    await t2.next('realtime.refused', (m) => (m.data as { code: string }).code === 'invalid_message');
    await t2.next('realtime.refused', (m) => (m.data as { code: string }).code === 'invalid_message');
    expect(t2.ws.readyState).toBe(WebSocket.OPEN);
    s.ws.close();
    t2.ws.close();
  });

  it('closes a socket that floods messages or sends an oversized one', async () => {
    const flood = socket();
    await flood.next('hello');
    for (let i = 0; i <= SOCKET_MESSAGES_PER_WINDOW; i++) flood.ws.send(JSON.stringify({ type: 'leave', streamId: '00000000-0000-4000-8000-000000000000' }));
    expect(await flood.closed).toBe(CLOSE_FLOOD);

    const big = socket();
    await big.next('hello');
    big.ws.send(JSON.stringify({ type: 'join', streamId: 'x'.repeat(20_000) }));
    expect(await big.closed).toBe(1009);
  });

  it(`lets one address hold at most ${MAX_GUEST_SOCKETS_PER_ADDRESS} guest sockets; signed-in sockets do not count`, async () => {
    const open = Array.from({ length: MAX_GUEST_SOCKETS_PER_ADDRESS }, () => socket());
    for (const s of open) await s.next('hello');
    const extra = socket();
    expect(await extra.closed).toBe(4429);
    const fan = await person();
    const mine = socket(fan.c.cookie);
    expect((await mine.next('hello')).data).toEqual({ userId: fan.id });
    open[0]!.ws.close();
    await open[0]!.closed;
    const again = socket();
    await again.next('hello');
    for (const s of [...open, again, mine]) s.ws.close();
  });
});
