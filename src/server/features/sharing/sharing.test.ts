import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OEmbedSchema, EMBED_DATA_ID, EmbedItemSchema } from '../../../shared/sharing/sharing.js';
import { sanctions } from '../../access/schema.js';
import { seedDemo } from '../../seed/seed.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { parseHtml, parseXml } from '../../test-support/dom.js';
import { livestreams } from '../live/schema.js';
import { videos } from '../videos/schema.js';

let t: TestApp;
let origin: string;
const ids: Record<string, string> = {};

const locs = (doc: Document) => Array.from(doc.getElementsByTagName('loc')).map((l) => l.textContent!);

beforeAll(async () => {
  t = await createTestApp();
  origin = new URL(t.config.publicUrl).origin;
  const db = t.database.db;
  await seedDemo(db);
  const base = {
    category: 'podcast-talk-shows',
    status: 'ready' as const,
    publishedAt: new Date(Date.now() - 3600_000),
    durationSeconds: 95,
    width: 1920,
    height: 1080,
  };
  const add = async (key: string, row: Partial<typeof videos.$inferInsert>) => {
    const [v] = await db
      .insert(videos)
      .values({
        ownerId: 'demo-solwhale',
        kind: 'long',
        title: `Video ${key}`,
        slug: 'x',
        ...base,
        hlsKey: `videos/${key}/g/hls/master.m3u8`,
        thumbnailUrl: `/media/videos/${key}/poster.jpg`,
        ...row,
      })
      .returning({ id: videos.id });
    ids[key] = v!.id;
  };
  await add('free', { title: 'SOL weekly <outlook> & "more"', description: 'Levels & targets' });
  await add('short', { kind: 'short', width: 1080, height: 1920, title: 'A short' });
  await add('paid', { priceMicroUsdc: 1_500_000, hlsKey: 'paid/paid/g/hls/master.m3u8' });
  await add('removed', { takenDownAt: new Date() });
  await add('deleted', { status: 'removed' });
  await add('unlisted', { visibility: 'unlisted' });
  await add('processing', { status: 'processing' });
  await add('banned', { ownerId: 'demo-memequeen' });
  await db.insert(sanctions).values({ userId: 'demo-memequeen', kind: 'ban' });
  const [live] = await db
    .update(livestreams)
    .set({ status: 'live', publishing: true, hlsPath: '/live/x/1/index.m3u8', startedAt: new Date() })
    .where(eq(livestreams.ownerId, 'demo-nftnina'))
    .returning({ id: livestreams.id });
  ids.live = live!.id;
  const [scheduled] = await db.select({ id: livestreams.id }).from(livestreams).where(eq(livestreams.ownerId, 'demo-defidan'));
  ids.scheduled = scheduled!.id;
  const [removedStream] = await db
    .update(livestreams)
    .set({ takenDownAt: new Date() })
    .where(eq(livestreams.ownerId, 'demo-builderbo'))
    .returning({ id: livestreams.id });
  ids.removedStream = removedStream!.id;
});
afterAll(() => t.close());

const oembed = (url: string, extra = '') => t.app.inject(`/api/oembed?url=${encodeURIComponent(url)}${extra}`);

