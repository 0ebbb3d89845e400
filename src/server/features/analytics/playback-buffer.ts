import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { playbackReports } from './schema.js';

type Report = typeof playbackReports.$inferInsert;

/** How long a report waits for others before they are written together, and how many make a write at once. */
export const FLUSH_EVERY_MS = 1000;
export const FLUSH_AT = 500;

export interface PlaybackBuffer {
  /** Keeps a report from `viewerKey` (with the moment it arrived) for the next write; never waits for the database. */
  add(report: Pick<Report, 'videoId' | 'playbackId' | 'positionSeconds'>, viewerKey: string, at?: Date): void;
  /** Writes what is kept now (the roll-up, the tests and shutting down call it). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The heartbeat's reports are written a second at a time in one multi-row insert instead of one
 * statement each: every playing video sends one every 5 seconds, and a statement per report would
 * hold the route to the database's pace (on PGlite, one statement at a time). A report keeps the
 * time it arrived; a crash loses at most the last second's, which only makes the counts a little lower.
 */
export function createPlaybackBuffer(db: Db, log: FastifyBaseLogger): PlaybackBuffer {
  let kept: Report[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rows = kept;
    kept = [];
    // One write after the other, so `flush()` resolves once everything added before it is stored.
    writing = writing.then(async () => {
      if (!rows.length) return;
      try {
        // One JSON parameter rather than five a row: binding thousands of parameters cost more
        // than the insert itself (on PGlite about a third of a millisecond a row, against a tenth).
        const json = JSON.stringify(
          rows.map((r) => ({
            video_id: r.videoId,
            viewer_key: r.viewerKey,
            playback_id: r.playbackId,
            position_seconds: r.positionSeconds,
            reported_at: r.reportedAt,
          })),
        );
        await db.execute(sql`insert into ${playbackReports} (video_id, viewer_key, playback_id, position_seconds, reported_at)
          select * from json_to_recordset(${json}::json) as r(video_id uuid, viewer_key text, playback_id text, position_seconds real, reported_at timestamptz)`);
      } catch (err) {
        log.warn({ err, reports: rows.length }, 'playback reports: could not store a batch');
      }
    });
    return writing;
  };

  return {
    add(report, viewerKey, at = new Date()) {
      // One object per report, made here: every playing viewer sends one every few seconds.
      kept.push({ videoId: report.videoId, playbackId: report.playbackId, positionSeconds: report.positionSeconds, viewerKey, reportedAt: at });
      if (kept.length >= FLUSH_AT) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_EVERY_MS);
    },
    flush,
    close: flush,
  };
}
