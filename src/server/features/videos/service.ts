import fs from 'node:fs';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import path from 'node:path';
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { VideoCard } from '../../../shared/videos/video-card.js';
import type { VideoProcessingEvent } from '../../../shared/realtime/realtime.js';
import { VIEW_HISTORY_DAYS } from '../../../shared/leaderboards/leaderboard-rules.js';
import { slugify } from '../../../shared/platform/routes.js';
import { toVideoCard, TRENDING, VIEW_WINDOW_HOURS, type VideoDetail, type VideoKind, type Visibility } from '../../../shared/videos/videos.js';
import { type Access } from '../../../shared/x402/x402.js';
import { microsToUsdc, usdcToMicros } from '../../../shared/x402/x402-rules.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { countAndNewest, type CountAndNewest } from '../../platform/db/counts.js';
import { prefixQuery, textMatch, textRank } from '../../platform/db/text-search.js';
import { livestreams } from '../live/schema.js';
import { videoLikes, videoProgress, videoViews, videos } from './schema.js';
import { notFound } from '../../platform/http/errors.js';
import { paidMedia, videoMedia, type Storage } from '../../platform/storage/storage.js';
import { placeVideoMedia } from './paid-media.js';
import { listCaptions } from './captions.js';
import { failProcessing, releaseHeld, removeVideo, type VideoFields } from './video-state.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { isBanned, notBanned, removedError } from '../../access/standing.js';

// A video's captions, as other features list them (the embed).
export { listCaptions };

export interface VideoFilter {
  kind: VideoKind;
  category?: string | undefined;
  ownerId?: string | undefined;
  /** Any of these owners (the "Following" row). */
  ownerIds?: string[] | undefined;
  text?: string | undefined;
  limit?: number | undefined;
  sort?: 'newest' | 'trending' | undefined;
  /** Page after this many rows (infinite scroll). */
  offset?: number | undefined;
  excludeId?: string | undefined;
  /** Only those whose title or description names this text (a token's mint address), exactly. */
  mentions?: string | undefined;
}

/** Trending as SQL, the same formula as `trendingScore` in src/shared/videos/videos.ts. */
const trendingSql = sql`((${videos.views} * ${TRENDING.view} + ${videos.likes} * ${TRENDING.like} + ${videos.comments} * ${TRENDING.comment} + ${videos.shares} * ${TRENDING.share} + 1)
  / power(greatest(0, extract(epoch from (now() - coalesce(${videos.publishedAt}, ${videos.createdAt}))) / 3600) + ${TRENDING.offsetHours}, ${TRENDING.gravity}))`;

export const toCard = (v: typeof videos.$inferSelect, creator: VideoCard['creator']): VideoCard =>
  toVideoCard({
    ...v,
    publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
    priceUsdc: v.priceMicroUsdc === null ? null : microsToUsdc(v.priceMicroUsdc),
    creator,
  });

/** What any list shows: ready, public, not removed by a moderator, not of a banned account. */
const listedVideo: SQL[] = [eq(videos.status, 'ready'), eq(videos.visibility, 'public'), isNull(videos.takenDownAt), notBanned(videos.ownerId)];

/** Ready, public videos or shorts, newest or trending first (none removed by moderators, none of a banned account). */
export async function listVideos(db: Db, f: VideoFilter): Promise<VideoCard[]> {
  const where: SQL[] = [eq(videos.kind, f.kind), ...listedVideo];
  if (f.category) where.push(eq(videos.category, f.category));
  if (f.ownerId) where.push(eq(videos.ownerId, f.ownerId));
  if (f.ownerIds) {
    if (f.ownerIds.length === 0) return [];
    where.push(inArray(videos.ownerId, f.ownerIds));
  }
  if (f.excludeId) where.push(sql`${videos.id} <> ${f.excludeId}`);
  if (f.mentions) where.push(sql`(strpos(${videos.title}, ${f.mentions}) > 0 or strpos(${videos.description}, ${f.mentions}) > 0)`);
  const tsquery = f.text ? prefixQuery(f.text) : undefined;
  if (f.text) {
    if (!tsquery) return [];
    where.push(textMatch(videos.title, videos.description, tsquery));
  }
  const order = f.sort === 'trending' ? [desc(trendingSql), desc(videos.createdAt)] : [desc(videos.publishedAt), desc(videos.createdAt)];
  const rows = await db
    .select({ v: videos, creator: creatorColumns })
    .from(videos)
    .innerJoin(profilesTable, eq(profilesTable.id, videos.ownerId))
    .where(and(...where))
    .orderBy(...(tsquery ? [desc(textRank(videos.title, videos.description, tsquery)), ...order] : order))
    .limit(f.limit ?? 24)
    .offset(f.offset ?? 0);
  return rows.map(({ v, creator }) => toCard(v, creator));
}

