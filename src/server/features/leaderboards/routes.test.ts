import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solToLamports } from '../../../shared/payments/sol.js';
import { VIEW_HISTORY_DAYS, type Leaderboard } from '../../../shared/leaderboards/leaderboards.js';
import { follows, payments, profiles, user, videoViews, videos } from '../../platform/db/schema/index.js';
import { createTestApp, verifiedClient, type Client, type TestApp } from '../../test-support/app.js';
import { pruneViewHistory, recordShare, recordView } from '../videos/service.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
// Rows are dated against the clock the route reads, with hours to spare around every window edge.
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A person with a profile, straight in the database (`name` is the username). */
async function person(name: string) {
  await t.database.db.insert(user).values({ id: `u-${name}`, name, email: `${name}@example.com`, emailVerified: true, username: name });
  await t.database.db.insert(profiles).values({ id: `u-${name}`, username: name, displayName: name.toUpperCase() });
  return `u-${name}`;
}

/** Several people at once, their ids in the order of their names. */
const people = <const T extends readonly string[]>(...names: T) => Promise.all(names.map(person)) as Promise<{ -readonly [K in keyof T]: string }>;

const wallet = () => randomBytes(24).toString('hex');

/** A tip from `payer` to `payee` in a given state; only a finalized one has a finalization time. */
async function tip(payer: string, payee: string, sol: string, at: Date, status: 'created' | 'pending' | 'confirmed' | 'finalized' | 'failed' = 'finalized') {
  await t.database.db.insert(payments).values({
    kind: 'tip',
    payerId: payer,
    payeeId: payee,
    payerWallet: wallet(),
    payeeWallet: wallet(),
    lamports: solToLamports(sol),
    status,
    signature: status === 'created' ? null : randomBytes(40).toString('hex'),
    createdAt: at,
    submittedAt: status === 'created' ? null : at,
    finalizedAt: status === 'finalized' ? at : null,
  });
}

