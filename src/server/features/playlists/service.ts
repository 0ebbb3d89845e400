import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  MAX_PLAYLIST_VIDEOS,
  MAX_PLAYLISTS,
  ORDER_MISMATCH,
  PLAYLIST_FULL,
  PLAYLIST_NOT_FOUND,
  TOO_MANY_PLAYLISTS,
  WATCH_LATER_FIXED,
  WATCH_LATER_TITLE,
  type CreatePlaylist,
  type PlaylistDetail,
  type PlaylistSummary,
  type UpdatePlaylist,
  type WatchLaterState,
} from '../../../shared/playlists/playlists.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { notBanned } from '../../access/standing.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { videos } from '../videos/schema.js';
import { getPublishedVideo, toCard } from '../videos/service.js';
import { playlistItems, playlists } from './schema.js';

// Playlists and each person's Watch later (docs/product.md "Playlists"). Only this file writes
// the two tables. A playlist lists what its viewer may watch: the videos that are ready, not
// removed, not of a banned account and not someone else's private video; the rest stay in it,
// unseen, and come back when their video does.

type PlaylistRow = typeof playlists.$inferSelect;

/** What of a playlist `viewerId` (or a guest) sees: the same rule as the watch history. */
const watchable = (viewerId: string | undefined): SQL =>
  and(
    eq(videos.status, 'ready'),
    isNull(videos.takenDownAt),
    notBanned(videos.ownerId),
    viewerId ? or(ne(videos.visibility, 'private'), eq(videos.ownerId, viewerId)) : ne(videos.visibility, 'private'),
  )!;

/** The watchable videos of a playlist row and its first one's picture, as SQL columns. */
const countsOf = (viewerId: string | undefined) => ({
  videoCount: sql<number>`(select count(*)::int from ${playlistItems} join ${videos} on ${videos.id} = ${playlistItems.videoId}
    where ${playlistItems.playlistId} = ${playlists.id} and ${watchable(viewerId)})`,
  thumbnailUrl: sql<string | null>`(select ${videos.thumbnailUrl} from ${playlistItems} join ${videos} on ${videos.id} = ${playlistItems.videoId}
    where ${playlistItems.playlistId} = ${playlists.id} and ${watchable(viewerId)} order by ${playlistItems.position} limit 1)`,
});

const summaryOf = (row: PlaylistRow, counts: { videoCount: number; thumbnailUrl: string | null }): PlaylistSummary => ({
  id: row.id,
  title: row.title,
  description: row.description,
  visibility: row.visibility,
  watchLater: row.watchLater,
  videoCount: Number(counts.videoCount),
  thumbnailUrl: counts.thumbnailUrl,
  updatedAt: row.updatedAt.toISOString(),
});

/** The viewer's Watch later, made (private) on first use: a read after that writes nothing. */
export async function ensureWatchLater(db: Db, userId: string): Promise<PlaylistRow> {
  const find = async () =>
    (
      await db
        .select()
        .from(playlists)
        .where(and(eq(playlists.ownerId, userId), eq(playlists.watchLater, true)))
    )[0];
  const found = await find();
  if (found) return found;
  // Two first uses at once make one: the second insert meets the unique index and does nothing.
  await db.insert(playlists).values({ ownerId: userId, title: WATCH_LATER_TITLE, visibility: 'private', watchLater: true }).onConflictDoNothing();
  return (await find())!;
}

/** The viewer's playlists, Watch later first (made if need be), then the latest changed; with `videoId`, whether each holds it. */
export async function listMyPlaylists(db: Db, userId: string, videoId?: string): Promise<PlaylistSummary[]> {
  await ensureWatchLater(db, userId);
  const holds = videoId && isUuid(videoId) ? videoId : null;
  const rows = await db
    .select({
      p: playlists,
      ...countsOf(userId),
      hasVideo: holds
        ? sql<boolean>`exists (select 1 from ${playlistItems} where ${playlistItems.playlistId} = ${playlists.id} and ${playlistItems.videoId} = ${holds})`
        : sql<boolean>`false`,
    })
    .from(playlists)
    // A join, so Drizzle names every column with its table (the subqueries read two more).
    .innerJoin(profilesTable, eq(profilesTable.id, playlists.ownerId))
    .where(eq(playlists.ownerId, userId))
    .orderBy(desc(playlists.watchLater), desc(playlists.updatedAt), desc(playlists.id));
  return rows.map((r) => ({ ...summaryOf(r.p, r), ...(videoId !== undefined ? { hasVideo: !!r.hasVideo } : {}) }));
}