export async function createDraft(
  db: Db,
  ownerId: string,
  input: {
    kind: VideoKind;
    title: string;
    description: string;
    category: string;
    tags: string[];
    visibility: Visibility;
    priceUsdc?: string | undefined;
  },
) {
  const { priceUsdc, ...fields } = input;
  const [row] = await db
    .insert(videos)
    .values({ ...fields, ownerId, slug: slugify(input.title), status: 'uploading', priceMicroUsdc: priceUsdc ? (usdcToMicros(priceUsdc) ?? null) : null })
    .returning();
  return row!;
}

export async function getVideo(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return row;
}

/**
 * The video for its owner's write; 404 for others so ids of drafts do not leak. One a moderator
 * removed is kept as it is (410) until a moderator restores it.
 */
export async function getOwnedVideo(db: Db, id: string, userId: string) {
  const v = await getVideo(db, id);
  if (!v || v.ownerId !== userId || v.status === 'removed') throw notFound('This video does not exist');
  if (v.takenDownAt) throw removedError('video');
  return v;
}

/**
 * A published video anyone may watch and act on (like, comment, view, share): ready, not removed
 * by a moderator (410, its page says so), its owner not banned (then it does not exist).
 */
export async function getPublishedVideo(db: Db, id: string, viewerId?: string) {
  const v = await getVideo(db, id);
  // A private video is its owner's alone: to anyone else it does not exist.
  if (!v || v.status !== 'ready' || (v.visibility === 'private' && v.ownerId !== viewerId)) throw notFound('This video is not available');
  if (v.takenDownAt) throw removedError('video');
  if (await isBanned(db, v.ownerId)) throw notFound('This video is not available');
  return v;
}

/** Writes a video's columns; its status changes only through video-state.ts. */
export async function updateVideoRow(db: Db, id: string, set: VideoFields) {
  // An edit that changes nothing (an empty body) writes nothing: an empty SET is no statement.
  if (Object.keys(set).length) await db.update(videos).set(set).where(eq(videos.id, id));
}

// The transitions the live feature uses for the drafts it makes (replays, clips).
export { queueForProcessing, type VideoFields, type VideoStatus } from './video-state.js';

/** Removes a video (a deleted stream's replay) and all of its media, as its owner's Delete does. */
export async function deleteVideoWithMedia(db: Db, storage: Storage, id: string): Promise<void> {
  await removeVideo(db, id);
  await storage.deleteAllOf(videoMedia(id));
  await storage.deleteAllOf(paidMedia(id));
}

/** The recurring job that publishes held videos whose owners are in good standing again (every minute). */
export const RELEASE_HELD_VIDEOS_QUEUE = 'release-held-videos';

/**
 * Publishes the held videos (processed while their owner was suspended or banned) of owners in
 * good standing again: the suspension ended or was lifted. Ready from now on, published now; the
 * media moves to where the price says. Returns what was published, to tell the owners.
 */
export async function releaseHeldVideos(db: Db, storage: Storage, now = new Date()): Promise<{ id: string; ownerId: string }[]> {
  const released = await releaseHeld(db, now);
  for (const v of released) await placeVideoMedia(db, storage, v.id);
  return released;
}

/**
 * How many of this owner's videos are being processed now. Clips viewers made of the owner's
 * streams are the owner's too, but do not count: viewers clipping must not hold up the owner's uploads.
 */
export async function countProcessing(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(videos)
    .where(
      and(eq(videos.ownerId, ownerId), eq(videos.status, 'processing'), sql`(${videos.clippedById} is null or ${videos.clippedById} = ${videos.ownerId})`),
    );
  return row?.n ?? 0;
}

/**
 * The transcode queue: an upload, a replay, a clip or demo media becomes playable there
 * (process-video.ts); other features hand their videos to it by this name.
 */
export const TRANSCODE_QUEUE = 'transcode-video';

/** Media refused for what it is: its message is what the owner sees. */
export class RejectedMedia extends Error {}

