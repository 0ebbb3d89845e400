import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sanctions } from '../../access/schema.js';
import { bounties } from '../../features/bounties/schema.js';
import { livestreams } from '../../features/live/schema.js';
import { videos } from '../../features/videos/schema.js';
import { createTestApp, verifiedClient, waitUntil, type TestApp } from '../../test-support/app.js';
import { parseHtml } from '../../test-support/dom.js';
import { PRODUCT_SLUG } from '../../../shared/platform/product.js';

/**
 * Every page names itself in the HTML the server sends, and an item's page carries its link
 * preview (Open Graph, Twitter Card, oEmbed discovery) with a card image made in the background.
 * The pages are parsed as a browser would (jsdom), never searched as text.
 */

let t: TestApp;
let clientDir: string;
let origin: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-heads-'));

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-client-'));
  // The built page's head as the app's own (src/client/index.html): a title and description to replace.
  const source = fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'client', 'index.html'), 'utf8');
  fs.writeFileSync(path.join(clientDir, 'index.html'), source.replace(/<script type="module"[^>]*><\/script>/, ''));
  t = await createTestApp({ CLIENT_DIR: clientDir });
  origin = t.config.publicUrl;
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

const attr = (el: Element | undefined, name: string) => el?.getAttribute(name) ?? undefined;
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

interface Head {
  status: number;
  html: string;
  title: string;
  meta(key: string): string | undefined;
  metas(key: string): string[];
  link(rel: string, type?: string): Element | undefined;
  /** Every element of the whole page named `tag`. */
  all(tag: string): Element[];
}

async function head(url: string, app = t.app): Promise<Head> {
  const res = await app.inject(url);
  const doc = parseHtml(res.body);
  const metas = (key: string) =>
    Array.from(doc.head.querySelectorAll('meta'))
      .filter((m) => attr(m, 'property') === key || attr(m, 'name') === key)
      .map((m) => attr(m, 'content') ?? '');
  expect(doc.querySelectorAll('title')).toHaveLength(1);
  return {
    status: res.statusCode,
    html: res.body,
    title: doc.title,
    meta: (key) => metas(key)[0],
    metas,
    link: (rel, type) => Array.from(doc.head.querySelectorAll('link')).find((l) => attr(l, 'rel') === rel && (!type || attr(l, 'type') === type)),
    all: (tag) => Array.from(doc.querySelectorAll(tag)),
  };
}

async function creator(username: string, displayName: string) {
  const c = await verifiedClient(t.app, username);
  const id = ((await c.get('/api/me')).json() as { user: { id: string } }).user.id;
  await t.database.db
    .update(profiles)
    .set({ displayName, bio: `${displayName} talks markets.` })
    .where(eq(profiles.id, id));
  return { c, id, username, displayName };
}

