import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StreamStats } from '../../../shared/live/streams.js';
import { STREAM_NOT_FOUND } from '../../../shared/live/streams.js';
import { lamportsToSol } from '../../../shared/payments/sol.js';
import { profiles } from '../../access/schema.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { notFound } from '../../platform/http/errors.js';
import { chatMessages } from '../chat/schema.js';
import { livestreams, streamViewerSamples } from '../live/schema.js';
import { payments } from '../payments/schema.js';

const MINUTE = 60_000;
/** A chart of a day at most: a longer stream shows its last day. */
const MAX_MINUTES = 24 * 60;

/**
 * How one of the creator's streams did: viewers and chat messages minute by minute from the moment
 * it went live to its end (or now, while it is live), its peak and average, and the tips sent to it
 * while it was on (verified on chain). A minute in which nobody joined or left has the count of the
 * minute before. Anyone else's stream, or none, is not found.
 */
export async function getStreamStats(db: Db, ownerId: string, streamId: string, now = new Date()): Promise<StreamStats> {
  if (!isUuid(streamId)) throw notFound(STREAM_NOT_FOUND);
  const [stream] = await db
    .select({ startedAt: livestreams.startedAt, endedAt: livestreams.endedAt, peak: livestreams.peakViewers })
    .from(livestreams)
    .where(and(eq(livestreams.id, streamId), eq(livestreams.ownerId, ownerId)));
  if (!stream) throw notFound(STREAM_NOT_FOUND);
  if (!stream.startedAt) {
    return { startedAt: null, endedAt: null, minutes: [], peakViewers: 0, averageViewers: 0, chatMessages: 0, tips: [], tipsSol: '0' };
  }

  const last = Math.floor((stream.endedAt ?? now).getTime() / MINUTE) * MINUTE;
  const first = Math.max(Math.floor(stream.startedAt.getTime() / MINUTE) * MINUTE, last - (MAX_MINUTES - 1) * MINUTE);
  const [samples, chat, tips] = await Promise.all([
    db
      .select({ minute: streamViewerSamples.minute, viewers: streamViewerSamples.viewers })
      .from(streamViewerSamples)
      .where(eq(streamViewerSamples.streamId, streamId))
      .orderBy(asc(streamViewerSamples.minute)),
    db
      .select({ minute: sql<string>`date_trunc('minute', ${chatMessages.createdAt})`, n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.streamId, streamId), isNull(chatMessages.deletedAt), isNull(chatMessages.takenDownAt)))
      .groupBy(sql`1`),
    db
      .select({
        at: payments.createdAt,
        lamports: payments.lamports,
        message: payments.message,
        username: profiles.username,
        displayName: profiles.displayName,
      })
      .from(payments)
      .leftJoin(profiles, eq(profiles.id, payments.payerId))
      .where(
        and(
          eq(payments.kind, 'tip'),
          eq(payments.contentType, 'livestream'),
          eq(payments.contentId, streamId),
          inArray(payments.status, ['confirmed', 'finalized']),
        ),
      )
      .orderBy(asc(payments.createdAt)),
  ]);

  const chatByMinute = new Map(chat.map((c) => [new Date(c.minute).getTime(), Number(c.n)]));
  const minutes: StreamStats['minutes'] = [];
  let s = 0;
  let viewers = 0;
  // The count carried into the chart's first minute: the last sample before it.
  while (s < samples.length && samples[s]!.minute.getTime() < first) viewers = samples[s++]!.viewers;
  for (let at = first; at <= last; at += MINUTE) {
    if (s < samples.length && samples[s]!.minute.getTime() === at) viewers = samples[s++]!.viewers;
    minutes.push({ at: new Date(at).toISOString(), viewers, chatMessages: chatByMinute.get(at) ?? 0 });
  }
  const total = tips.reduce((sum, t) => sum + t.lamports, 0n);
  return {
    startedAt: stream.startedAt.toISOString(),
    endedAt: stream.endedAt?.toISOString() ?? null,
    minutes,
    peakViewers: Math.max(stream.peak, ...minutes.map((m) => m.viewers)),
    averageViewers: minutes.length ? Math.round((minutes.reduce((sum, m) => sum + m.viewers, 0) / minutes.length) * 10) / 10 : 0,
    chatMessages: chat.reduce((sum, c) => sum + Number(c.n), 0),
    tips: tips.map((t) => ({
      at: t.at.toISOString(),
      sol: lamportsToSol(t.lamports),
      from: t.username ? { username: t.username, displayName: t.displayName ?? t.username } : null,
      message: t.message,
    })),
    tipsSol: lamportsToSol(total),
  };
}