/** After the last attempt: the owner sees why, and the uploaded original is not kept. */
export async function markFailed(
  db: Db,
  videoId: string,
  error: Error,
  uploadsDir?: string,
  report?: (ownerId: string, event: VideoProcessingEvent) => Promise<void>,
) {
  const reason = error instanceof RejectedMedia ? error.message : 'Processing failed. Please try uploading the file again.';
  const video = await getVideo(db, videoId);
  // Not if the owner deleted it meanwhile (or it got ready after all): it stays as it is.
  const failed = await failProcessing(db, videoId, reason);
  if (uploadsDir && video?.sourceKey) await removeSource(uploadsDir, video.sourceKey);
  if (video && failed) await report?.(video.ownerId, { id: videoId, status: 'failed', percent: 0, failureReason: reason }).catch(() => undefined);
}

/** An uploaded original and tus's record of it; `key` is a name the server gave, never a path. */
export async function removeSource(uploadsDir: string, key: string) {
  if (!/^[A-Za-z0-9_.-]+$/.test(key) || key.startsWith('.')) return;
  await fs.promises.rm(path.join(uploadsDir, key), { force: true });
  await fs.promises.rm(path.join(uploadsDir, `${key}.json`), { force: true });
}

/** How the detail learns what a viewer may do with a priced video, and where its media is (x402). */
export interface PaidAccess {
  accessOf(video: typeof videos.$inferSelect, viewerId: string | undefined): Promise<Access>;
  sources(videoId: string, viewerId: string | undefined): { hlsUrl: string; spriteUrl: string };
}

/**
 * The video when this viewer may open its page, or the error they get: others see only what is
 * published, ready and not removed (unlisted ones by their link); private ones only their owner
 * (moderators review them through their reports, like held ones).
 */
export async function viewableVideo(db: Db, id: string, viewerId: string | undefined) {
  const v = await getVideo(db, id);
  const isOwner = !!v && v.ownerId === viewerId;
  if (!v || v.status === 'removed' || (!isOwner && (v.status !== 'ready' || v.visibility === 'private'))) throw notFound('This video is not available');
  // Removed by a moderator: the page says so, to the owner too. A banned account's videos are gone.
  if (v.takenDownAt) throw removedError('video');
  if (!isOwner && (await isBanned(db, v.ownerId))) throw notFound('This video is not available');
  return v;
}

export async function getVideoDetail(db: Db, storage: Storage, id: string, viewerId: string | undefined, paid: PaidAccess): Promise<VideoDetail> {
  const v = await viewableVideo(db, id, viewerId);
  const isOwner = v.ownerId === viewerId;
  const [creator] = await db.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, v.ownerId));
  const [clipOf] = v.sourceStreamId
    ? await db.select({ id: livestreams.id, title: livestreams.title }).from(livestreams).where(eq(livestreams.id, v.sourceStreamId))
    : [];
  const [clippedBy] = v.clippedById ? await db.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, v.clippedById)) : [];
  let likedByMe = false;
  let resumeAt: number | null = null;
  if (viewerId) {
    const [like] = await db
      .select()
      .from(videoLikes)
      .where(and(eq(videoLikes.videoId, id), eq(videoLikes.userId, viewerId)));
    likedByMe = !!like;
    const [p] = await db
      .select()
      .from(videoProgress)
      .where(and(eq(videoProgress.videoId, id), eq(videoProgress.userId, viewerId)));
    resumeAt = p?.positionSeconds ?? null;
  }
  // A priced or private video's media is private: its sources are the x402 routes, and only for a
  // viewer who may watch it (the poster and thumbnails stay public).
  const access = await paid.accessOf(v, viewerId);
  const sources = v.priceMicroUsdc === null && v.visibility !== 'private' ? undefined : paid.sources(v.id, viewerId);
  const open = access !== 'locked';
  const captions = open ? await listCaptions(db, v.id) : [];
  return {
    id: v.id,
    kind: v.kind,
    title: v.title,
    slug: v.slug,
    description: v.description,
    category: v.category,
    tags: v.tags,
    status: v.status,
    visibility: v.visibility,
    processingPercent: Math.round(v.processingPercent),
    failureReason: v.failureReason,
    durationSeconds: v.durationSeconds,
    width: v.width,
    height: v.height,
    thumbnailUrl: v.thumbnailUrl,
    thumbnailCandidates: v.thumbnailCandidates,
    hlsUrl: !v.hlsKey || !open ? null : (sources?.hlsUrl ?? storage.url(v.hlsKey)),
    sprite:
      v.sprite && open
        ? {
            url: sources?.spriteUrl ?? storage.url(v.sprite.key),
            interval: v.sprite.interval,
            columns: v.sprite.columns,
            rows: v.sprite.rows,
            tileWidth: v.sprite.tileWidth,
            tileHeight: v.sprite.tileHeight,
          }
        : null,
    captions,
    priceUsdc: v.priceMicroUsdc === null ? null : microsToUsdc(v.priceMicroUsdc),
    access,
    views: v.views,
    likes: v.likes,
    comments: v.comments,
    shares: v.shares,
    publishedAt: v.publishedAt?.toISOString() ?? null,
    createdAt: v.createdAt.toISOString(),
    creator: creator!,
    clipOf: clipOf ?? null,
    clippedBy: clippedBy ?? null,
    likedByMe,
    isOwner,
    resumeAt,
  };
}