/** A real picture in storage under `key` (a poster, an avatar), and its address. */
async function picture(key: string, w = 640, h = 360) {
  const file = path.join(tmp, `${key.replace(/\//g, '_')}`);
  execFileSync('ffmpeg', ['-hide_banner', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${w}x${h}`, '-frames:v', '1', '-f', 'image2', '-update', '1', file], {
    stdio: 'ignore',
  });
  await t.app.storage.putFile(key, file);
  return t.app.storage.url(key);
}

async function video(ownerId: string, over: Partial<typeof videos.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(videos)
    .values({
      ownerId,
      kind: 'long',
      title: 'SOL weekly outlook',
      slug: 'sol-weekly-outlook',
      description: 'Where SOL goes this week.',
      category: 'Trading',
      status: 'ready',
      publishedAt: new Date(),
      ...over,
    })
    .returning();
  return row!;
}

/** The card image a page names once its job has made it: its file in storage, 1200x630. */
async function cardOf(url: string) {
  const page = await waitUntil(
    `the card of ${url}`,
    () => head(url),
    (h) => /\/card-[0-9a-f]{16}\.jpg$/.test(h.meta('og:image') ?? ''),
    90_000,
  );
  const image = page.meta('og:image')!;
  expect(image.startsWith(`${origin}/media/`)).toBe(true);
  const file = path.join(t.app.storage.root!, new URL(image).pathname.slice('/media/'.length));
  const probe = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height,codec_name', '-of', 'json', file], { encoding: 'utf8' }),
  ) as {
    streams: { width: number; height: number; codec_name: string }[];
  };
  expect(probe.streams[0]).toEqual({ codec_name: 'mjpeg', width: 1200, height: 630 });
  expect(page.meta('og:image:width')).toBe('1200');
  expect(page.meta('og:image:height')).toBe('630');
  expect(page.meta('twitter:image')).toBe(image);
  // Served to anyone, cached for good (its key names its content).
  const served = await t.app.inject(new URL(image).pathname);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/jpeg');
  expect(served.headers['cache-control']).toContain('immutable');
  return page;
}

/** The oEmbed a page's discovery link names answers for it. */
async function expectOembed(h: Head) {
  const href = new URL(attr(h.link('alternate', 'application/json+oembed'), 'href')!);
  const res = await t.app.inject(href.pathname + href.search);
  expect(res.statusCode).toBe(200);
  expect((res.json() as { version: string; title: string }).version).toBe('1.0');
}

function expectCard(h: Head, o: { title: string; ogTitle: string; canonical: string; type: string; embedId?: string }) {
  expect(h.status).toBe(200);
  expect(h.title).toBe(o.title);
  expect(h.metas('description')).toHaveLength(1);
  expect(h.meta('description')).toBeTruthy();
  expect(attr(h.link('canonical'), 'href')).toBe(`${origin}${o.canonical}`);
  expect(h.meta('og:url')).toBe(`${origin}${o.canonical}`);
  expect(h.meta('og:title')).toBe(o.ogTitle);
  expect(h.meta('og:description')).toBe(h.meta('description'));
  expect(h.meta('og:type')).toBe(o.type);
  expect(h.meta('og:site_name')).toBe('Glint');
  expect(h.meta('twitter:title')).toBe(o.ogTitle);
  expect(h.meta('twitter:description')).toBe(h.meta('description'));
  if (o.embedId) {
    const player = `${origin}/embed/${o.embedId}`;
    expect(h.meta('og:video')).toBe(player);
    expect(h.meta('og:video:type')).toBe('text/html');
    expect(h.meta('twitter:card')).toBe('player');
    expect(h.meta('twitter:player')).toBe(player);
    expect(Number(h.meta('twitter:player:width'))).toBeGreaterThan(0);
    const oembed = h.link('alternate', 'application/json+oembed');
    expect(attr(oembed, 'href')).toBe(`${origin}/api/oembed?url=${encodeURIComponent(`${origin}${o.canonical}`)}&format=json`);
    expect(attr(oembed, 'title')).toBe(o.ogTitle);
  } else {
    expect(h.meta('og:video')).toBeUndefined();
    expect(h.meta('twitter:card')).toBe('summary_large_image');
  }
}

function expectUnavailable(h: Head, thing: string, hidden: string[]) {
  expect(h.status).toBe(200);
  expect(h.meta('og:title')).toBe(`This ${thing} is unavailable`);
  expect(h.meta('robots')).toBe('noindex');
  expect(h.meta('og:image')).toBeUndefined();
  expect(h.meta('og:video')).toBeUndefined();
  expect(h.link('canonical')).toBeUndefined();
  for (const word of hidden) expect(h.html).not.toContain(word);
}

describe('page titles', () => {
  it('names every list and form page by itself, and a search by its words', async () => {
    expect((await head('/')).title).toBe('Glint: Share streams, earn crypto rewards');
    expect((await head('/bounties')).title).toBe('Bounties · Glint');
    expect((await head('/app')).title).toBe('Home · Glint');
    expect((await head('/leaderboards')).title).toBe('Leaderboards · Glint');
    expect((await head(`/${PRODUCT_SLUG}`)).title).toBe('Videos · Glint');
    expect((await head('/shorts')).title).toBe('Shorts · Glint');
    const search = await head('/search?q=sol');
    expect(search.title).toBe('Search: sol · Glint');
    expect(search.meta('description')).toContain('“sol”');
    expect((await head('/search')).title).toBe('Search · Glint');
    const missing = await head('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.title).toBe('Page not found · Glint');
    // A list has no card of its own: no image, no player.
    expect((await head('/bounties')).meta('og:image')).toBeUndefined();
  });
});

describe('link previews', () => {
  it('previews a video with its title, creator, canonical address, player and a 1200x630 card', async () => {
    const whale = await creator('solwhale', 'Sol Whale');
    const v = await video(whale.id);
    await t.database.db
      .update(videos)
      .set({ thumbnailUrl: await picture(`videos/${v.id}/thumb-1.jpg`) })
      .where(eq(videos.id, v.id));
    const canonical = `/${PRODUCT_SLUG}/solwhale/sol-weekly-outlook/${v.id}`;
    // Before its card is made: the poster.
    const first = await head(`/${PRODUCT_SLUG}/${v.id}`);
    expectCard(first, { title: 'SOL weekly outlook · Sol Whale · Glint', ogTitle: 'SOL weekly outlook', canonical, type: 'video.other', embedId: v.id });
    expect(first.meta('description')).toBe('Where SOL goes this week.');
    expect(first.meta('og:image')).toBe(`${origin}/media/videos/${v.id}/thumb-1.jpg`);
    await expectOembed(first);
    // However many read the page before its card is made, the card is asked for once.
    for (let i = 0; i < 5; i++) await head(`/${PRODUCT_SLUG}/${v.id}`);
    const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'video-card' and data->>'videoId' = $1`, [v.id]);
    expect((rows[0] as { n: number }).n).toBe(1);
    // Then the card, on the short address and the canonical one alike.
    await cardOf(`/${PRODUCT_SLUG}/${v.id}`);
    expectCard(await head(canonical), {
      title: 'SOL weekly outlook · Sol Whale · Glint',
      ogTitle: 'SOL weekly outlook',
      canonical,
      type: 'video.other',
      embedId: v.id,
    });

    // A new title is a new card.
    const before = (await head(canonical)).meta('og:image');
    await t.database.db.update(videos).set({ title: 'SOL monthly outlook' }).where(eq(videos.id, v.id));
    const renamed = await head(`/${PRODUCT_SLUG}/${v.id}`);
    expect(renamed.title).toBe('SOL monthly outlook · Sol Whale · Glint');
    expect(renamed.meta('og:image')).not.toBe(before);
    const card = await cardOf(`/${PRODUCT_SLUG}/${v.id}`);
    expect(card.meta('og:image')).not.toBe(before);
  }, 180_000);

  it('previews a short at its own address and from the shorts feed', async () => {
    const c = await creator('shortmaker', 'Short Maker');
    const s = await video(c.id, {
      kind: 'short',
      title: 'Quick take',
      slug: 'quick-take',
      description: '',
      thumbnailUrl: await picture(`videos/short-poster/thumb.jpg`, 360, 640),
    });
    const canonical = `/shorts/shortmaker/quick-take/${s.id}`;
    const expected = { title: 'Quick take · Short Maker · Glint', ogTitle: 'Quick take', canonical, type: 'video.other', embedId: s.id };
    const feed = await head(`/shorts?video=${s.id}`);
    expectCard(feed, expected);
    expect(feed.meta('description')).toBe('Watch “Quick take” by Short Maker on Glint.');
    expectCard(await head(canonical), expected);
    await cardOf(canonical);
  }, 180_000);

  it('says a live stream is live, a scheduled one when, and a replay that it is one', async () => {
    const c = await creator('streamer', 'The Streamer');
    const make = async (over: Partial<typeof livestreams.$inferInsert>) => {
      const [row] = await t.database.db
        .insert(livestreams)
        .values({ ownerId: c.id, title: 'Morning markets', slug: 'morning-markets', category: 'Trading', ...over })
        .returning();
      return row!;
    };
    const live = await make({ status: 'live', startedAt: new Date() });
    const page = await head(`/stream/${live.id}`);
    expectCard(page, {
      title: 'Morning markets · The Streamer · Glint',
      ogTitle: 'LIVE: Morning markets',
      canonical: `/stream/streamer/morning-markets/${live.id}`,
      type: 'video.other',
      embedId: live.id,
    });
    expect(page.meta('description')).toMatch(/^Live now on Glint: /);
    await expectOembed(page);
    await cardOf(`/stream/${live.id}`);

    const scheduled = await make({ status: 'scheduled', scheduledAt: new Date('2030-12-01T18:00:00Z') });
    const soon = await head(`/stream/streamer/morning-markets/${scheduled.id}`);
    expect(soon.meta('og:title')).toBe('Scheduled: Morning markets');
    expect(soon.meta('description')).toBe('Live on Glint on Sun, 1 Dec 2030, 18:00 UTC: “Morning markets” by The Streamer');
    await cardOf(`/stream/${scheduled.id}`);

    const recording = await video(c.id, { title: 'Morning markets (replay)' });
    const replay = await make({ status: 'ended', startedAt: new Date(Date.now() - 3_600_000), endedAt: new Date(), recordingVideoId: recording.id });
    const ended = await head(`/stream/${replay.id}`);
    expect(ended.meta('og:title')).toBe('Replay: Morning markets');
    expect(ended.meta('og:video')).toBe(`${origin}/embed/${replay.id}`);
    await cardOf(`/stream/${replay.id}`);
  }, 180_000);

  it('previews a public playlist with its first video’s poster; an unlisted one is kept out of search, a private one unavailable', async () => {
    const c = await creator('listmaker', 'List Maker');
    const poster = await picture('videos/playlist-poster/poster.jpg');
    const v = await video(c.id, { title: 'Staking 101', thumbnailUrl: poster, hlsKey: 'videos/x/hls/master.m3u8' });
    const make = async (title: string, visibility: string) => {
      const p = (await c.c.post('/api/playlists', { title, visibility })).json() as { id: string };
      expect((await c.c.post(`/api/playlists/${p.id}/items`, { videoId: v.id })).statusCode).toBeLessThan(300);
      return p.id;
    };
    const open = await make('Road trip', 'public');
    const page = await head(`/playlist/${open}`);
    expectCard(page, { title: 'Road trip · List Maker · Glint', ogTitle: 'Road trip (1 video)', canonical: `/playlist/${open}`, type: 'website' });
    expect(page.meta('description')).toBe('A playlist of 1 video by List Maker on Glint.');
    expect(page.meta('og:image')).toBe(`${origin}${poster}`);
    expect(page.meta('robots')).toBeUndefined();
    const unlisted = await head(`/playlist/${await make('Between us', 'unlisted')}`);
    expect(unlisted.meta('og:title')).toBe('Between us (1 video)');
    expect(unlisted.meta('robots')).toBe('noindex');
    expectUnavailable(await head(`/playlist/${await make('Secret list', 'private')}`), 'playlist', ['Secret list']);
    expectUnavailable(await head('/playlist/watch-later'), 'playlist', []);
  });

  it('previews a profile with its avatar and names, and a bounty with its reward', async () => {
    const c = await creator('profiled', 'Pro Filed');
    await t.database.db
      .update(profiles)
      .set({ avatarUrl: await picture(`profiles/${c.id}/avatar.jpg`, 400, 400) })
      .where(eq(profiles.id, c.id));
    const page = await head('/profile/profiled');
    expectCard(page, { title: '@profiled · Glint', ogTitle: 'Pro Filed (@profiled)', canonical: '/profile/profiled', type: 'profile' });
    expect(page.meta('description')).toBe('Pro Filed talks markets.');
    await cardOf('/profile/profiled');

    const [b] = await t.database.db
      .insert(bounties)
      .values({
        posterId: c.id,
        title: 'Explain restaking',
        description: 'A ten minute video.',
        rewardLamports: 2_500_000_000n,
        deadline: new Date(Date.now() + 86400_000),
        category: 'DeFi',
      })
      .returning();
    // A bounty has no picture of its own: its preview waits for its card (drawn art), then shows it large.
    const bare = await head(`/bounties/${b!.id}`);
    expect(bare.meta('og:image')).toBeUndefined();
    expect(bare.meta('twitter:card')).toBe('summary');
    const bounty = await cardOf(`/bounties/${b!.id}`);
    expectCard(bounty, {
      title: 'Explain restaking · Bounties · Glint',
      ogTitle: 'Bounty: Explain restaking',
      canonical: `/bounties/${b!.id}`,
      type: 'website',
    });
    expect(bounty.meta('description')).toBe('2.5 SOL bounty by Pro Filed on Glint: A ten minute video.');
  }, 180_000);
});