describe('GET /api/oembed', () => {
  it('describes a video: its player, its size, its creator and poster', async () => {
    const res = await oembed(`${origin}/glint/solwhale/sol-weekly/${ids.free}`);
    expect(res.statusCode).toBe(200);
    const o = OEmbedSchema.parse(res.json());
    expect(o).toMatchObject({
      version: '1.0',
      type: 'video',
      title: 'SOL weekly <outlook> & "more"',
      author_name: 'Sol Whale',
      author_url: `${origin}/profile/solwhale`,
      provider_name: 'Glint',
      provider_url: `${origin}/`,
      width: 640,
      height: 360,
      thumbnail_url: `${origin}/media/videos/free/poster.jpg`,
      thumbnail_width: 1280,
      thumbnail_height: 720,
    });
    const iframe = parseHtml(o.html).querySelector('iframe')!;
    expect(iframe.getAttribute('src')).toBe(`${origin}/embed/${ids.free}`);
    expect(iframe.getAttribute('title')).toBe('SOL weekly <outlook> & "more"');
    expect(iframe.hasAttribute('allowfullscreen')).toBe(true);
  });

  it('describes a short upright and a live stream, and honours maxwidth and maxheight', async () => {
    const short = OEmbedSchema.parse((await oembed(`${origin}/shorts?video=${ids.short}`)).json());
    expect(short).toMatchObject({ width: 315, height: 560, title: 'A short' });
    const small = OEmbedSchema.parse((await oembed(`${origin}/glint/${ids.free}`, '&maxwidth=320')).json());
    expect([small.width, small.height]).toEqual([320, 180]);
    const low = OEmbedSchema.parse((await oembed(`${origin}/shorts/solwhale/a-short/${ids.short}`, '&maxwidth=500&maxheight=280')).json());
    expect([low.width, low.height]).toEqual([157, 280]);
    expect(low.html).toContain('width="157" height="280"');
    const live = OEmbedSchema.parse((await oembed(`${origin}/stream/${ids.live}`)).json());
    expect(live).toMatchObject({ author_url: `${origin}/profile/nftnina`, html: expect.stringContaining(`${origin}/embed/${ids.live}`) });
    const scheduled = OEmbedSchema.parse((await oembed(`${origin}/stream/defidan/stablecoin/${ids.scheduled}`)).json());
    expect(scheduled.author_name).toBe('DeFi Dan');
  });

  it('makes the card of a paid video without any media address', async () => {
    const res = await oembed(`${origin}/glint/${ids.paid}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('paid/paid');
    expect(res.body).not.toContain('m3u8');
  });

  it('answers 404 for what a guest may not see: removed, deleted, unlisted, processing, banned, unknown', async () => {
    for (const key of ['removed', 'deleted', 'unlisted', 'processing', 'banned']) {
      const res = await oembed(`${origin}/glint/${ids[key]}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await oembed(`${origin}/stream/${ids.removedStream}`)).statusCode).toBe(404);
    expect((await oembed(`${origin}/glint/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await oembed(`${origin}/bounties`)).statusCode).toBe(404);
  });

  it('reads only addresses on Glint itself: no other host, scheme, port or credentials', async () => {
    const path = `/glint/${ids.free}`;
    const host = new URL(origin);
    const foreign = [
      `https://evil.example${path}`,
      `http://127.0.0.1:1${path}`,
      `${host.protocol}//${host.hostname}:${Number(host.port || 80) + 1}${path}`,
      `${host.protocol === 'http:' ? 'https:' : 'http:'}//${host.host}${path}`,
      `${host.protocol}//user:pw@${host.host}${path}`,
      `${host.protocol}//${host.host}.evil.example${path}`,
      `//evil.example${path}`,
      `javascript:alert(1)//${host.host}${path}`,
      path,
    ];
    for (const url of foreign) expect((await oembed(url)).statusCode, url).toBe(404);
  });

  it('offers JSON only (501 for XML) and refuses a malformed request', async () => {
    const xml = await oembed(`${origin}/glint/${ids.free}`, '&format=xml');
    expect(xml.statusCode).toBe(501);
    expect((await oembed(`${origin}/glint/${ids.free}`, '&format=yaml')).statusCode).toBe(400);
    expect((await t.app.inject('/api/oembed')).statusCode).toBe(400);
    expect((await oembed(`${origin}/glint/${ids.free}`, '&maxwidth=0')).statusCode).toBe(400);
  });
});

describe('GET /embed/:id', () => {
  const itemOf = (html: string) => {
    const doc = parseHtml(html);
    return { doc, item: EmbedItemSchema.parse(JSON.parse(doc.getElementById(EMBED_DATA_ID)!.textContent!)) };
  };

  it('may be framed by any site; every other page may not', async () => {
    const embed = await t.app.inject(`/embed/${ids.free}`);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    for (const page of ['/', '/app', `/glint/${ids.free}`, '/api/me', '/robots.txt', '/sitemap.xml']) {
      const res = await t.app.inject(page);
      expect(res.headers['content-security-policy'], page).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-frame-options'], page).toBe('DENY');
    }
    // A look-alike path is not the embed.
    expect((await t.app.inject('/embedx')).headers['x-frame-options']).toBe('DENY');
  });

  it('carries a free video with its playlist, and its title', async () => {
    const res = await t.app.inject(`/embed/${ids.free}`);
    const { doc, item } = itemOf(res.body);
    expect(doc.title).toBe('SOL weekly <outlook> & "more" · Glint');
    expect(item).toMatchObject({
      state: 'playable',
      kind: 'long',
      hlsUrl: expect.stringContaining(`videos/free/g/hls/master.m3u8`),
      creator: { username: 'solwhale' },
    });
    expect(res.headers.link).toContain('/media/videos/free/poster.jpg');
  });

  it('shows a paid video locked, with no media address, linking to its page', async () => {
    const res = await t.app.inject(`/embed/${ids.paid}`);
    const { item } = itemOf(res.body);
    expect(item).toMatchObject({ state: 'paid', hlsUrl: null, priceUsdc: '1.5', watchPath: expect.stringContaining(ids.paid!) });
    expect(res.body).not.toContain('paid/paid');
  });

  it('plays a live stream live and shows a scheduled one as such', async () => {
    expect(itemOf((await t.app.inject(`/embed/${ids.live}`)).body).item).toMatchObject({
      kind: 'stream',
      state: 'playable',
      live: true,
      hlsUrl: '/live/x/1/index.m3u8',
    });
    expect(itemOf((await t.app.inject(`/embed/${ids.scheduled}`)).body).item).toMatchObject({ state: 'scheduled', live: false, hlsUrl: null });
  });

  it('says a removed, deleted, processing, banned or unknown item is unavailable, telling nothing else', async () => {
    for (const key of ['removed', 'deleted', 'processing', 'banned', 'removedStream']) {
      const res = await t.app.inject(`/embed/${ids[key]}`);
      expect(res.statusCode, key).toBe(404);
      const { doc, item } = itemOf(res.body);
      expect(item).toMatchObject({ state: 'unavailable', title: '', hlsUrl: null, poster: null, creator: null });
      expect(doc.title).toBe('This video is unavailable · Glint');
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    }
    expect((await t.app.inject('/embed/not-an-id')).statusCode).toBe(404);
  });

  it('plays an unlisted video, whose link is how it is shared', async () => {
    expect(itemOf((await t.app.inject(`/embed/${ids.unlisted}`)).body).item.state).toBe('playable');
  });
});

describe('robots.txt, the sitemap and the feeds', () => {
  it('robots.txt keeps crawlers out of the API, admin and settings and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /settings', `Sitemap: ${origin}/sitemap.xml`]),
    );
  });

  const allSitemapUrls = async () => {
    const index = parseXml((await t.app.inject('/sitemap.xml')).body);
    expect(index.documentElement.localName).toBe('sitemapindex');
    const pages = locs(index);
    expect(pages).toEqual(['videos', 'shorts', 'streams', 'profiles', 'bounties'].map((s) => `${origin}/sitemaps/${s}-1.xml`));
    expect(index.getElementsByTagName('lastmod').length).toBeGreaterThan(0);
    const docs = await Promise.all(pages.map(async (p) => parseXml((await t.app.inject(new URL(p).pathname)).body)));
    return { docs, text: docs.map((d) => d.documentElement.outerHTML).join('\n') };
  };

  it('lists public items only, with their dates and the video fields of free videos', async () => {
    const { docs, text } = await allSitemapUrls();
    const [videoDoc] = docs;
    const urls = docs.flatMap(locs);
    expect(urls).toContain(`${origin}/glint/solwhale/sol-weekly-outlook-more/${ids.free}`);
    expect(urls).toContain(`${origin}/shorts?video=${ids.short}`);
    expect(urls).toContain(
      `${origin}/stream/nftnina/${urls
        .find((u) => u.endsWith(ids.live!))!
        .split('/')
        .at(-2)}/${ids.live}`,
    );
    expect(urls).toContain(`${origin}/profile/solwhale`);
    expect(urls.some((u) => u.startsWith(`${origin}/bounties/`))).toBe(true);
    for (const key of ['removed', 'deleted', 'unlisted', 'processing', 'banned', 'removedStream']) expect(text, key).not.toContain(ids[key]);
    expect(urls).not.toContain(`${origin}/profile/memequeen`);
    // A paid video: its page, never its media or a player.
    expect(urls.some((u) => u.endsWith(ids.paid!))).toBe(true);
    expect(text).not.toContain('paid/paid');
    expect(text).not.toContain('.m3u8');
    const free = Array.from(videoDoc!.getElementsByTagName('url')).find((u) => u.textContent!.includes(ids.free!))!;
    const field = (name: string) => free.getElementsByTagName(`video:${name}`)[0]?.textContent;
    expect(field('title')).toBe('SOL weekly <outlook> & "more"');
    expect(field('description')).toBe('Levels & targets');
    expect(field('player_loc')).toBe(`${origin}/embed/${ids.free}`);
    expect(field('thumbnail_loc')).toBe(`${origin}/media/videos/free/poster.jpg`);
    expect(field('duration')).toBe('95');
    expect(Date.parse(field('publication_date')!)).toBeGreaterThan(0);
    const paid = Array.from(videoDoc!.getElementsByTagName('url')).find((u) => u.textContent!.includes(ids.paid!))!;
    expect(paid.getElementsByTagName('video:video')).toHaveLength(0);
    for (const u of docs.flatMap((d) => Array.from(d.getElementsByTagName('url'))))
      expect(Date.parse(u.getElementsByTagName('lastmod')[0]!.textContent!)).toBeGreaterThan(0);
  });

  it('answers 404 past the last page and for names that are no sitemap', async () => {
    expect((await t.app.inject('/sitemaps/videos-2.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/secrets-1.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/videos-0.xml')).statusCode).toBe(404);
  });

  it('serves a creator feed and Glint’s feed as RSS with the right items', async () => {
    const res = await t.app.inject('/profile/SolWhale/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const doc = parseXml(res.body);
    expect(doc.documentElement.localName).toBe('rss');
    const items = Array.from(doc.getElementsByTagName('item'));
    const titles = items.map((i) => i.getElementsByTagName('title')[0]!.textContent);
    expect(titles).toEqual(expect.arrayContaining(['SOL weekly <outlook> & "more"', 'A short', 'Video paid']));
    for (const key of ['removed', 'deleted', 'unlisted', 'processing']) expect(res.body, key).not.toContain(ids[key]);
    const first = items.find((i) => i.textContent!.includes(ids.free!))!;
    expect(first.getElementsByTagName('enclosure')[0]!.getAttribute('url')).toBe(`${origin}/media/videos/free/poster.jpg`);
    expect(first.getElementsByTagName('link')[0]!.textContent).toBe(`${origin}/glint/solwhale/sol-weekly-outlook-more/${ids.free}`);
    expect(res.body).not.toContain('m3u8');

    const site = parseXml((await t.app.inject('/feed.xml')).body);
    const siteItems = Array.from(site.getElementsByTagName('item')).map((i) => i.getElementsByTagName('link')[0]!.textContent!);
    expect(siteItems.some((l) => l.endsWith(ids.free!))).toBe(true);
    expect(siteItems.some((l) => l.endsWith(ids.banned!))).toBe(false);
  });

  it('has no feed for a banned or unknown creator', async () => {
    expect((await t.app.inject('/profile/memequeen/feed.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/profile/nobody_here/feed.xml')).statusCode).toBe(404);
  });
});
