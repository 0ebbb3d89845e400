/**
 * A stream its creator cancelled before it went live: it ended without ever starting (a stream
 * that goes live always has a start). It is in no list; its page says so.
 */
export const isCancelled = (s: { status: 'scheduled' | 'live' | 'ended'; startedAt: string | Date | null }) => s.status === 'ended' && !s.startedAt;
export const STREAM_CANCELLED = 'This stream was cancelled';

/**
 * How a live stream's ingest is doing, sent to its creator every couple of seconds while it is
 * live: measured over the last interval by the instance that receives and encodes it.
 */
export interface StreamHealth {
  streamId: string;
  /** What arrived from the publisher (OBS, a browser), in kilobits per second. */
  inputKbps: number;
  /** Frames encoded per second. */
  fps: number;
  /** Seconds of stream encoded per second of clock: 1 is real time, less is falling behind. */
  speed: number;
  /** Frames dropped or repeated per second: the publisher's frames came unevenly, or too few. */
  unsteadyPerSecond: number;
  /** Frames dropped and repeated since the session began. */
  droppedFrames: number;
  duplicatedFrames: number;
  /** When it was measured (ISO). */
  at: string;
}

export type StreamHealthVerdict = 'good' | 'unsteady' | 'behind' | 'no-data';

/** How often the ingest reports a live stream's health, in seconds. */
export const HEALTH_REPORT_SECONDS = 2;
/** With no report for this long (four missed), the creator is told nothing arrives. */
export const HEALTH_STALE_MS = HEALTH_REPORT_SECONDS * 4_000;

/** Below this speed, viewers fall further behind the camera with every second. */
export const HEALTH_BEHIND_SPEED = 0.9;

/**
 * What the creator is told about their stream's health, the worst thing first; `null` when no
 * report came for `HEALTH_STALE_MS`.
 */
export function streamHealthVerdict(h: Pick<StreamHealth, 'inputKbps' | 'speed' | 'unsteadyPerSecond' | 'fps'> | null): {
  verdict: StreamHealthVerdict;
  label: string;
  advice: string;
} {
  if (!h || h.inputKbps <= 0)
    return { verdict: 'no-data', label: 'No data', advice: 'Nothing arrived from your encoder in the last seconds. Check that it is still streaming.' };
  if (h.speed < HEALTH_BEHIND_SPEED)
    return {
      verdict: 'behind',
      label: 'Falling behind',
      advice: 'Glint encodes your stream slower than it arrives, so viewers drift behind. Send a lower resolution or frame rate.',
    };
  if (h.unsteadyPerSecond > Math.max(1, h.fps * 0.05))
    return {
      verdict: 'unsteady',
      label: 'Unsteady',
      advice: 'Frames arrive unevenly and some are dropped or repeated. Check your connection and your encoder’s load.',
    };
  return { verdict: 'good', label: 'Excellent', advice: 'Your stream arrives and is encoded in real time.' };
}
