import { and, asc, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { STREAM_NOT_FOUND, type StreamCard, type StreamDetail } from '../../shared/content.js';
import type { Db } from '../platform/db/client.js';
import { prefixQuery, textMatch, textRank } from '../search/service.js';
import { livestreams } from '../platform/db/schema/index.js';
import { creatorColumns, profilesTable } from '../access/creator.js';
import { SNAPSHOT_FILE } from '../live/ingest.js';
import { notFound } from '../platform/http/errors.js';
import { isBanned, notBanned, removedError } from '../access/standing.js';

export interface StreamFilter {
  status: 'live' | 'scheduled' | 'ended';
  /** Category slug. */
  category?: string | undefined;
  /** Only streams with a token ("Pump Streams"). */
  pumpOnly?: boolean | undefined;
  ownerId?: string | undefined;
  text?: string | undefined;
  limit?: number | undefined;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listStreams(db: Db, f: StreamFilter): Promise<StreamCard[]> {
  // Never one a moderator removed, nor one of a banned account.
  const where: SQL[] = [eq(livestreams.status, f.status), isNull(livestreams.takenDownAt), notBanned(livestreams.ownerId)];
  if (f.category) where.push(eq(livestreams.category, f.category));
  if (f.pumpOnly) where.push(isNotNull(livestreams.tokenMint));
  if (f.ownerId) where.push(eq(livestreams.ownerId, f.ownerId));
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
    .select({ s: livestreams, creator: creatorColumns })
    .from(livestreams)
    .innerJoin(profilesTable, eq(profilesTable.id, livestreams.ownerId))
    .where(and(...where))
    .orderBy(...(tsquery ? [desc(textRank(livestreams.title, livestreams.description, tsquery)), ...order] : order))
    .limit(f.limit ?? 24);
  return rows.map(({ s, creator }) => toCard(s, creator));
}

type StreamRow = typeof livestreams.$inferSelect;

function toCard(s: StreamRow, creator: StreamCard['creator']): StreamCard {
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
    token: s.tokenMint ? { mint: s.tokenMint, symbol: s.tokenSymbol, name: s.tokenName } : null,
    creator,
  };
}

/** One stream with its description, as its page shows it; undefined when there is none. */
export async function getStream(db: Db, id: string): Promise<StreamDetail | undefined> {
  const [row] = await db
    .select({ s: livestreams, creator: creatorColumns, allowClips: profilesTable.allowClips })
    .from(livestreams)
    .innerJoin(profilesTable, eq(profilesTable.id, livestreams.ownerId))
    .where(eq(livestreams.id, id))
    .limit(1);
  return row
    ? {
        ...toCard(row.s, row.creator),
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
