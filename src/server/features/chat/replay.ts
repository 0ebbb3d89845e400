/**
 * Where a moment of a live stream is in its replay. The recording joins the stream's ingest
 * sessions end to end, so a moment inside a session is found by adding up the sessions before it;
 * a moment between two sessions (the publisher away) falls at the join. Times in milliseconds,
 * positions in seconds of the replay.
 */
export interface Span {
  start: number;
  end: number;
}

/** The recorded spans of a stream, in order; a session still open (or cut by a crash) ends with the stream. */
export function replaySpans(sessions: { startedAt: Date; endedAt: Date | null }[], stream: { startedAt: Date | null; endedAt: Date | null }): Span[] {
  const streamEnd = stream.endedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (sessions.length === 0) return stream.startedAt ? [{ start: stream.startedAt.getTime(), end: streamEnd }] : [];
  return sessions.map((s, i) => {
    const next = sessions[i + 1]?.startedAt.getTime() ?? streamEnd;
    return { start: s.startedAt.getTime(), end: Math.min(s.endedAt?.getTime() ?? next, next) };
  });
}

/** The replay position (seconds) of a moment of the stream. */
export function positionAt(spans: Span[], at: number): number {
  let before = 0;
  for (const span of spans) {
    if (at < span.start) break;
    if (at <= span.end) return (before + (at - span.start)) / 1000;
    before += span.end - span.start;
  }
  return before / 1000;
}

/** The moment of the stream shown at a replay position: the earliest moment at or after it. */
export function momentAt(spans: Span[], position: number): number {
  let left = Math.max(0, position) * 1000;
  for (const span of spans) {
    const length = span.end - span.start;
    if (left <= length) return span.start + left;
    left -= length;
  }
  return spans.at(-1)?.end ?? 0;
}