async function board(q: string, client?: Client): Promise<Leaderboard> {
  const res = client ? await client.get(`/api/leaderboards?${q}`) : await t.app.inject(`/api/leaderboards?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** `username value change` per row, compact to compare. */
const rows = (b: Leaderboard) => b.entries.map((e) => [e.rank, e.creator.username, e.value, e.change]);

describe('SOL boards', () => {
  beforeAll(async () => {
    const [alice, bob, carol, dave, erin, frank, gus, hal] = await people('alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gus', 'hal');
    // gus and hal give; the others receive.
    await tip(gus, alice, '1.5', ago(2 * HOUR));
    await tip(hal, dave, '0.5', ago(2 * HOUR));
    await tip(gus, bob, '2', ago(30 * HOUR));
    await tip(hal, dave, '1', ago(30 * HOUR));
    await tip(hal, alice, '0.25', ago(3 * DAY));
    // The 7 days before the last 7.
    await tip(hal, dave, '3', ago(10 * DAY));
    await tip(hal, erin, '2', ago(10 * DAY));
    await tip(gus, alice, '0.1', ago(10 * DAY));
    // The 30 days before the last 30, and long ago.
    await tip(gus, alice, '10', ago(40 * DAY));
    await tip(gus, frank, '100', ago(100 * DAY));
    // Never counted: not finalized, whatever the amount.
    await tip(gus, carol, '500', ago(HOUR), 'pending');
    await tip(gus, carol, '700', ago(HOUR), 'failed');
    await tip(gus, carol, '300', ago(HOUR), 'confirmed');
    await tip(gus, carol, '900', ago(HOUR), 'created');
  });

  it('ranks creators by SOL received in the last 24 hours, against the 24 hours before', async () => {
    const b = await board('board=creators&window=24h');
    expect(b).toMatchObject({ board: 'creators', window: '24h', me: null });
    expect(Date.parse(b.to) - Date.parse(b.from!)).toBe(DAY);
    // Before: bob 2, dave 1. Now: alice 1.5 (new), dave 0.5 (second both times).
    expect(rows(b)).toEqual([
      [1, 'alice', '1.5', 'new'],
      [2, 'dave', '0.5', 0],
    ]);
    expect(b.entries[0]!.creator).toEqual({ id: 'u-alice', username: 'alice', displayName: 'ALICE', avatarUrl: null, verificationType: 'none' });
  });

  it('over 7 days: up, down and new against the 7 days before', async () => {
    // Before (7-14 days ago): dave 3, erin 2, alice 0.1.
    expect(rows(await board('board=creators&window=7d'))).toEqual([
      [1, 'bob', '2', 'new'],
      [2, 'alice', '1.75', 1],
      [3, 'dave', '1.5', -2],
    ]);
  });

  it('over 30 days, with a tie broken by username', async () => {
    // Before (30-60 days ago): alice 10.
    expect(rows(await board('board=creators&window=30d'))).toEqual([
      [1, 'dave', '4.5', 'new'],
      [2, 'bob', '2', 'new'],
      [3, 'erin', '2', 'new'],
      [4, 'alice', '1.85', -3],
    ]);
  });

  it('over all time, without a rank change', async () => {
    const b = await board('board=creators&window=all');
    expect(b.from).toBeNull();
    expect(rows(b)).toEqual([
      [1, 'frank', '100', null],
      [2, 'alice', '11.85', null],
      [3, 'dave', '4.5', null],
      [4, 'bob', '2', null],
      [5, 'erin', '2', null],
    ]);
  });

  it('counts pending, confirmed, failed and unsent payments nowhere', async () => {
    for (const window of ['24h', '7d', '30d', 'all']) {
      for (const which of ['creators', 'supporters']) {
        const b = await board(`board=${which}&window=${window}`);
        expect(b.entries.map((e) => e.creator.username)).not.toContain('carol');
      }
    }
    // gus paid carol 2,400 SOL that never finalized: only his finalized tips count.
    const all = await board('board=supporters&window=all');
    expect(rows(all)).toEqual([
      [1, 'gus', '113.6', null],
      [2, 'hal', '6.75', null],
    ]);
  });

  it('ranks supporters by SOL given in the window', async () => {
    // Last 7 days: gus 1.5 + 2, hal 0.5 + 1 + 0.25; the 7 before: hal 5, gus 0.1.
    expect(rows(await board('board=supporters&window=7d'))).toEqual([
      [1, 'gus', '3.5', 1],
      [2, 'hal', '1.75', -1],
    ]);
    expect(rows(await board('board=supporters&window=24h'))).toEqual([
      [1, 'gus', '1.5', 0],
      [2, 'hal', '0.5', 0],
    ]);
  });
});

describe('Most viewed', () => {
  let zed: string;
  beforeAll(async () => {
    const [yan, xia, wim] = await people('yan', 'xia', 'wim');
    zed = await person('zed');
    const video = async (owner: string, status: 'ready' | 'removed' = 'ready') => {
      const [v] = await t.database.db
        .insert(videos)
        .values({ ownerId: owner, kind: 'long', title: 'A video', slug: 'a-video', category: 'trading', status })
        .returning({ id: videos.id });
      return v!.id;
    };
    const views = async (videoId: string, n: number, at: Date) => {
      for (let i = 0; i < n; i++) expect(await recordView(t.database.db, videoId, `viewer-${randomBytes(4).toString('hex')}`, at)).toBe(true);
    };
    const z1 = await video(zed);
    const z2 = await video(zed);
    const y1 = await video(yan);
    const x1 = await video(xia);
    const w1 = await video(wim);
    await views(z1, 2, ago(2 * HOUR));
    await views(z2, 1, ago(3 * HOUR));
    await views(y1, 2, ago(2 * HOUR));
    await views(y1, 5, ago(30 * HOUR));
    await views(x1, 50, ago(200 * DAY));
    await views(w1, 9, ago(HOUR));
    // The same viewer again in the same window does not count twice; shares are not views.
    expect(await recordView(t.database.db, z1, 'repeat', ago(2 * HOUR))).toBe(true);
    expect(await recordView(t.database.db, z1, 'repeat', ago(2 * HOUR))).toBe(false);
    for (let i = 0; i < 6; i++) await recordShare(t.database.db, y1, `sharer-${i}`, ago(HOUR));
    // A removed video's views no longer count.
    await t.database.db.update(videos).set({ status: 'removed' }).where(eq(videos.id, w1));
  });

  it('credits views in the window to the videos’ owner', async () => {
    // Before (24-48 h ago): yan 5.
    expect(rows(await board('board=viewed&window=24h'))).toEqual([
      [1, 'zed', '4', 'new'],
      [2, 'yan', '2', -1],
    ]);
    expect(rows(await board('board=viewed&window=7d'))).toEqual([
      [1, 'yan', '7', 'new'],
      [2, 'zed', '4', 'new'],
    ]);
  });

  it('counts all time from the videos’ view counts, older than the dated history', async () => {
    expect(rows(await board('board=viewed&window=all'))).toEqual([
      [1, 'xia', '50', null],
      [2, 'yan', '7', null],
      [3, 'zed', '4', null],
    ]);
  });

  it('prunes view rows older than the history the boards need, and share rows once their window is over', async () => {
    const count = async (cond: ReturnType<typeof sql>) =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(videoViews)
          .where(cond)
      )[0]!.n;
    expect(await count(sql`${videoViews.viewerKey} like 'share:%'`)).toBe(6);
    expect(await count(sql`${videoViews.viewedAt} < ${ago(VIEW_HISTORY_DAYS * DAY).toISOString()}::timestamptz`)).toBe(50);
    expect(await pruneViewHistory(t.database.db, new Date(now + 7 * HOUR))).toBe(56);
    expect(await count(sql`true`)).toBe(2 + 1 + 1 + 7 + 9);
    // All time still counts them.
    expect(rows(await board('board=viewed&window=all'))[0]).toEqual([1, 'xia', '50', null]);
    expect(
      await t.database.db
        .select()
        .from(videoViews)
        .where(and(eq(videoViews.viewerKey, 'repeat'))),
    ).toHaveLength(1);
  });
});

describe('Most followed and your own rank', () => {
  let me: Client;
  beforeAll(async () => {
    const [fa, fb, fc, fd, fe] = await people('fa', 'fb', 'fc', 'fd', 'fe');
    me = await verifiedClient(t.app, 'metoo');
    const follow = (follower: string, followee: string, at: Date) =>
      t.database.db.insert(follows).values({ followerId: follower, followeeId: followee, createdAt: at });
    await follow(fb, fa, ago(HOUR));
    await follow(fc, fa, ago(2 * HOUR));
    await follow(fd, fb, ago(HOUR));
    await follow(fa, fb, ago(30 * HOUR));
    await follow(fc, fb, ago(31 * HOUR));
    await follow(fe, fc, ago(40 * DAY));
  });

  it('counts follows made in the window that still stand', async () => {
    expect(rows(await board('board=followed&window=24h'))).toEqual([
      [1, 'fa', '2', 'new'],
      [2, 'fb', '1', -1],
    ]);
    expect(rows(await board('board=followed&window=all'))).toEqual([
      [1, 'fb', '3', null],
      [2, 'fa', '2', null],
      [3, 'fc', '1', null],
    ]);
    await t.database.db.delete(follows).where(and(eq(follows.followerId, 'u-fb'), eq(follows.followeeId, 'u-fa')));
    expect(rows(await board('board=followed&window=24h'))).toEqual([
      [1, 'fa', '1', 'new'],
      [2, 'fb', '1', -1],
    ]);
  });

  it('gives a signed-in viewer their own place, ranked or not', async () => {
    const empty = await board('board=followed&window=7d', me);
    expect(empty.me).toMatchObject({ rank: null, value: '0', change: null, creator: { username: 'metoo' } });
    const [row] = await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.username, 'metoo'));
    await t.database.db.insert(follows).values({ followerId: 'u-fe', followeeId: row!.id, createdAt: ago(HOUR) });
    const ranked = await board('board=followed&window=7d', me);
    expect(ranked.me).toMatchObject({ rank: 3, value: '1', change: 'new', creator: { username: 'metoo' } });
    // The list has the viewer in it as well, at the same rank.
    expect(ranked.entries.find((e) => e.creator.username === 'metoo')).toEqual({ ...ranked.me, rank: 3 });
    // Guests get no `me`, and boards where the viewer has nothing say so.
    expect((await board('board=followed&window=7d')).me).toBeNull();
    expect((await board('board=creators&window=all', me)).me).toMatchObject({ rank: null, value: '0' });
  });

  it('answers a guest with a shareable cache header, a signed-in viewer with a private one', async () => {
    const guest = await t.app.inject('/api/leaderboards?board=followed&window=all');
    expect(guest.headers['cache-control']).toBe('public, max-age=30');
    expect(guest.headers.vary).toMatch(/Cookie/);
    const mine = await me.get('/api/leaderboards?board=followed&window=all');
    expect(mine.headers['cache-control']).toBe('private, max-age=30');
  });
});

describe('your own rank outside the top list', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp();
  });
  afterAll(() => t2.close());

  it('is given even when 50 others rank above', async () => {
    const me = await verifiedClient(t2.app, 'farbehind');
    const db = t2.database.db;
    // 60 creators with 2 to 61 followers each, from 61 followers, in bulk.
    await db.execute(sql`insert into auth_user (id, name, email, email_verified, username)
      select 'bulk-' || g, 'bulk' || g, 'bulk' || g || '@example.com', true, 'bulk' || g from generate_series(1, 121) g`);
    await db.execute(sql`insert into profiles (id, username, display_name) select 'bulk-' || g, 'bulk' || g, 'Bulk ' || g from generate_series(1, 121) g`);
    await db.execute(sql`insert into follows (follower_id, followee_id, created_at)
      select 'bulk-' || f, 'bulk-' || c, now() - interval '1 hour'
      from generate_series(1, 60) c, generate_series(61, 121) f where f - 60 <= c + 1`);
    const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.username, 'farbehind'));
    await db.insert(follows).values({ followerId: 'bulk-121', followeeId: row!.id, createdAt: ago(HOUR) });
    const res = await me.get('/api/leaderboards?board=followed&window=24h');
    const b: Leaderboard = res.json();
    expect(b.entries).toHaveLength(50);
    expect(b.entries.map((e) => e.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(b.entries[0]).toMatchObject({ creator: { username: 'bulk60' }, value: '61' });
    expect(b.entries.some((e) => e.creator.username === 'farbehind')).toBe(false);
    expect(b.me).toMatchObject({ rank: 61, value: '1', change: 'new', creator: { username: 'farbehind' } });
  });
});

describe('bad queries', () => {
  it('refuses an unknown board or window with a 400 naming the field', async () => {
    for (const q of ['board=richest', 'window=1y', 'board=creators&window=', 'board=creators&board=supporters']) {
      const res = await t.app.inject(`/api/leaderboards?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect(Object.keys((await t.app.inject('/api/leaderboards?board=richest')).json().fields ?? {})).toContain('board');
  });

  it('takes the default board and window when none is given', async () => {
    expect(await board('')).toMatchObject({ board: 'creators', window: '7d' });
  });
});