describe('what a preview keeps to itself', () => {
  it("shows a paid video's poster and price, never its media", async () => {
    const c = await creator('seller', 'Seller');
    const v = await video(c.id, {
      title: 'Alpha call',
      priceMicroUsdc: 1_500_000,
      hlsKey: 'paid/secret/hls/master.m3u8',
      sprite: { key: 'paid/secret/sprite.jpg', interval: 2, columns: 5, rows: 5, tileWidth: 160, tileHeight: 90 },
      thumbnailUrl: await picture('videos/paid-poster/thumb.jpg'),
    });
    const page = await head(`/${PRODUCT_SLUG}/${v.id}`);
    expectCard(page, {
      title: 'Alpha call · Seller · Glint',
      ogTitle: 'Alpha call',
      canonical: `/${PRODUCT_SLUG}/seller/alpha-call/${v.id}`,
      type: 'video.other',
      embedId: v.id,
    });
    expect(page.meta('description')).toBe('Where SOL goes this week.');
    expect(page.html).not.toContain('paid/');
    expect(page.html).not.toContain('.m3u8');
    expect(page.html).not.toContain('sprite');
    await cardOf(`/${PRODUCT_SLUG}/${v.id}`);
  }, 180_000);

  it("says a removed item is unavailable without its title, and shows nothing of a draft's, an unlisted's searchability, or a banned account's", async () => {
    const c = await creator('hider', 'Hider');
    const removed = await video(c.id, { title: 'Removed secret title', takenDownAt: new Date() });
    const removedPage = await head(`/${PRODUCT_SLUG}/${removed.id}`);
    expectUnavailable(removedPage, 'video', ['Removed secret title']);
    expect(removedPage.meta('description')).toBe('This video was removed from Glint.');
    expect(removedPage.title).toBe('Video unavailable · Glint');

    const draft = await video(c.id, { title: 'Draft secret title', status: 'processing', publishedAt: null });
    expectUnavailable(await head(`/${PRODUCT_SLUG}/${draft.id}`), 'video', ['Draft secret title']);
    expectUnavailable(await head(`/${PRODUCT_SLUG}/00000000-0000-0000-0000-000000000000`), 'video', []);

    const unlisted = await video(c.id, { title: 'By link only', visibility: 'unlisted' });
    const unlistedPage = await head(`/${PRODUCT_SLUG}/${unlisted.id}`);
    expect(unlistedPage.meta('og:title')).toBe('By link only');
    expect(unlistedPage.meta('robots')).toBe('noindex');

    const [stream] = await t.database.db
      .insert(livestreams)
      .values({ ownerId: c.id, title: 'Removed stream title', slug: 'x', category: 'Trading', takenDownAt: new Date() })
      .returning();
    expectUnavailable(await head(`/stream/${stream!.id}`), 'stream', ['Removed stream title']);

    const banned = await creator('bannedone', 'Banned Person');
    const bannedVideo = await video(banned.id, { title: 'Banned video title' });
    const [bannedBounty] = await t.database.db
      .insert(bounties)
      .values({ posterId: banned.id, title: 'Banned bounty title', rewardLamports: 1n, deadline: new Date(Date.now() + 86400_000), category: 'DeFi' })
      .returning();
    await t.database.db.insert(sanctions).values({ userId: banned.id, kind: 'ban' });
    expectUnavailable(await head(`/${PRODUCT_SLUG}/${bannedVideo.id}`), 'video', ['Banned video title']);
    expectUnavailable(await head(`/bounties/${bannedBounty!.id}`), 'bounty', ['Banned bounty title']);
    const bannedProfile = await head('/profile/bannedone');
    expectUnavailable(bannedProfile, 'account', ['Banned Person', 'talks markets']);
  });

  it('escapes a hostile title in the title, every attribute and the oEmbed link, and draws it on its card', async () => {
    const c = await creator('hostile', 'Eve "the" <b>Bold</b>');
    const title = `"><script>alert(1)</script> & 'quoted' </title><img src=x onerror=alert(2)>`;
    const v = await video(c.id, { title, description: `</meta>"<script>alert(3)</script>` });
    const page = await head(`/${PRODUCT_SLUG}/${v.id}`);
    // Nothing the title carries became an element.
    const scripts = page.all('script');
    expect(scripts.map((el) => attr(el, 'src') ?? attr(el, 'id'))).toEqual(['/theme-init.js', 'glint-session']);
    expect(scripts.some((el) => textOf(el).includes('alert'))).toBe(false);
    expect(page.all('img')).toHaveLength(0);
    expect(page.title).toBe(`${title.replace(/\s+/g, ' ').trim()} · Eve "the" <b>Bold</b> · Glint`);
    expect(page.meta('og:title')).toBe(title);
    expect(page.meta('description')).toBe(`</meta>"<script>alert(3)</script>`);
    expect(attr(page.link('alternate', 'application/json+oembed'), 'title')).toBe(title);
    // Its card is drawn with the title as it is (ffmpeg reads the words from a file), and named in an attribute.
    const card = await cardOf(`/${PRODUCT_SLUG}/${v.id}`);
    expect(card.meta('og:image:alt')).toBe(`Video “${title}” by Eve "the" <b>Bold</b>`);
  }, 180_000);
});

