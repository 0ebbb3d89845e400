import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { STREAM_NOT_FOUND, type StreamCard, type StreamDetail } from '../../../shared/live/streams.js';
import type { StreamTokenView } from '../../../shared/tokens/tokens.js';
import { streamTokenSql } from '../tokens/service.js';
import { STREAM_KEY_PREFIX, type CreateStreamSchema, type UpdateStreamSchema } from '../../../shared/live/live.js';
import { categorySlug } from '../../../shared/categories/categories.js';
import { removedMessage } from '../../../shared/moderation/moderation.js';
import { slugify } from '../../../shared/platform/routes.js';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { countAndNewest, type CountAndNewest } from '../../platform/db/counts.js';
import { livestreams, streamKeys, streamReminders, streamSessions } from './schema.js';
import { profiles } from '../../access/schema.js';
import { notFound } from '../../platform/http/errors.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { isBanned, notBanned, removedError, standingRefusal, standingsAmong } from '../../access/standing.js';
import { prefixQuery, textMatch, textRank } from '../../platform/db/text-search.js';
import { SNAPSHOT_FILE } from './ingest.js';
import { setReplayTakenDown } from '../videos/service.js';
import { videos } from '../videos/schema.js';

export type StreamRow = typeof livestreams.$inferSelect;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new stream key for the user, replacing the old one; only its hash is stored. */
export async function regenerateStreamKey(db: Db, userId: string): Promise<string> {
  const key = `${STREAM_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const keyHash = hashKey(key);
  await db
    .insert(streamKeys)
    .values({ userId, keyHash })
    .onConflictDoUpdate({ target: streamKeys.userId, set: { keyHash, createdAt: new Date() } });
  return key;
}

export async function hasStreamKey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: streamKeys.userId }).from(streamKeys).where(eq(streamKeys.userId, userId));
  return !!row;
}

/** The user a stream key belongs to, and the key's hash (what the session remembers), or undefined for a wrong key. */
export async function userForStreamKey(db: Db, key: string): Promise<{ userId: string; keyHash: string } | undefined> {
  if (!key.startsWith(STREAM_KEY_PREFIX) || key.length > 100) return undefined;
  const keyHash = hashKey(key);
  const [row] = await db.select({ userId: streamKeys.userId }).from(streamKeys).where(eq(streamKeys.keyHash, keyHash));
  return row ? { userId: row.userId, keyHash } : undefined;
}

/** Of these key hashes, those that are no longer anyone's key: a new key replaced them. */
export async function replacedStreamKeys(db: Db, keyHashes: string[]): Promise<Set<string>> {
  if (!keyHashes.length) return new Set();
  const rows = await db.select({ keyHash: streamKeys.keyHash }).from(streamKeys).where(inArray(streamKeys.keyHash, keyHashes));
  const current = new Set(rows.map((r) => r.keyHash));
  return new Set(keyHashes.filter((h) => !current.has(h)));
}

/** The token a stream names, as the chain has it (the creator's own typing of its symbol and name is not kept). */
export type ChainTokenNames = { mint: string; symbol: string | null; name: string | null } | null;

export async function createStream(db: Db, ownerId: string, input: z.output<typeof CreateStreamSchema>, token: ChainTokenNames): Promise<StreamRow> {
  const [row] = await db
    .insert(livestreams)
    .values({
      ownerId,
      title: input.title,
      slug: slugify(input.title),
      description: input.description,
      category: input.category,
      tags: input.tags,
      status: 'scheduled',
      scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
      tokenMint: token?.mint ?? null,
      tokenSymbol: token?.symbol ?? null,
      tokenName: token?.name ?? null,
    })
    .returning();
  return row!;
}

export async function getStreamRow(db: Db, id: string): Promise<StreamRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(livestreams).where(eq(livestreams.id, id));
  return row;
}

/**
 * The stream for its creator's write: 404 for anyone else (as for a stream that is not there), 410
 * once a moderator removed it (kept as it is until restored).
 */
export async function getOwnedStream(db: Db, id: string, userId: string): Promise<StreamRow> {
  const row = await getStreamRow(db, id);
  if (!row || row.ownerId !== userId) throw notFound(STREAM_NOT_FOUND);
  if (row.takenDownAt) throw removedError('stream');
  return row;
}

/** The creator's edit: only what was sent changes; a new title makes a new slug. */
export async function updateStream(db: Db, id: string, input: Omit<z.output<typeof UpdateStreamSchema>, 'token'> & { token?: ChainTokenNames }): Promise<void> {
  const set: Partial<typeof livestreams.$inferInsert> = {};
  if (input.title !== undefined) Object.assign(set, { title: input.title, slug: slugify(input.title) });
  if (input.description !== undefined) set.description = input.description;
  if (input.category !== undefined) set.category = input.category;
  if (input.tags !== undefined) set.tags = input.tags;
  if (input.token !== undefined)
    Object.assign(set, { tokenMint: input.token?.mint ?? null, tokenSymbol: input.token?.symbol ?? null, tokenName: input.token?.name ?? null });
  if (Object.keys(set).length) await db.update(livestreams).set(set).where(eq(livestreams.id, id));
}

/** A new start for a stream that is still upcoming; undefined when it is not (it went live meanwhile). */
export async function rescheduleStream(db: Db, id: string, at: Date): Promise<StreamRow | undefined> {
  const [row] = await db
    .update(livestreams)
    .set({ scheduledAt: at })
    .where(and(eq(livestreams.id, id), eq(livestreams.status, 'scheduled')))
    .returning();
  return row;
}

/**
 * Cancels a stream that is still upcoming: it ends without ever starting, which is what a
 * cancelled stream is (`isCancelled`), and leaves every list. Undefined when it is not upcoming.
 */
export async function cancelStream(db: Db, id: string): Promise<StreamRow | undefined> {
  const [row] = await db
    .update(livestreams)
    .set({ status: 'ended', endedAt: new Date() })
    .where(and(eq(livestreams.id, id), eq(livestreams.status, 'scheduled')))
    .returning();
  return row;
}

/**
 * Its creator ends a live stream now: viewers see it ended at once and the publisher is cut off
 * (by the caller). The session's end job still comes after the grace period and makes the replay
 * from what was recorded. Undefined when the stream is not live.
 */
export async function endStreamNow(db: Db, id: string): Promise<StreamRow | undefined> {
  const [row] = await db
    .update(livestreams)
    .set({ status: 'ended', endedAt: new Date(), publishing: false, hlsPath: null, viewerCount: 0 })
    .where(and(eq(livestreams.id, id), eq(livestreams.status, 'live')))
    .returning();
  return row;
}

/**
 * Deletes a stream that is not live (its chat, reminders and viewer counts go with it; its clips
 * stay the creator's shorts, no longer linked to it). The caller removes its media. Undefined
 * when it is live (it must be ended first) or already gone.
 */
export async function deleteStreamRow(db: Db, id: string): Promise<StreamRow | undefined> {
  const [row] = await db
    .delete(livestreams)
    .where(and(eq(livestreams.id, id), ne(livestreams.status, 'live')))
    .returning();
  return row;
}

/** Who pressed "Notify me" on the stream. */
export async function reminderHolders(db: Db, streamId: string): Promise<string[]> {
  const rows = await db.select({ userId: streamReminders.userId }).from(streamReminders).where(eq(streamReminders.streamId, streamId));
  return rows.map((r) => r.userId);
}

/** Where a session's playlist is served: the main rendition's, or with a ladder the master playlist. */
export const livePath = (id: string, session: number, playlist = 'index.m3u8') => `/live/${id}/${session}/${playlist}`;

/**
 * A publish by `ownerId` starts an ingest session on `streamId` if given (the browser's Go live),
 * else on the stream the key's owner is live on (a reconnect), else on their newest scheduled
 * stream, else on a new one named after them. One session at a time: the session number grows
 * with each publish and every later step checks it.
 */
export async function beginSession(db: Db, ownerId: string, instance: string, streamId?: string): Promise<{ stream: StreamRow; session: number } | undefined> {
  return db.transaction(async (tx) => {
    let target: StreamRow | undefined;
    if (streamId) {
      [target] = await tx
        .select()
        .from(livestreams)
        .where(and(eq(livestreams.id, streamId), eq(livestreams.ownerId, ownerId), sql`${livestreams.status} <> 'ended'`, isNull(livestreams.takenDownAt)))
        .for('update');
      if (!target) return undefined;
    } else {
      [target] = await tx
        .select()
        .from(livestreams)
        .where(and(eq(livestreams.ownerId, ownerId), sql`${livestreams.status} <> 'ended'`, isNull(livestreams.takenDownAt)))
        .orderBy(sql`${livestreams.status} = 'live' desc`, desc(livestreams.createdAt))
        .limit(1)
        .for('update');
    }
    if (!target) {
      const [p] = await tx.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, ownerId));
      const title = `${p?.displayName ?? 'Creator'} is live`;
      [target] = await tx
        .insert(livestreams)
        .values({ ownerId, title, slug: slugify(title), category: categorySlug('Just Chatting'), status: 'scheduled' })
        .returning();
    }
    const session = target!.liveSession + 1;
    const [stream] = await tx
      .update(livestreams)
      .set({
        status: 'live',
        startedAt: target!.startedAt ?? new Date(),
        liveSession: session,
        publishing: false,
        hlsPath: livePath(target!.id, session),
        ingestInstance: instance,
      })
      .where(eq(livestreams.id, target!.id))
      .returning();
    await tx.insert(streamSessions).values({ streamId: target!.id, session }).onConflictDoNothing();
    return { stream: stream!, session };
  });
}

/** The first segment of the session exists: viewers can watch, from `playlist`. */
export async function markPublishing(db: Db, id: string, session: number, playlist?: string): Promise<boolean> {
  const rows = await db
    .update(livestreams)
    .set({ publishing: true, hlsPath: livePath(id, session, playlist) })
    .where(and(eq(livestreams.id, id), eq(livestreams.liveSession, session), eq(livestreams.status, 'live')))
    .returning({ id: livestreams.id });
  return rows.length > 0;
}

/** The publisher of this session left; the stream stays live for the grace period. */
export async function endSession(db: Db, id: string, session: number): Promise<void> {
  await db
    .update(livestreams)
    .set({ publishing: false })
    .where(and(eq(livestreams.id, id), eq(livestreams.liveSession, session)));
  await db
    .update(streamSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(streamSessions.streamId, id), eq(streamSessions.session, session), isNull(streamSessions.endedAt)));
}

/** A stream's ingest sessions in order, for finding its moments in the replay. */
export async function listStreamSessions(db: Db, id: string): Promise<{ startedAt: Date; endedAt: Date | null }[]> {
  return db
    .select({ startedAt: streamSessions.startedAt, endedAt: streamSessions.endedAt })
    .from(streamSessions)
    .where(eq(streamSessions.streamId, id))
    .orderBy(streamSessions.session);
}

/**
 * The streams an instance was ingesting when it stopped without ending them (it crashed, or
 * was killed): still live, with no publisher it could be hearing any more.
 */
export async function streamsLeftLive(db: Db, instance: string): Promise<StreamRow[]> {
  return db
    .select()
    .from(livestreams)
    .where(and(eq(livestreams.status, 'live'), eq(livestreams.ingestInstance, instance)));
}

/**
 * After the grace period: ends the stream unless its publisher came back (a newer session, or
 * media arriving). Returns the ended stream, or undefined when it goes on.
 */
export async function finishStream(db: Db, id: string, session: number): Promise<StreamRow | undefined> {
  const [row] = await db
    .update(livestreams)
    .set({ status: 'ended', endedAt: new Date(), publishing: false, hlsPath: null, viewerCount: 0 })
    .where(and(eq(livestreams.id, id), eq(livestreams.liveSession, session), eq(livestreams.publishing, false), eq(livestreams.status, 'live')))
    .returning();
  return row;
}

/** Whether the user pressed "Notify me" on the stream. */
export async function hasReminder(db: Db, streamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: streamReminders.userId })
    .from(streamReminders)
    .where(and(eq(streamReminders.streamId, streamId), eq(streamReminders.userId, userId)));
  return !!row;
}

/** Sets or clears the user's "Notify me" on a stream; reminders are sent when it goes live, then dropped. */
export async function setReminder(db: Db, streamId: string, userId: string, on: boolean): Promise<void> {
  if (on) await db.insert(streamReminders).values({ streamId, userId }).onConflictDoNothing();
  else await db.delete(streamReminders).where(and(eq(streamReminders.streamId, streamId), eq(streamReminders.userId, userId)));
}

export async function setStreamThumbnail(db: Db, id: string, url: string): Promise<void> {
  await db.update(livestreams).set({ thumbnailUrl: url }).where(eq(livestreams.id, id));
}

/**
 * A moderator removes a stream (`at`) or restores it (null), and its replay with it: hidden
 * everywhere, kept (docs/product.md "Reports and moderation"). True when the stream changed.
 */
export async function setStreamTakenDown(db: Db, id: string, at: Date | null): Promise<boolean> {
  const [row] = await db
    .update(livestreams)
    .set({ takenDownAt: at })
    .where(and(eq(livestreams.id, id), at ? isNull(livestreams.takenDownAt) : isNotNull(livestreams.takenDownAt)))
    .returning({ recordingVideoId: livestreams.recordingVideoId });
  if (!row) return false;
  if (row.recordingVideoId) await setReplayTakenDown(db, row.recordingVideoId, at);
  return true;
}

/**
 * Of these live publishers, those that must stop now, with why: their account is suspended or
 * banned, or a moderator removed their stream. One query for each, whatever the number.
 */
export async function publishersToStop(db: Db, publishers: { streamId: string; ownerId: string }[]): Promise<{ streamId: string; reason: string }[]> {
  if (!publishers.length) return [];
  const standings = await standingsAmong(db, [...new Set(publishers.map((p) => p.ownerId))]);
  const removed = await db
    .select({ id: livestreams.id })
    .from(livestreams)
    .where(
      and(
        inArray(
          livestreams.id,
          publishers.map((p) => p.streamId),
        ),
        isNotNull(livestreams.takenDownAt),
      ),
    );
  const gone = new Set(removed.map((r) => r.id));
  return publishers.flatMap(({ streamId, ownerId }) => {
    if (gone.has(streamId)) return [{ streamId, reason: removedMessage('stream') }];
    const standing = standings.get(ownerId);
    return standing ? [{ streamId, reason: standingRefusal(standing).message }] : [];
  });
}

/** Of these streams with a publisher, those that ended meanwhile: their creator ended them from the studio. */
export async function endedAmong(db: Db, streamIds: string[]): Promise<string[]> {
  if (!streamIds.length) return [];
  const rows = await db
    .select({ id: livestreams.id })
    .from(livestreams)
    .where(and(inArray(livestreams.id, streamIds), eq(livestreams.status, 'ended')));
  return rows.map((r) => r.id);
}

// Streams as viewers see them: lists, a stream's page.

export interface StreamFilter {
  status: 'live' | 'scheduled' | 'ended';
  /** Category slug. */
  category?: string | undefined;
  /** Only streams with a token ("Pump Streams"). */
  pumpOnly?: boolean | undefined;
  /** Only streams about this token (its mint). */
  tokenMint?: string | undefined;
  ownerId?: string | undefined;
  /** Only these creators' streams (the ones a viewer follows). */
  ownerIds?: readonly string[] | undefined;
  text?: string | undefined;
  limit?: number | undefined;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * An ended stream is listed for its replay: once its creator made the replay private or unlisted,
 * the stream leaves every list too (its page stays, as the replay's link does). One whose replay is
 * still being made, or failed, is listed.
 */
const replayListed = sql`not exists (select 1 from ${videos} r where r.id = ${livestreams.recordingVideoId} and r.visibility <> 'public')`;

export async function listStreams(db: Db, f: StreamFilter): Promise<StreamCard[]> {
  // Never one a moderator removed, nor one of a banned account, nor one cancelled (ended, never started).
  const where: SQL[] = [eq(livestreams.status, f.status), isNull(livestreams.takenDownAt), notBanned(livestreams.ownerId)];
  if (f.status === 'ended') where.push(isNotNull(livestreams.startedAt), replayListed);
  if (f.category) where.push(eq(livestreams.category, f.category));
  if (f.pumpOnly) where.push(isNotNull(livestreams.tokenMint));
  if (f.tokenMint) where.push(eq(livestreams.tokenMint, f.tokenMint));
  if (f.ownerId) where.push(eq(livestreams.ownerId, f.ownerId));
  if (f.ownerIds) {
    if (f.ownerIds.length === 0) return [];
    where.push(inArray(livestreams.ownerId, [...f.ownerIds]));
  }
  const tsquery = f.text ? prefixQuery(f.text) : undefined;
  if (f.text) {
    if (!tsquery) return [];
    where.push(textMatch(livestreams.title, livestreams.description, tsquery));
  }
  // Live: most watched first; upcoming: soonest first; ended: latest first.
  const order =
    f.status === 'live'
      ? [desc(livestreams.viewerCount), desc(livestreams.startedAt)]
      : f.status === 'scheduled'
        ? [asc(livestreams.scheduledAt)]
        : [desc(livestreams.endedAt)];
  const rows = await db
    .select({ s: livestreams, creator: creatorColumns, token: streamToken })
    .from(livestreams)
    .innerJoin(profilesTable, eq(profilesTable.id, livestreams.ownerId))
    .where(and(...where))
    .orderBy(...(tsquery ? [desc(textRank(livestreams.title, livestreams.description, tsquery)), ...order] : order))
    .limit(f.limit ?? 24);
  return rows.map(({ s, creator, token }) => toCard(s, creator, token));
}

/** The ids (as text) of the streams about a token: what its tips are counted on. */
export const streamIdsWithToken = (mint: string) => sql`select ${livestreams.id}::text from ${livestreams} where ${livestreams.tokenMint} = ${mint}`;

/** The stream's token as the chain has it, and whether its creator is proven behind it. */
const streamToken = streamTokenSql(livestreams.tokenMint, livestreams.ownerId);

function toCard(s: StreamRow, creator: StreamCard['creator'], chain: Omit<StreamTokenView, 'mint'> | null): StreamCard {
  return {
    id: s.id,
    title: s.title,
    slug: s.slug,
    category: s.category,
    status: s.status,
    // While live, the card shows the stream as it is now.
    thumbnailUrl: s.status === 'live' && s.publishing && s.hlsPath ? s.hlsPath.replace(/[^/]+\.m3u8$/, SNAPSHOT_FILE) : s.thumbnailUrl,
    scheduledAt: iso(s.scheduledAt),
    startedAt: iso(s.startedAt),
    endedAt: iso(s.endedAt),
    viewerCount: s.viewerCount,
    peakViewers: s.peakViewers,
    // Names kept on the stream only for a token never read (demo content): the chain's win.
    token: s.tokenMint
      ? {
          mint: s.tokenMint,
          symbol: chain?.symbol ?? s.tokenSymbol,
          name: chain?.name ?? s.tokenName,
          imageUrl: chain?.imageUrl ?? null,
          proven: chain?.proven ?? false,
        }
      : null,
    creator,
  };
}

/** One stream with its description, as its page shows it; undefined when there is none. */
export async function getStream(db: Db, id: string): Promise<StreamDetail | undefined> {
  const [row] = await db
    .select({ s: livestreams, creator: creatorColumns, allowClips: profilesTable.allowClips, token: streamToken })
    .from(livestreams)
    .innerJoin(profilesTable, eq(profilesTable.id, livestreams.ownerId))
    .where(eq(livestreams.id, id))
    .limit(1);
  return row
    ? {
        ...toCard(row.s, row.creator, row.token),
        description: row.s.description,
        tags: row.s.tags,
        hlsUrl: row.s.status === 'live' && row.s.publishing ? row.s.hlsPath : null,
        recordingVideoId: row.s.recordingVideoId,
        clipsAllowed: row.allowClips,
      }
    : undefined;
}

/** A stream's page for anyone: 404 when there is none (or its creator is banned), 410 once a moderator removed it. */
export async function getPublicStream(db: Db, id: string): Promise<StreamDetail> {
  const [row] = await db.select({ takenDownAt: livestreams.takenDownAt, ownerId: livestreams.ownerId }).from(livestreams).where(eq(livestreams.id, id));
  if (!row || (await isBanned(db, row.ownerId))) throw notFound(STREAM_NOT_FOUND);
  if (row.takenDownAt) throw removedError('stream');
  const stream = await getStream(db, id);
  if (!stream) throw notFound(STREAM_NOT_FOUND);
  return stream;
}

/** Streams the sitemap lists (scheduled, live, ended: each has its page), newest first; none removed, none of a banned account. */
const indexedStream = [
  isNull(livestreams.takenDownAt),
  notBanned(livestreams.ownerId),
  or(ne(livestreams.status, 'ended'), and(isNotNull(livestreams.startedAt), replayListed)),
];
const streamChanged = sql<string>`greatest(${livestreams.createdAt}, coalesce(${livestreams.scheduledAt}, ${livestreams.createdAt}), coalesce(${livestreams.startedAt}, ${livestreams.createdAt}), coalesce(${livestreams.endedAt}, ${livestreams.createdAt}))`;

export async function listIndexedStreams(
  db: Db,
  f: { offset: number; limit: number },
): Promise<{ id: string; title: string; username: string; lastmod: Date }[]> {
  const rows = await db
    .select({
      id: livestreams.id,
      title: livestreams.title,
      username: profilesTable.username,
      lastmod: streamChanged,
    })
    .from(livestreams)
    .innerJoin(profilesTable, eq(profilesTable.id, livestreams.ownerId))
    .where(and(...indexedStream))
    .orderBy(desc(livestreams.createdAt), desc(livestreams.id))
    .limit(f.limit)
    .offset(f.offset);
  return rows.map((r) => ({ ...r, lastmod: new Date(r.lastmod) }));
}

export function countIndexedStreams(db: Db): Promise<CountAndNewest> {
  return countAndNewest(db, livestreams, streamChanged, and(...indexedStream));
}

/**
 * The owner's streams (scheduled, live, ended) as rows of the Creator Studio's content table, in
 * the columns of videos' `studioVideoRows`: a stream has no visibility of its own (it is public)
 * and counts its peak viewers as views; one a moderator removed reads `removed`.
 */
export function studioStreamRows(ownerId: string): SQL {
  return sql`select ${livestreams.id}::text as id, 'stream' as kind, ${livestreams.title} as title, ${livestreams.slug} as slug,
      ${livestreams.category} as category,
      case when ${livestreams.takenDownAt} is not null then 'removed' else ${livestreams.status}::text end as status,
      'public' as visibility,
      coalesce(${livestreams.startedAt}, ${livestreams.scheduledAt}, ${livestreams.createdAt}) as date,
      ${livestreams.peakViewers} as views, null::int as likes, null::int as comments,
      ${livestreams.thumbnailUrl} as thumbnail_url, null::int as price_micro_usdc
    from ${livestreams}
    where ${livestreams.ownerId} = ${ownerId}`;
}

/** The owner moves their stream to another category: 404 for anyone else's, 410 while a moderator holds it. */
export async function setOwnStreamCategory(db: Db, id: string, userId: string, category: string): Promise<void> {
  const s = await getStreamRow(db, id);
  if (!s || s.ownerId !== userId) throw notFound(STREAM_NOT_FOUND);
  if (s.takenDownAt) throw removedError('stream');
  await db.update(livestreams).set({ category }).where(eq(livestreams.id, id));
}