/**
 * What a video's page holds for one viewer alone, in one query by ids: whether they liked it and
 * where they stopped (docs/decisions/026-signed-in-reads.md).
 */
export async function viewerStateOf(db: Db, videoId: string, viewerId: string): Promise<{ likedByMe: boolean; resumeAt: number | null }> {
  const [row] = await db
    .select({
      likedByMe: sql<boolean>`exists (select 1 from ${videoLikes} where ${videoLikes.videoId} = ${videos.id} and ${videoLikes.userId} = ${viewerId})`,
      resumeAt: sql<
        number | null
      >`(select ${videoProgress.positionSeconds} from ${videoProgress} where ${videoProgress.videoId} = ${videos.id} and ${videoProgress.userId} = ${viewerId})`,
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  return { likedByMe: !!row?.likedByMe, resumeAt: row?.resumeAt == null ? null : Number(row.resumeAt) };
}

/** The owner's uploads in every state, newest first (the owner's "your uploads" list); one a moderator removed reads `removed`. */
export async function listOwnUploads(db: Db, ownerId: string) {
  return db
    .select({
      id: videos.id,
      kind: videos.kind,
      title: videos.title,
      status: sql<string>`case when ${videos.takenDownAt} is not null then 'removed' else ${videos.status}::text end`,
      processingPercent: videos.processingPercent,
      failureReason: videos.failureReason,
      thumbnailUrl: videos.thumbnailUrl,
      createdAt: videos.createdAt,
    })
    .from(videos)
    .where(and(eq(videos.ownerId, ownerId), sql`${videos.status} <> 'removed'`))
    .orderBy(desc(videos.createdAt))
    .limit(50);
}

/**
 * Claims this viewer's one count of an action on a video for the current window (views, and
 * shares under a `share:` key); false when already claimed. The row keeps when it counted: the
 * leaderboards count views in their windows from it. `pruneViewHistory` forgets old rows.
 */
async function claimWindow(db: Db, videoId: string, viewerKey: string, now: Date, source?: string): Promise<boolean> {
  const windowMs = VIEW_WINDOW_HOURS * 3600_000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const inserted = await db
    .insert(videoViews)
    .values({ videoId, viewerKey, windowStart, viewedAt: now, source })
    .onConflictDoNothing()
    .returning({ videoId: videoViews.videoId });
  return inserted.length > 0;
}

export const PRUNE_VIEW_HISTORY_QUEUE = 'prune-view-history';

/**
 * Forgets view rows older than the leaderboards look back (`VIEW_HISTORY_DAYS`) and share rows
 * whose window is over (they only stop a second share from counting). Run as a recurring job.
 * The conditions match the partial indexes of `video_views`, which keep both deletes off a scan.
 */
export async function pruneViewHistory(db: Db, now = new Date()): Promise<number> {
  const windowMs = VIEW_WINDOW_HOURS * 3600_000;
  const currentWindow = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const views = await db
    .delete(videoViews)
    .where(and(sql`${videoViews.viewerKey} not like 'share:%'`, lt(videoViews.viewedAt, new Date(now.getTime() - VIEW_HISTORY_DAYS * 86_400_000))))
    .returning({ videoId: videoViews.videoId });
  const shares = await db
    .delete(videoViews)
    .where(and(sql`${videoViews.viewerKey} like 'share:%'`, lt(videoViews.windowStart, currentWindow)))
    .returning({ videoId: videoViews.videoId });
  return views.length + shares.length;
}

/**
 * Counts a view once per viewer per window, with where it came from; returns whether it counted.
 * Each counted view is a row of `video_views`: the studio's daily views are rolled up from them,
 * so they agree with the count the public page shows.
 */
export async function recordView(db: Db, videoId: string, viewerKey: string, now = new Date(), source?: string): Promise<boolean> {
  if (!(await claimWindow(db, videoId, viewerKey, now, source))) return false;
  await db
    .update(videos)
    .set({ views: sql`${videos.views} + 1` })
    .where(eq(videos.id, videoId));
  return true;
}

/**
 * Who a view or a playback report is from: the account, or for a guest a hash of their address
 * (and browser, `withAgent`) with the server's secret, so no address is stored.
 */
export function viewerKey(req: FastifyRequest, s: { user: { id: string } } | null, withAgent: boolean): string {
  if (s) return `u:${s.user.id}`;
  const agent = withAgent ? (req.headers['user-agent'] ?? '') : '';
  const hashed = `${req.ip}|${agent}|${req.server.config.sessionSecret}`;
  // A playing guest reports every few seconds: their key is kept rather than hashed each time.
  let key = guestKeys.get(hashed);
  if (key === undefined) {
    key = `a:${createHash('sha256').update(hashed).digest('hex').slice(0, 32)}`;
    if (guestKeys.size >= GUEST_KEYS_MAX) guestKeys.clear();
    guestKeys.set(hashed, key);
  }
  return key;
}
const GUEST_KEYS_MAX = 10_000;
/** Guests' keys by what they are hashed from; kept in memory only, as the address is never stored. */
const guestKeys = new Map<string, string>();

/** Counts a share once per viewer per window, like a view; the video's share count either way. */
export async function recordShare(db: Db, videoId: string, viewerKey: string, now = new Date()): Promise<{ shares: number; counted: boolean }> {
  const counted = await claimWindow(db, videoId, `share:${viewerKey}`, now);
  const [v] = counted
    ? await db
        .update(videos)
        .set({ shares: sql`${videos.shares} + 1` })
        .where(eq(videos.id, videoId))
        .returning({ shares: videos.shares })
    : await db.select({ shares: videos.shares }).from(videos).where(eq(videos.id, videoId));
  return { shares: v?.shares ?? 0, counted };
}

export async function setLike(db: Db, videoId: string, userId: string, liked: boolean): Promise<{ likes: number; changed: boolean }> {
  let changed: boolean;
  if (liked) {
    changed = (await db.insert(videoLikes).values({ videoId, userId }).onConflictDoNothing().returning({ v: videoLikes.videoId })).length > 0;
  } else {
    changed =
      (
        await db
          .delete(videoLikes)
          .where(and(eq(videoLikes.videoId, videoId), eq(videoLikes.userId, userId)))
          .returning({ v: videoLikes.videoId })
      ).length > 0;
  }
  if (changed)
    await db
      .update(videos)
      .set({ likes: sql`greatest(0, ${videos.likes} + ${liked ? 1 : -1})` })
      .where(eq(videos.id, videoId));
  const [v] = await db.select({ likes: videos.likes }).from(videos).where(eq(videos.id, videoId));
  return { likes: v?.likes ?? 0, changed };
}

/** The owner's videos (not removed) with their price, for the sales list. */
export async function listOwnPriced(db: Db, ownerId: string) {
  return db
    .select({ id: videos.id, title: videos.title, kind: videos.kind, priceMicroUsdc: videos.priceMicroUsdc })
    .from(videos)
    .where(and(eq(videos.ownerId, ownerId), sql`${videos.status} <> 'removed'`))
    .orderBy(desc(videos.createdAt))
    .limit(500);
}

/** Title, kind, thumbnail and creator of these videos (removed ones left out), by id. */
export async function videoSummaries(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; title: string; kind: VideoKind; thumbnailUrl: string | null; creator: VideoCard['creator'] }>();
  const rows = await db
    .select({ id: videos.id, title: videos.title, kind: videos.kind, thumbnailUrl: videos.thumbnailUrl, creator: creatorColumns })
    .from(videos)
    .innerJoin(profilesTable, eq(profilesTable.id, videos.ownerId))
    .where(and(inArray(videos.id, ids), sql`${videos.status} <> 'removed'`, isNull(videos.takenDownAt), notBanned(videos.ownerId)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The demo content's paid video (the x402 explainer's live demo), if the demo seed made one. */
export async function findPaidDemoVideo(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        eq(videos.status, 'ready'),
        eq(videos.visibility, 'public'),
        isNull(videos.takenDownAt),
        sql`${videos.priceMicroUsdc} is not null`,
        sql`'demo' = any(${videos.tags})`,
      ),
    )
    .orderBy(videos.priceMicroUsdc, videos.createdAt)
    .limit(1);
  return row?.id ?? null;
}

/**
 * A moderator removes a video (`at`) or restores it (null): hidden everywhere, its media kept
 * (docs/product.md "Reports and moderation"). True when it changed.
 */
export async function setVideoTakenDown(db: Db, id: string, at: Date | null): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set({ takenDownAt: at })
    .where(and(eq(videos.id, id), at ? isNull(videos.takenDownAt) : isNotNull(videos.takenDownAt)))
    .returning({ id: videos.id });
  return rows.length > 0;
}

