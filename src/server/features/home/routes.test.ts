import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_NOT_FOUND } from '../../../shared/live/streams.js';
import { eq } from 'drizzle-orm';
import type { FollowingFeed, HomeFeed } from '../../../shared/home/home-feed.js';
import { livestreams } from '../live/schema.js';
import { seedDemo } from '../../seed/seed.js';
import { createTestApp, readyVideoRow, verifiedPerson, type TestApp } from '../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an empty database', () => {
  it('gives an empty home feed, not invented content', async () => {
    const res = await t.app.inject('/api/home');
    expect(res.statusCode).toBe(200);
    const feed: HomeFeed = res.json();
    expect(feed).toEqual({ category: null, live: [], upcoming: [], recent: [], videos: [], shorts: [], bounties: [], following: [] });
  });
});

describe('with demo content', () => {
  beforeAll(async () => {
    await seedDemo(t.database.db, new Date());
  });

  it('lists upcoming streams soonest first, with their creator', async () => {
    const feed: HomeFeed = (await t.app.inject('/api/home')).json();
    expect(feed.upcoming.length).toBeGreaterThan(2);
    const times = feed.upcoming.map((s) => Date.parse(s.scheduledAt!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(feed.upcoming[0]!.creator.username).toBe('solwhale');
    expect(feed.bounties.every((b) => b.status === 'open')).toBe(true);
    expect(feed.bounties.map((b) => b.rewardSol)).toContain('1.25');
  });

  it('opens any stream the home page links to, with its schedule, creator and description', async () => {
    const feed: HomeFeed = (await t.app.inject('/api/home')).json();
    for (const card of [...feed.upcoming, ...feed.live]) {
      const res = await t.app.inject(`/api/streams/${card.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: card.id, title: card.title, status: card.status, scheduledAt: card.scheduledAt, creator: card.creator });
      expect(typeof res.json().description).toBe('string');
    }
    const missing = await t.app.inject('/api/streams/0b7c2a9e-3f4d-4e1a-9b2c-8d7e6f5a4b3c');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(STREAM_NOT_FOUND);
    expect((await t.app.inject('/api/streams/not-an-id')).statusCode).toBe(400);
  });

  it('filters every row by category, given as slug or name', async () => {
    const bySlug: HomeFeed = (await t.app.inject('/api/home?category=defi')).json();
    expect(bySlug.category).toBe('defi');
    expect(bySlug.upcoming.map((s) => s.creator.username)).toEqual(['defidan']);
    const byName: HomeFeed = (await t.app.inject(`/api/home?category=${encodeURIComponent('Market Analysis')}`)).json();
    expect(byName.category).toBe('market-analysis');
    expect(byName.upcoming).toEqual([]);
    expect(byName.bounties.map((b) => b.title)).toEqual(['Best chart breakdown of this week']);
  });

  it('refuses an unknown category with a clear error', async () => {
    const res = await t.app.inject('/api/home?category=beanie-babies');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'unknown_category', message: 'Unknown category: beanie-babies' });
  });

  it('lists Pump Streams (streams with a token) apart', async () => {
    const res = await t.app.inject('/api/streams?status=scheduled&pump=true');
    expect(res.statusCode).toBe(200);
    const streams = res.json();
    expect(streams).toHaveLength(1);
    expect(streams[0].token).toMatchObject({ symbol: 'GLNT' });
    expect((await t.app.inject('/api/streams?status=live&pump=true')).json()).toEqual([]);
  });

  it('validates query parameters with the shared schemas', async () => {
    const res = await t.app.inject('/api/streams?status=sideways');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect((await t.app.inject('/api/videos?kind=gif')).statusCode).toBe(400);
  });

  it('lists the 28 categories in order', async () => {
    const cats = (await t.app.inject('/api/categories')).json();
    expect(cats).toHaveLength(28);
    expect(cats[0]).toEqual({ name: 'Trading', slug: 'trading' });
  });
});

describe('the following page', () => {
  it('lists only the followed creators’ live streams, videos and shorts; none before one follows anyone', async () => {
    const followed = await verifiedPerson(t.app, 'flw_creator');
    const other = await verifiedPerson(t.app, 'flw_other');
    const viewer = await verifiedPerson(t.app, 'flw_viewer');
    await readyVideoRow(t.app, followed.id, 'Followed video');
    await readyVideoRow(t.app, other.id, 'Someone else’s video');
    const stream = (await followed.c.post('/api/streams', { title: 'Followed live', category: 'Trading' })).json() as { id: string };
    await t.database.db.update(livestreams).set({ status: 'live', startedAt: new Date() }).where(eq(livestreams.id, stream.id));
    const feed = async () => (await viewer.c.get('/api/following')).json() as FollowingFeed;

    expect((await t.app.inject('/api/following')).statusCode).toBe(401);
    expect(await feed()).toEqual({ follows: 0, live: [], videos: [], shorts: [] });
    await viewer.c.request('PUT', `/api/profiles/${followed.username}/follow`);
    const after = await feed();
    expect(after.follows).toBe(1);
    expect(after.videos.map((v) => v.title)).toEqual(['Followed video']);
    expect(after.live.map((s) => s.title)).toEqual(['Followed live']);
    expect(after.shorts).toEqual([]);
  });
});
