import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import { paths } from '../../../shared/platform/routes.js';
import { EMBED_SIZE, embedPath, fitWithin, iframeHtml, sharedItemId, type EmbedItem, type OEmbed } from '../../../shared/sharing/sharing.js';
import { microsToUsdc } from '../../../shared/x402/x402-rules.js';
import { findProfileById } from '../../access/creator.js';
import { isBanned } from '../../access/standing.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import type { Storage } from '../../platform/storage/storage.js';
import { getStreamRow } from '../live/service.js';
import { getVideo, listCaptions } from '../videos/service.js';

type VideoRow = NonNullable<Awaited<ReturnType<typeof getVideo>>>;
type StreamRow = NonNullable<Awaited<ReturnType<typeof getStreamRow>>>;

/**
 * A video anyone may watch: ready, not private, not removed by a moderator, its owner not banned.
 * Unlisted ones too (their link is how they are watched).
 */
async function watchable(db: Db, v: VideoRow): Promise<boolean> {
  return v.status === 'ready' && v.visibility !== 'private' && !v.takenDownAt && !(await isBanned(db, v.ownerId));
}

const creatorOf = async (db: Db, ownerId: string) => {
  const p = await findProfileById(db, ownerId);
  return p ? { username: p.username, displayName: p.displayName } : null;
};

const unavailable = (id: string, kind: EmbedItem['kind']): EmbedItem => ({
  id,
  kind,
  state: 'unavailable',
  title: '',
  watchPath: '/app',
  poster: null,
  hlsUrl: null,
  live: false,
  durationSeconds: null,
  captions: [],
  priceUsdc: null,
  scheduledAt: null,
  creator: null,
});

/** A video as the embed shows it: its media only when it is free (a priced one links to its page to be unlocked). */
async function videoItem(db: Db, storage: Storage, v: VideoRow, as: { id: string; kind: EmbedItem['kind']; watchPath?: string }): Promise<EmbedItem> {
  const creator = await creatorOf(db, v.ownerId);
  const priced = v.priceMicroUsdc !== null;
  return {
    id: as.id,
    kind: as.kind,
    state: priced ? 'paid' : v.hlsKey ? 'playable' : 'unavailable',
    title: v.title,
    watchPath:
      as.watchPath ?? (v.kind === 'short' ? paths.short(v.id) : paths.video({ id: v.id, ...(creator ? { username: creator.username } : {}), title: v.title })),
    poster: v.thumbnailUrl,
    hlsUrl: !priced && v.hlsKey ? storage.url(v.hlsKey) : null,
    live: false,
    durationSeconds: v.durationSeconds,
    captions: !priced && v.hlsKey ? await listCaptions(db, v.id) : [],
    priceUsdc: priced ? microsToUsdc(v.priceMicroUsdc!) : null,
    scheduledAt: null,
    creator,
  };
}

/**
 * What the embed of `id` (a video, a short or a stream) shows a guest, and the status its page
 * answers with: a live stream plays live, an ended one its replay, a priced video its "Unlock"
 * state without any media address, and a missing, removed or banned one only that it is unavailable.
 */
export async function embedItemOf(db: Db, storage: Storage, id: string): Promise<{ status: 200 | 404; item: EmbedItem }> {
  if (!isUuid(id)) return { status: 404, item: unavailable(id, 'long') };
  const v = await getVideo(db, id);
  if (v) {
    if (!(await watchable(db, v))) return { status: 404, item: unavailable(id, v.kind) };
    return { status: 200, item: await videoItem(db, storage, v, { id, kind: v.kind }) };
  }
  const s = await getStreamRow(db, id);
  if (!s || s.takenDownAt || (await isBanned(db, s.ownerId))) return { status: 404, item: unavailable(id, 'stream') };
  return { status: 200, item: await streamItem(db, storage, s) };
}

async function streamItem(db: Db, storage: Storage, s: StreamRow): Promise<EmbedItem> {
  const creator = await creatorOf(db, s.ownerId);
  const watchPath = paths.stream({ id: s.id, ...(creator ? { username: creator.username } : {}), title: s.title });
  if (s.status === 'ended' && s.recordingVideoId) {
    const replay = await getVideo(db, s.recordingVideoId);
    if (replay && (await watchable(db, replay))) return videoItem(db, storage, replay, { id: s.id, kind: 'stream', watchPath });
  }
  const live = s.status === 'live' && s.publishing && !!s.hlsPath;
  return {
    id: s.id,
    kind: 'stream',
    state: live ? 'playable' : s.status === 'scheduled' ? 'scheduled' : 'ended',
    title: s.title,
    watchPath,
    poster: s.thumbnailUrl,
    hlsUrl: live ? s.hlsPath : null,
    live,
    durationSeconds: null,
    captions: [],
    priceUsdc: null,
    scheduledAt: s.scheduledAt?.toISOString() ?? null,
    creator,
  };
}

/**
 * The oEmbed answer for a Glint address, or null when it names nothing a guest may embed (another
 * site's address, an address that is no video, short or stream, one that is missing, removed, of
 * a banned account, unlisted). `origin` is Glint's own: only addresses on it are read, so the
 * endpoint never fetches or points anywhere else.
 */
export async function oEmbedFor(
  db: Db,
  storage: Storage,
  origin: string,
  url: string,
  max: { maxwidth?: number | undefined; maxheight?: number | undefined },
): Promise<OEmbed | null> {
  const page = onOrigin(url, origin);
  const ref = page && sharedItemId(page);
  if (!ref || !isUuid(ref.id)) return null;
  const video = ref.kind === 'stream' ? undefined : await getVideo(db, ref.id);
  // Unlisted videos are watched by their link only, private ones by their owner only: no card is made for them.
  if (video && video.visibility !== 'public') return null;
  if (ref.kind === 'video' && !video) return null;
  const { status, item } = await embedItemOf(db, storage, ref.id);
  if (status !== 200 || !item.creator) return null;
  const portrait = item.kind === 'short';
  const base = portrait ? EMBED_SIZE.portrait : EMBED_SIZE.landscape;
  const { width, height } = fitWithin(base.width, base.height, max.maxwidth, max.maxheight);
  const thumb = item.poster ? thumbnailOf(item.poster, origin, video) : undefined;
  return {
    version: '1.0',
    type: 'video',
    title: item.title,
    author_name: item.creator.displayName,
    author_url: `${origin}${paths.profile(item.creator.username)}`,
    provider_name: PRODUCT_NAME,
    provider_url: `${origin}/`,
    html: iframeHtml(`${origin}${embedPath(item.id)}`, item.title, width, height),
    width,
    height,
    ...thumb,
  };
}

/** `url` parsed when it is an http(s) address on `origin` (no credentials), else null. */
function onOrigin(url: string, origin: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password || parsed.origin !== new URL(origin).origin) return null;
  return parsed;
}

/**
 * The poster's address and size: a video's poster is its frame scaled to at most 1280 wide
 * (src/server/platform/media/ffmpeg.ts); a stream's picture is shown at 16:9.
 */
function thumbnailOf(poster: string, origin: string, video: VideoRow | undefined) {
  const url = poster.startsWith('/') ? `${origin}${poster}` : poster;
  if (video?.width && video.height) {
    const w = Math.min(1280, video.width);
    return { thumbnail_url: url, thumbnail_width: w, thumbnail_height: Math.round((w * video.height) / video.width) };
  }
  return { thumbnail_url: url, thumbnail_width: 1280, thumbnail_height: 720 };
}