/** A stream's replay is removed or restored with its stream, whatever it was before. */
export async function setReplayTakenDown(db: Db, id: string, at: Date | null): Promise<void> {
  await db.update(videos).set({ takenDownAt: at }).where(eq(videos.id, id));
}

/** A listed video as the sitemap and the feeds describe it (no media address: its page, its poster). */
export interface IndexedVideo {
  id: string;
  kind: VideoKind;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  durationSeconds: number | null;
  priced: boolean;
  publishedAt: Date;
  username: string;
  displayName: string;
}

/** Listed videos of `kinds` (of one owner), newest first: the sitemap's pages and the feeds. */
export async function listIndexedVideos(db: Db, f: { kinds: VideoKind[]; ownerId?: string; offset: number; limit: number }): Promise<IndexedVideo[]> {
  const where = [inArray(videos.kind, f.kinds), ...listedVideo, ...(f.ownerId ? [eq(videos.ownerId, f.ownerId)] : [])];
  const rows = await db
    .select({ v: videos, username: profilesTable.username, displayName: profilesTable.displayName })
    .from(videos)
    .innerJoin(profilesTable, eq(profilesTable.id, videos.ownerId))
    .where(and(...where))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(f.limit)
    .offset(f.offset);
  return rows.map(({ v, username, displayName }) => ({
    id: v.id,
    kind: v.kind,
    title: v.title,
    description: v.description,
    thumbnailUrl: v.thumbnailUrl,
    durationSeconds: v.durationSeconds,
    priced: v.priceMicroUsdc !== null,
    publishedAt: v.publishedAt ?? v.createdAt,
    username,
    displayName,
  }));
}

