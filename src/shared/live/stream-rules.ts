/**
 * A stream its creator cancelled before it went live: it ended without ever starting (a stream
 * that goes live always has a start). It is in no list; its page says so.
 */
export const isCancelled = (s: { status: 'scheduled' | 'live' | 'ended'; startedAt: string | Date | null }) => s.status === 'ended' && !s.startedAt;
export const STREAM_CANCELLED = 'This stream was cancelled';
