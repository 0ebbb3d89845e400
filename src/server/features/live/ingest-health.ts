import type { StreamHealth } from '../../../shared/live/stream-rules.js';

/** The shortest interval a report covers, in seconds. */
const MIN_INTERVAL_SECONDS = 1.5;

/** A stream's health as its ingest measures it; the stream's id is added by whoever sends it. */
export type IngestHealth = Omit<StreamHealth, 'streamId'>;

/** One of ffmpeg's `-progress` blocks: totals since the session began. */
export interface ProgressBlock {
  frame: number;
  outTimeUs: number;
  dropFrames: number;
  dupFrames: number;
}

/**
 * Reads ffmpeg's `-progress` output (`key=value` lines, each block ending with `progress=…`) as it
 * arrives in chunks, and hands each complete block to `onBlock`.
 */
export function progressReader(onBlock: (block: ProgressBlock) => void): (chunk: string) => void {
  let rest = '';
  let fields = new Map<string, string>();
  const num = (key: string) => {
    const n = Number(fields.get(key));
    return Number.isFinite(n) ? n : 0;
  };
  return (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const at = line.indexOf('=');
      if (at < 0) continue;
      const key = line.slice(0, at).trim();
      fields.set(key, line.slice(at + 1).trim());
      if (key !== 'progress') continue;
      onBlock({ frame: num('frame'), outTimeUs: num('out_time_us'), dropFrames: num('drop_frames'), dupFrames: num('dup_frames') });
      fields = new Map();
    }
  };
}

/**
 * The health of one ingest session, from the bytes its publisher sent and ffmpeg's progress: each
 * progress block gives the figures of the interval since the one before.
 */
export class HealthMeter {
  private bytes = 0;
  private last: { at: number; bytes: number; block: ProgressBlock } | undefined;

  /** Bytes that arrived from the publisher. */
  received(n: number): void {
    this.bytes += n;
  }

  /** A progress block arrived at `now` (ms): the interval's health, or undefined for the first block. */
  report(block: ProgressBlock, now = Date.now()): IngestHealth | undefined {
    const last = this.last;
    const seconds = last ? (now - last.at) / 1000 : 0;
    // ffmpeg may write two blocks close together (one per output catching up): a short interval
    // would read as no bytes, or a burst of speed, so it is folded into the next one.
    if (last && seconds < MIN_INTERVAL_SECONDS) return undefined;
    this.last = { at: now, bytes: this.bytes, block };
    // Until the encode has written some output (its first seconds, while it probes), ffmpeg gives
    // no output time: there is no speed to tell yet, and "falling behind" would be wrong.
    if (!last || !last.block.outTimeUs || !block.outTimeUs) return undefined;
    const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
    const perSecond = (n: number) => Math.max(0, n) / seconds;
    return {
      inputKbps: Math.round(perSecond(this.bytes - last.bytes) * 0.008),
      fps: round(perSecond(block.frame - last.block.frame), 1),
      speed: round(perSecond(block.outTimeUs - last.block.outTimeUs) / 1e6, 2),
      unsteadyPerSecond: round(perSecond(block.dropFrames - last.block.dropFrames + block.dupFrames - last.block.dupFrames), 1),
      droppedFrames: block.dropFrames,
      duplicatedFrames: block.dupFrames,
      at: new Date(now).toISOString(),
    };
  }
}