/** A creator's public playlists (never unlisted or private), the latest changed first. */
export async function listPublicPlaylists(db: Db, ownerId: string, viewerId?: string): Promise<PlaylistSummary[]> {
  const rows = await db
    .select({ p: playlists, ...countsOf(viewerId) })
    .from(playlists)
    .innerJoin(profilesTable, eq(profilesTable.id, playlists.ownerId))
    .where(and(eq(playlists.ownerId, ownerId), eq(playlists.visibility, 'public'), eq(playlists.watchLater, false), notBanned(playlists.ownerId)))
    .orderBy(desc(playlists.updatedAt), desc(playlists.id))
    .limit(MAX_PLAYLISTS);
  return rows.map((r) => summaryOf(r.p, r));
}

async function findPlaylist(db: Db, id: string): Promise<PlaylistRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id));
  return row;
}

/** A playlist as `viewerId` may see it: public and unlisted to anyone, private to its owner; 404 otherwise (and for a banned owner's). */
export async function getPlaylist(db: Db, id: string, viewerId?: string): Promise<PlaylistDetail> {
  const row = await findPlaylist(db, id);
  const isOwner = !!row && row.ownerId === viewerId;
  if (!row || (row.visibility === 'private' && !isOwner)) throw notFound(PLAYLIST_NOT_FOUND);
  const [owner] = await db
    .select(creatorColumns)
    .from(profilesTable)
    .where(and(eq(profilesTable.id, row.ownerId), notBanned(profilesTable.id)));
  if (!owner) throw notFound(PLAYLIST_NOT_FOUND);
  const items = await db
    .select({ v: videos, creator: creatorColumns })
    .from(playlistItems)
    .innerJoin(videos, eq(videos.id, playlistItems.videoId))
    .innerJoin(profilesTable, eq(profilesTable.id, videos.ownerId))
    .where(and(eq(playlistItems.playlistId, row.id), watchable(viewerId)))
    .orderBy(asc(playlistItems.position), asc(playlistItems.createdAt));
  const cards = items.map((r) => toCard(r.v, r.creator));
  return {
    ...summaryOf(row, { videoCount: cards.length, thumbnailUrl: cards[0]?.thumbnailUrl ?? null }),
    owner,
    isOwner,
    videos: cards,
  };
}

/**
 * A playlist for its owner's write. Anyone else: 404 when they may not see it, 403 when they may
 * (a public or unlisted one), so a private playlist's id tells a stranger nothing.
 */
async function ownedPlaylist(db: Db, userId: string, id: string): Promise<PlaylistRow> {
  const row = await findPlaylist(db, id);
  if (!row || (row.ownerId !== userId && row.visibility === 'private')) throw notFound(PLAYLIST_NOT_FOUND);
  if (row.ownerId !== userId) throw new HttpError(403, 'forbidden', 'Only its owner can change this playlist.');
  return row;
}

const touch = (db: Db, id: string) => db.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, id));

export async function createPlaylist(db: Db, userId: string, input: CreatePlaylist & { description: string; visibility: PlaylistSummary['visibility'] }) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(playlists)
    // A join, so Drizzle names every column with its table (the subqueries read two more).
    .innerJoin(profilesTable, eq(profilesTable.id, playlists.ownerId))
    .where(eq(playlists.ownerId, userId));
  if (Number(count) >= MAX_PLAYLISTS) throw new HttpError(409, 'too_many_playlists', TOO_MANY_PLAYLISTS);
  // The video first: a "New playlist" from the Save dialog is not made around a video it cannot hold.
  if (input.videoId !== undefined) await getPublishedVideo(db, input.videoId, userId);
  const [row] = await db
    .insert(playlists)
    .values({ ownerId: userId, title: input.title, description: input.description, visibility: input.visibility })
    .returning();
  if (input.videoId !== undefined) await addToPlaylist(db, userId, row!.id, input.videoId);
  return getPlaylist(db, row!.id, userId);
}

export async function updatePlaylist(db: Db, userId: string, id: string, patch: UpdatePlaylist): Promise<PlaylistDetail> {
  const row = await ownedPlaylist(db, userId, id);
  if (row.watchLater) throw new HttpError(403, 'watch_later_fixed', WATCH_LATER_FIXED);
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length)
    await db
      .update(playlists)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(playlists.id, row.id));
  return getPlaylist(db, row.id, userId);
}

