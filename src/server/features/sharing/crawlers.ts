import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../../shared/platform/product.js';
import { paths } from '../../../shared/platform/routes.js';
import { embedPath, SITE_FEED_PATH } from '../../../shared/sharing/sharing.js';
import type { Db } from '../../platform/db/client.js';
import { countIndexedBounties, listIndexedBounties } from '../bounties/service.js';
import { countIndexedStreams, listIndexedStreams } from '../live/service.js';
import { countIndexedProfiles, listIndexedProfiles } from '../profiles/service.js';
import { countIndexedVideos, listIndexedVideos, type IndexedVideo } from '../videos/service.js';
import { escapeXml, xmlElement, XML_DECLARATION } from './xml.js';

// What search engines and feed readers read: robots.txt, the sitemap index and its pages, RSS feeds.
// Only what a guest sees is listed: ready, public, not removed, of no banned account; a priced
// video's entry names its page and poster, never its media.

/** Addresses per sitemap page (the protocol allows 50,000; smaller pages are quicker to make and read). */
export const SITEMAP_PAGE_SIZE = 1000;
/** Items in a feed. */
export const FEED_ITEMS = 50;

export const SITEMAP_SECTIONS = ['videos', 'shorts', 'streams', 'profiles', 'bounties'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** robots.txt: crawl the pages, not the API, the admin screens or a person's own settings. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /settings',
    'Disallow: /studio',
    'Disallow: /submit',
    'Disallow: /reset-password',
    'Disallow: /update-password',
    // Every outbound link of user content goes through it: no search engine follows them from here.
    'Disallow: /leaving',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const counts: Record<SitemapSection, (db: Db) => Promise<{ count: number; newest: Date | null }>> = {
  videos: (db) => countIndexedVideos(db, 'long'),
  shorts: (db) => countIndexedVideos(db, 'short'),
  streams: countIndexedStreams,
  profiles: countIndexedProfiles,
  bounties: countIndexedBounties,
};

export const sitemapPagePath = (section: SitemapSection, page: number) => `/sitemaps/${section}-${page}.xml`;

/** `/sitemap.xml`: an index of every section's pages (at least one each), each with its newest change. */
export async function sitemapIndex(db: Db, origin: string): Promise<string> {
  const entries: string[] = [];
  for (const section of SITEMAP_SECTIONS) {
    const { count, newest } = await counts[section](db);
    const pages = Math.max(1, Math.ceil(count / SITEMAP_PAGE_SIZE));
    for (let page = 1; page <= pages; page++) {
      entries.push(
        `<sitemap>${xmlElement('loc', `${origin}${sitemapPagePath(section, page)}`)}${newest ? xmlElement('lastmod', newest.toISOString()) : ''}</sitemap>`,
      );
    }
  }
  return `${XML_DECLARATION}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** `/sitemaps/videos-3.xml` -> its section and page; null for any other name. */
export function parseSitemapPage(file: string): { section: SitemapSection; page: number } | null {
  const m = /^([a-z]+)-([1-9][0-9]{0,5})\.xml$/.exec(file);
  if (!m || !(SITEMAP_SECTIONS as readonly string[]).includes(m[1]!)) return null;
  return { section: m[1] as SitemapSection, page: Number(m[2]) };
}

const url = (loc: string, lastmod: Date, extra = '') => `<url>${xmlElement('loc', loc)}${xmlElement('lastmod', lastmod.toISOString())}${extra}</url>`;
const absolute = (origin: string, path: string) => (path.startsWith('/') ? `${origin}${path}` : path);
const videoPage = (v: Pick<IndexedVideo, 'id' | 'kind' | 'username' | 'title'>) => (v.kind === 'short' ? paths.short(v.id) : paths.video(v));

/**
 * Google's video fields for a free video: its poster, title, description, the embed as its player,
 * duration and date. A priced one is listed as a page only (its player would show "Unlock").
 */
function videoFields(origin: string, v: IndexedVideo): string {
  if (v.priced || !v.thumbnailUrl) return '';
  const description = (v.description || `${v.title}, by ${v.displayName} on ${PRODUCT_NAME}`).slice(0, 2048);
  return (
    '<video:video>' +
    xmlElement('video:thumbnail_loc', absolute(origin, v.thumbnailUrl)) +
    xmlElement('video:title', v.title) +
    xmlElement('video:description', description) +
    xmlElement('video:player_loc', `${origin}${embedPath(v.id)}`) +
    (v.durationSeconds ? xmlElement('video:duration', String(Math.max(1, Math.min(28_800, v.durationSeconds)))) : '') +
    xmlElement('video:publication_date', v.publishedAt.toISOString()) +
    xmlElement('video:uploader', v.displayName) +
    '</video:video>'
  );
}

/** One page of a section's sitemap, or null when the page is past its end (the first page always exists). */
export async function sitemapPage(db: Db, origin: string, section: SitemapSection, page: number): Promise<string | null> {
  const window = { offset: (page - 1) * SITEMAP_PAGE_SIZE, limit: SITEMAP_PAGE_SIZE };
  let urls: string[];
  switch (section) {
    case 'videos':
    case 'shorts': {
      const rows = await listIndexedVideos(db, { kinds: [section === 'videos' ? 'long' : 'short'], ...window });
      urls = rows.map((v) => url(`${origin}${videoPage(v)}`, v.publishedAt, videoFields(origin, v)));
      break;
    }
    case 'streams':
      urls = (await listIndexedStreams(db, window)).map((s) => url(`${origin}${paths.stream(s)}`, s.lastmod));
      break;
    case 'profiles':
      urls = (await listIndexedProfiles(db, window)).map((p) => url(`${origin}${paths.profile(p.username)}`, p.lastmod));
      break;
    case 'bounties':
      urls = (await listIndexedBounties(db, window)).map((b) => url(`${origin}${paths.bounty(b.id)}`, b.lastmod));
      break;
  }
  if (!urls.length && page > 1) return null;
  return (
    `${XML_DECLARATION}\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">\n` +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/**
 * An RSS 2.0 feed of videos and shorts, newest first: each item links to its page and carries its
 * poster as the enclosure. `creator` for one creator's feed (linked from their profile), else Glint's.
 */
export async function rssFeed(db: Db, origin: string, feedPath: string, creator?: { id: string; username: string; displayName: string }): Promise<string> {
  const rows = await listIndexedVideos(db, { kinds: ['long', 'short'], ...(creator ? { ownerId: creator.id } : {}), offset: 0, limit: FEED_ITEMS });
  const title = creator ? `${creator.displayName} (@${creator.username}) · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: newest videos and shorts`;
  const link = creator ? `${origin}${paths.profile(creator.username)}` : `${origin}/app`;
  const description = creator ? `New videos and shorts by ${creator.displayName} on ${PRODUCT_NAME}` : `${PRODUCT_NAME}: ${PRODUCT_TAGLINE}`;
  const items = rows.map((v) => {
    const page = `${origin}${videoPage(v)}`;
    const poster = v.thumbnailUrl ? absolute(origin, v.thumbnailUrl) : null;
    return (
      '<item>' +
      xmlElement('title', v.title) +
      xmlElement('link', page) +
      `<guid isPermaLink="true">${escapeXml(page)}</guid>` +
      xmlElement('pubDate', v.publishedAt.toUTCString()) +
      xmlElement('dc:creator', v.displayName) +
      xmlElement('category', v.kind === 'short' ? 'Short' : 'Video') +
      xmlElement('description', v.description || v.title) +
      (poster ? `<enclosure url="${escapeXml(poster)}" length="0" type="${poster.endsWith('.png') ? 'image/png' : 'image/jpeg'}"/>` : '') +
      '</item>'
    );
  });
  return (
    `${XML_DECLARATION}\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>` +
    xmlElement('title', title) +
    xmlElement('link', link) +
    xmlElement('description', description) +
    '<language>en</language>' +
    `<atom:link href="${escapeXml(`${origin}${feedPath}`)}" rel="self" type="application/rss+xml"/>` +
    (rows[0] ? xmlElement('lastBuildDate', rows[0].publishedAt.toUTCString()) : '') +
    `\n${items.join('\n')}\n</channel>\n</rss>\n`
  );
}

export { SITE_FEED_PATH };
