import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { livestreams, streamViewerCounts, streamViewerSamples } from './schema.js';

/**
 * A server instance refreshes its rows every heartbeat; a row older than this belongs to an
 * instance that died, and no longer counts.
 */
export const VIEWER_ROW_STALE_MS = 60_000;

export interface ViewerTotals {
  streamId: string;
  viewers: number;
  peak: number;
}

/**
 * Records how many sockets this instance has in each stream's room (a zero removes the row), and
 * gives the live streams' new totals across instances.
 */
export async function writeViewerCounts(db: Db, instance: string, counts: { streamId: string; count: number }[]): Promise<ViewerTotals[]> {
  if (!counts.length) return [];
  const now = new Date();
  const gone = counts.filter((c) => c.count <= 0).map((c) => c.streamId);
  const present = counts.filter((c) => c.count > 0);
  if (gone.length) await db.delete(streamViewerCounts).where(and(eq(streamViewerCounts.instance, instance), inArray(streamViewerCounts.streamId, gone)));
  if (present.length) {
    await db
      .insert(streamViewerCounts)
      .values(present.map((c) => ({ streamId: c.streamId, instance, count: c.count, updatedAt: now })))
      .onConflictDoUpdate({
        target: [streamViewerCounts.streamId, streamViewerCounts.instance],
        set: { count: sql`excluded.count`, updatedAt: now },
      });
  }
  return recountViewers(
    db,
    counts.map((c) => c.streamId),
  );
}

/**
 * The heartbeat: keeps this instance's rows fresh, removes rows no instance refreshed (it died),
 * and gives the new totals of the streams those rows counted in.
 */
export async function sweepViewerCounts(db: Db, instance: string): Promise<ViewerTotals[]> {
  const now = new Date();
  await db.update(streamViewerCounts).set({ updatedAt: now }).where(eq(streamViewerCounts.instance, instance));
  const stale = await db
    .delete(streamViewerCounts)
    .where(lt(streamViewerCounts.updatedAt, new Date(now.getTime() - VIEWER_ROW_STALE_MS)))
    .returning({ streamId: streamViewerCounts.streamId });
  return recountViewers(db, [...new Set(stale.map((r) => r.streamId))]);
}

/** This instance is shutting down: its sockets no longer count anywhere. */
export async function dropViewerCounts(db: Db, instance: string): Promise<ViewerTotals[]> {
  const rows = await db.delete(streamViewerCounts).where(eq(streamViewerCounts.instance, instance)).returning({ streamId: streamViewerCounts.streamId });
  return recountViewers(db, [...new Set(rows.map((r) => r.streamId))]);
}

/** Where a stream stands for a socket joining its room on `instance`. */
export interface StreamRoomState {
  live: boolean;
  peak: number;
  /** Viewers the other instances count now; this instance's own are its room's sockets. */
  elsewhere: number;
}

/**
 * A stream's state for a socket joining its room, or undefined if there is no such stream. One
 * read: the joining socket is told the count at once, without waiting for the next write.
 */
export async function streamRoomState(db: Db, streamId: string, instance: string): Promise<StreamRoomState | undefined> {
  if (!isUuid(streamId)) return undefined;
  const fresh = new Date(Date.now() - VIEWER_ROW_STALE_MS).toISOString();
  const [row] = await db
    .select({
      status: livestreams.status,
      peak: livestreams.peakViewers,
      elsewhere: sql<number>`coalesce((select sum(v.count) from ${streamViewerCounts} v where v.stream_id = ${livestreams.id} and v.instance <> ${instance} and v.updated_at > ${fresh}::timestamptz), 0)::int`,
    })
    .from(livestreams)
    .where(eq(livestreams.id, streamId));
  return row && { live: row.status === 'live', peak: row.peak, elsewhere: Number(row.elsewhere) };
}

/** Sums the fresh rows of each live stream into its viewer count, raising its peak. */
export async function recountViewers(db: Db, streamIds: string[]): Promise<ViewerTotals[]> {
  if (!streamIds.length) return [];
  const fresh = new Date(Date.now() - VIEWER_ROW_STALE_MS);
  const sums = await db
    .select({ streamId: streamViewerCounts.streamId, n: sql<number>`sum(${streamViewerCounts.count})::int` })
    .from(streamViewerCounts)
    .where(and(inArray(streamViewerCounts.streamId, streamIds), gt(streamViewerCounts.updatedAt, fresh)))
    .groupBy(streamViewerCounts.streamId);
  const byId = new Map(sums.map((s) => [s.streamId, Number(s.n)]));
  const totals: ViewerTotals[] = [];
  for (const streamId of streamIds) {
    const n = byId.get(streamId) ?? 0;
    // Only a live stream counts viewers; an ended one keeps its peak and shows none.
    const [row] = await db
      .update(livestreams)
      .set({ viewerCount: n, peakViewers: sql`greatest(${livestreams.peakViewers}, ${n})` })
      .where(and(eq(livestreams.id, streamId), eq(livestreams.status, 'live')))
      .returning({ viewers: livestreams.viewerCount, peak: livestreams.peakViewers });
    if (!row) continue;
    totals.push({ streamId, viewers: row.viewers, peak: row.peak });
    // The minute's sample for the creator's chart: the most counted in it.
    await db
      .insert(streamViewerSamples)
      .values({ streamId, minute: sql`date_trunc('minute', now())`, viewers: n })
      .onConflictDoUpdate({
        target: [streamViewerSamples.streamId, streamViewerSamples.minute],
        set: { viewers: sql`greatest(${streamViewerSamples.viewers}, excluded.viewers)` },
      });
  }
  return totals;
}
