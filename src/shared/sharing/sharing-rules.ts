import { PRODUCT_SLUG } from '../platform/product.js';

// Sharing Glint elsewhere: the embeddable player, oEmbed, feeds and the sitemap's addresses. Rules and
// texts without zod, so the embed's small bundle does not load the schema library (./sharing.ts has the schemas).

/** The embeddable player of a video, short or stream: the page other sites put in an `<iframe>`. */
export const embedPath = (id: string) => `/embed/${encodeURIComponent(id)}`;
/** A creator's feed (RSS 2.0): beside their profile page, `/profile/{username}`. */
export const creatorFeedPath = (username: string) => `/profile/${encodeURIComponent(username)}/feed.xml`;
/** Glint's newest videos and shorts (RSS 2.0). */
export const SITE_FEED_PATH = '/feed.xml';
/** The oEmbed endpoint (https://oembed.com): the card other sites build from a pasted Glint link. */
export const OEMBED_PATH = '/api/oembed';

/** The sizes an embed is offered in: a long video or stream at 16:9, a short upright at 9:16. */
export const EMBED_SIZE = { landscape: { width: 640, height: 360 }, portrait: { width: 315, height: 560 } } as const;

/** What a viewer reads in an embed whose item cannot be shown. */
export const EMBED_UNAVAILABLE = 'This video is unavailable';
export const EMBED_UNAVAILABLE_STREAM = 'This stream is unavailable';
export const EMBED_UNLOCK = 'Unlock on Glint';
export const EMBED_ENDED = 'This stream has ended';

/** The embed's own options (`?autoplay=1&muted=1&t=90`). */
export interface EmbedOptions {
  autoplay: boolean;
  muted: boolean;
  /** Where a video starts, in whole seconds; null from the start. */
  start: number | null;
}

/** Reads the embed's query: anything but `1` is off, and `t` is whole seconds (`90`, `1m30s` and `1h2m3s` too). */
export function parseEmbedOptions(query: URLSearchParams): EmbedOptions {
  return { autoplay: query.get('autoplay') === '1', muted: query.get('muted') === '1', start: parseStartTime(query.get('t')) };
}

/** `90`, `90s`, `1m30s`, `1h2m3s` -> seconds; null for nothing, zero or anything else. */
export function parseStartTime(raw: string | null): number | null {
  if (!raw) return null;
  const m = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(raw.trim());
  if (!m || (!m[1] && !m[2] && !m[3])) return null;
  const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

/** The `<iframe>` other sites paste: the embed at `origin`, starting at `start` seconds when given. */
export function embedCode(origin: string, item: { id: string; title: string; portrait?: boolean }, start?: number | null): string {
  const size = item.portrait ? EMBED_SIZE.portrait : EMBED_SIZE.landscape;
  return iframeHtml(`${origin}${embedPath(item.id)}${start && start > 0 ? `?t=${Math.floor(start)}` : ''}`, item.title, size.width, size.height);
}

/** An `<iframe>` of the player, its attributes escaped. */
export function iframeHtml(src: string, title: string, width: number, height: number): string {
  return (
    `<iframe src="${escapeAttr(src)}" width="${width}" height="${height}" title="${escapeAttr(title)}" frameborder="0" ` +
    `allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>`
  );
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The id of the video, short or stream a Glint address shows (its watch page, a short, a stream, an
 * embed), or null for any other address. Only the path and query are read: the caller checks the origin.
 */
export function sharedItemId(url: URL): { id: string; kind: 'video' | 'stream' | 'any' } | null {
  const seg = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const last = seg.at(-1) ?? '';
  if (seg[0] === PRODUCT_SLUG && (seg.length === 2 || seg.length === 4)) return { id: last, kind: 'video' };
  if (seg[0] === 'shorts' && seg.length === 4) return { id: last, kind: 'video' };
  if (seg[0] === 'shorts' && seg.length === 1 && url.searchParams.get('video')) return { id: url.searchParams.get('video')!, kind: 'video' };
  if (seg[0] === 'stream' && (seg.length === 2 || seg.length === 4)) return { id: last, kind: 'stream' };
  if (seg[0] === 'embed' && seg.length === 2) return { id: last, kind: 'any' };
  return null;
}

/** `width`×`height` made to fit `maxwidth`×`maxheight`, keeping its shape (whole pixels, at least 1). */
export function fitWithin(width: number, height: number, maxwidth?: number, maxheight?: number): { width: number; height: number } {
  const scale = Math.min(1, maxwidth ? maxwidth / width : 1, maxheight ? maxheight / height : 1);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/** The element the embed's data is written into. */
export const EMBED_DATA_ID = 'glint-embed';