describe('cards made as items are published', () => {
  it("makes a bounty's and a stream's card as they are posted, so the first read of their pages already shows it", async () => {
    const on = await createTestApp({ CLIENT_DIR: clientDir, CARDS_ON_PUBLISH: 'true' });
    try {
      const c = await verifiedClient(on.app, 'publisher');
      const posted = await c.post('/api/bounties', {
        title: 'Explain liquid staking',
        description: 'A short that explains liquid staking with a real example.',
        rewardSol: '1',
        deadline: new Date(Date.now() + 3 * 86400_000).toISOString(),
        category: 'Education',
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const stream = await c.post('/api/streams', { title: 'Opening bell', category: 'Trading' });
      expect(stream.statusCode, stream.body).toBe(201);
      const cards = (prefix: string) => {
        const dir = path.join(on.app.storage.root!, prefix);
        return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^card-[0-9a-f]{16}\.jpg$/.test(f)) : [];
      };
      for (const [prefix, url] of [
        [`bounties/${(posted.json() as { id: string }).id}`, `/bounties/${(posted.json() as { id: string }).id}`],
        [`streams/${(stream.json() as { id: string }).id}`, `/stream/${(stream.json() as { id: string }).id}`],
      ] as const) {
        // No page of it was read: posting it asked for the card.
        const [card] = await waitUntil(
          `the card in ${prefix}`,
          async () => cards(prefix),
          (found) => found.length === 1,
          90_000,
        );
        const first = await head(url, on.app);
        expect(first.meta('og:image')).toBe(`${on.config.publicUrl}/media/${prefix}/${card}`);
        expect(first.meta('og:image:width')).toBe('1200');
      }
    } finally {
      await on.close();
    }
  }, 180_000);
});