/** How many listed videos of a kind there are and when the newest was published (the sitemap index). */
export function countIndexedVideos(db: Db, kind: VideoKind): Promise<CountAndNewest> {
  return countAndNewest(db, videos, sql`coalesce(${videos.publishedAt}, ${videos.createdAt})`, and(eq(videos.kind, kind), ...listedVideo));
}

/**
 * The owner's videos, shorts and clips as rows of the Creator Studio's content table (a `select`
 * the studio unions with the streams'): every state but the owner's own delete; one a moderator
 * removed reads `removed`. A clip is a short cut from a stream (`clipped_by_id` set); a stream's
 * replay is a video.
 */
export function studioVideoRows(ownerId: string): SQL {
  return sql`select ${videos.id}::text as id,
      case when ${videos.clippedById} is not null then 'clip' when ${videos.kind} = 'short' then 'short' else 'video' end as kind,
      ${videos.title} as title, ${videos.slug} as slug, ${videos.category} as category,
      case when ${videos.takenDownAt} is not null then 'removed' else ${videos.status}::text end as status,
      ${videos.visibility}::text as visibility,
      coalesce(${videos.publishedAt}, ${videos.createdAt}) as date,
      ${videos.views} as views, ${videos.likes} as likes, ${videos.comments} as comments,
      ${videos.thumbnailUrl} as thumbnail_url, ${videos.priceMicroUsdc} as price_micro_usdc
    from ${videos}
    where ${videos.ownerId} = ${ownerId} and ${videos.status} <> 'removed'`;
}

/**
 * The owner deletes their video, short or clip: `removed` for good and its media deleted (public
 * and private areas). 404 for anyone else's or one already gone; 410 while a moderator holds it.
 */
export async function deleteOwnVideo(db: Db, storage: Storage, id: string, userId: string): Promise<void> {
  const v = await getOwnedVideo(db, id, userId);
  // Already removed by a request that arrived at once: its media goes all the same.
  await removeVideo(db, v.id);
  await storage.deleteAllOf(videoMedia(v.id));
  await storage.deleteAllOf(paidMedia(v.id));
}

/** The owner moves their video, short or clip to another category (404 for anyone else's, 410 while a moderator holds it). */
export async function setOwnVideoCategory(db: Db, id: string, userId: string, category: string): Promise<void> {
  const v = await getOwnedVideo(db, id, userId);
  await updateVideoRow(db, v.id, { category });
}