export async function deletePlaylist(db: Db, userId: string, id: string): Promise<void> {
  const row = await ownedPlaylist(db, userId, id);
  if (row.watchLater) throw new HttpError(403, 'watch_later_fixed', WATCH_LATER_FIXED);
  await db.delete(playlists).where(eq(playlists.id, row.id));
}

async function insertItem(db: Db, playlistId: string, videoId: string): Promise<void> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId));
  if (Number(count) >= MAX_PLAYLIST_VIDEOS) throw new HttpError(409, 'playlist_full', PLAYLIST_FULL);
  // Last in the order; a video already in it keeps its place.
  await db.execute(sql`
    insert into ${playlistItems} (playlist_id, video_id, position)
    select ${playlistId}::uuid, ${videoId}::uuid, coalesce(max(position) + 1, 0) from ${playlistItems} where playlist_id = ${playlistId}
    on conflict do nothing`);
  await touch(db, playlistId);
}

/** Puts a video the owner may watch at the end of their playlist (nothing when it is there already). */
export async function addToPlaylist(db: Db, userId: string, playlistId: string, videoId: string): Promise<void> {
  const row = await ownedPlaylist(db, userId, playlistId);
  const video = await getPublishedVideo(db, videoId, userId);
  await insertItem(db, row.id, video.id);
}

export async function removeFromPlaylist(db: Db, userId: string, playlistId: string, videoId: string): Promise<void> {
  const row = await ownedPlaylist(db, userId, playlistId);
  if (!isUuid(videoId)) return;
  await db.delete(playlistItems).where(and(eq(playlistItems.playlistId, row.id), eq(playlistItems.videoId, videoId)));
  await touch(db, row.id);
}

/**
 * A new order: `videoIds` first, in that order, each once and each in the playlist; the videos it
 * does not name (those the owner cannot see now) keep their order after them.
 */
export async function reorderPlaylist(db: Db, userId: string, playlistId: string, videoIds: string[]): Promise<PlaylistDetail> {
  const row = await ownedPlaylist(db, userId, playlistId);
  const current = await db
    .select({ videoId: playlistItems.videoId })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, row.id))
    .orderBy(asc(playlistItems.position), asc(playlistItems.createdAt));
  const held = new Set(current.map((c) => c.videoId));
  const named = videoIds.map((id) => id.toLowerCase());
  if (new Set(named).size !== named.length || named.some((id) => !held.has(id))) throw new HttpError(400, 'order_mismatch', ORDER_MISMATCH);
  const order = [...named, ...current.map((c) => c.videoId).filter((id) => !named.includes(id))];
  if (order.length) {
    const list = sql.join(
      order.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(sql`
      update ${playlistItems} set position = o.ord - 1
      from unnest(array[${list}]::uuid[]) with ordinality as o(video_id, ord)
      where playlist_items.playlist_id = ${row.id} and playlist_items.video_id = o.video_id`);
  }
  await touch(db, row.id);
  return getPlaylist(db, row.id, userId);
}

/** Saves a video to the viewer's Watch later, or takes it out when it is there. */
export async function toggleWatchLater(db: Db, userId: string, videoId: string): Promise<WatchLaterState> {
  const later = await ensureWatchLater(db, userId);
  if (isUuid(videoId)) {
    const removed = await db
      .delete(playlistItems)
      .where(and(eq(playlistItems.playlistId, later.id), eq(playlistItems.videoId, videoId)))
      .returning({ videoId: playlistItems.videoId });
    if (removed.length) {
      await touch(db, later.id);
      return { saved: false, playlistId: later.id };
    }
  }
  const video = await getPublishedVideo(db, videoId, userId);
  await insertItem(db, later.id, video.id);
  return { saved: true, playlistId: later.id };
}

/** A person's playlists for "Download your data": each with its videos' ids and titles, in order. */
export async function exportPlaylists(db: Db, userId: string) {
  const own = await db.select().from(playlists).where(eq(playlists.ownerId, userId)).orderBy(asc(playlists.createdAt));
  const items = await db
    .select({ playlistId: playlistItems.playlistId, videoId: playlistItems.videoId, title: videos.title, addedAt: playlistItems.createdAt })
    .from(playlistItems)
    .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
    .innerJoin(videos, eq(videos.id, playlistItems.videoId))
    .where(eq(playlists.ownerId, userId))
    .orderBy(asc(playlistItems.position));
  return own.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    visibility: p.visibility,
    watchLater: p.watchLater,
    createdAt: p.createdAt.toISOString(),
    videos: items.filter((i) => i.playlistId === p.id).map((i) => ({ id: i.videoId, title: i.title, addedAt: i.addedAt.toISOString() })),
  }));
}
