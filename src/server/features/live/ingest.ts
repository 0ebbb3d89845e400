import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { parseProbe, probeArgs } from '../../platform/media/ffmpeg.js';
import { runMediaTool } from '../../platform/media/run.js';
import { HEALTH_REPORT_SECONDS } from '../../../shared/live/stream-rules.js';
import { HealthMeter, progressReader, type IngestHealth } from './ingest-health.js';

/** What arrives from a publisher: FLV from RTMP (OBS and other encoders), WebM from a browser's MediaRecorder. */
export type IngestFormat = 'flv' | 'webm';

export interface LiveOutput {
  /** The folder of this ingest session: `index.m3u8`, its segments, and `recording.mkv`. */
  dir: string;
  /** Live segment length in seconds; keyframes come exactly that often. */
  segmentSeconds: number;
  /** Heights of extra renditions below the main one (`r<height>.m3u8`); none without a ladder. */
  ladder?: readonly number[];
}

/**
 * Segments stay on disk this long after they are written, for clips (60 s at most) and a margin.
 * Glint deletes them itself: ffmpeg's `delete_segments` keeps only about a playlist's length of
 * old segments, whatever `hls_delete_threshold` says (3 s with 0.5 s segments).
 */
export const KEEP_SEGMENTS_SECONDS = 90;
const SWEEP_SECONDS = 5;
const SEGMENT_FILE = /^(seg|r\d{3})-\d{6}\.ts$/;
const PLAYLIST_SEGMENTS = 6;
/** The live card's picture: written again every this many seconds. */
export const SNAPSHOT_SECONDS = 10;
export const SNAPSHOT_FILE = 'snapshot.jpg';
/** The main rendition's playlist, and with a ladder the master playlist that lists every rendition. */
export const MAIN_PLAYLIST = 'index.m3u8';
export const MASTER_PLAYLIST = 'master.m3u8';
const MAIN_HEIGHT = 720;
const MAIN_VIDEO_KBPS = 2500;

export const rungPlaylist = (height: number) => `r${height}.m3u8`;
/** A rung's video bitrate: the main one's, scaled by picture height to the power 1.5 (kbps). */
export const rungVideoKbps = (height: number) => Math.max(300, Math.round((MAIN_VIDEO_KBPS * (height / MAIN_HEIGHT) ** 1.5) / 50) * 50);
const rungAudioKbps = (height: number) => (height >= 480 ? 128 : 96);

/** One rendition's encode: H.264 `zerolatency` at `height` at most, AAC, a keyframe every segment. */
function encodeArgs(height: number, videoKbps: number, audioKbps: number, seg: number): string[] {
  return [
    '-vf',
    `scale=-2:'min(${height},ih)':flags=bicubic,format=yuv420p`,
    '-r',
    '30',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-b:v',
    `${videoKbps}k`,
    '-maxrate',
    `${Math.round(videoKbps * 1.2)}k`,
    '-bufsize',
    `${Math.round(videoKbps * 1.2)}k`,
    // Keyframes at the same instants in every rendition, so players can switch at any segment.
    '-g',
    String(Math.round(30 * seg)),
    '-keyint_min',
    String(Math.round(30 * seg)),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${seg})`,
    // Holes in a publisher's audio (a late start, dropped packets) are filled with silence: a gap
    // in one track stalls every player at each segment that has one.
    '-af',
    'aresample=async=1000:first_pts=0',
    '-c:a',
    'aac',
    '-b:a',
    `${audioKbps}k`,
    '-ar',
    '48000',
    '-ac',
    '2',
  ];
}

/** HLS muxer options for one rendition: short segments, a short playlist, old segments kept a while. */
function hlsOptions(dir: string, seg: number, segmentPattern: string): string[] {
  return [
    `hls_time=${seg}`,
    `hls_list_size=${PLAYLIST_SEGMENTS}`,
    'hls_flags=independent_segments+program_date_time+temp_file',
    `hls_segment_filename=${path.join(dir, segmentPattern)}`,
  ];
}

/**
 * ffmpeg for one ingest session, reading the publisher's media on stdin and writing, through one
 * encode, a low-latency HLS playlist (short segments, a keyframe at each) and a recording that
 * becomes the replay. The encode is 720p at most, H.264 `zerolatency` and AAC: every viewer's
 * browser plays it, whatever the publisher sent. With a ladder, each rung is one more encode of
 * the same input into its own playlist, keyframes aligned with the main one.
 */
export function liveArgs(format: IngestFormat, out: LiveOutput): string[] {
  const seg = out.segmentSeconds;
  const hls = ['f=hls', ...hlsOptions(out.dir, seg, 'seg-%06d.ts')].join(':');
  const rungs = (out.ladder ?? []).flatMap((height) => [
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...encodeArgs(height, rungVideoKbps(height), rungAudioKbps(height), seg),
    '-f',
    'hls',
    ...hlsOptions(out.dir, seg, `r${height}-%06d.ts`).flatMap((o) => {
      const [k, ...v] = o.split('=');
      return [`-${k}`, v.join('=')];
    }),
    path.join(out.dir, rungPlaylist(height)),
  ]);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    // Progress on stdout every few seconds, for the stream's health (ingest-health.ts).
    '-progress',
    'pipe:1',
    '-stats_period',
    String(HEALTH_REPORT_SECONDS),
    // Packets read while probing are kept for WebM: MediaRecorder sends one keyframe at the start
    // and rarely another, so dropping them (`nobuffer`) would leave nothing decodable. Its tracks
    // are declared in the header, so a short probe suffices.
    // FLV: ffmpeg stops probing as soon as it has both an audio and a video track; a publisher
    // with video only would be probed for the default 5 s before going live, so 1 s at most.
    ...(format === 'webm'
      ? ['-fflags', '+genpts', '-analyzeduration', '500000', '-probesize', '500000']
      : ['-fflags', '+nobuffer+genpts', '-analyzeduration', '1000000']),
    // The publisher's picture is decoded with slice threads only: frame threads hold back a frame
    // per thread (ffmpeg starts one per core, up to 16), half a second of delay on a large server.
    '-thread_type',
    'slice',
    // Only the container the publisher's path sends, read from the pipe: no other demuxer or protocol.
    '-protocol_whitelist',
    'pipe',
    '-f',
    format,
    '-i',
    'pipe:0',
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...encodeArgs(MAIN_HEIGHT, MAIN_VIDEO_KBPS, 128, seg),
    '-flags',
    '+global_header',
    '-f',
    'tee',
    `[${hls}]${path.join(out.dir, MAIN_PLAYLIST)}|[f=matroska]${path.join(out.dir, 'recording.mkv')}`,
    ...rungs,
    // A still of the stream every few seconds, for its card while it is live.
    '-map',
    '0:v:0',
    '-vf',
    `fps=1/${SNAPSHOT_SECONDS},scale=-2:'min(360,ih)'`,
    '-q:v',
    '5',
    '-f',
    'image2',
    '-update',
    '1',
    '-atomic_writing',
    '1',
    path.join(out.dir, SNAPSHOT_FILE),
  ];
}

export interface IngestProcess {
  /** Where the publisher's bytes go. */
  input: Writable;
  /** Resolves when ffmpeg has finished (input ended, or it failed); with its error output on failure. */
  done: Promise<{ code: number | null; error: string }>;
  /** Ends the input so ffmpeg closes the playlist and the recording properly. */
  finish(): void;
  /** Stops at once. */
  kill(): void;
}

/**
 * Starts ffmpeg for an ingest session; the output folder is made fresh. `onHealth` hears how the
 * session is doing every few seconds: what arrives from the publisher and how the encode keeps up.
 */
export function startIngest(format: IngestFormat, out: LiveOutput, onHealth?: (health: IngestHealth) => void): IngestProcess {
  fs.mkdirSync(out.dir, { recursive: true });
  const child: ChildProcessByStdio<Writable, Readable, Readable> = spawn(process.env.FFMPEG_PATH ?? 'ffmpeg', liveArgs(format, out), {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let error = '';
  child.stderr.on('data', (d: Buffer) => {
    if (error.length < 4000) error += d.toString();
  });
  const meter = new HealthMeter();
  const read = progressReader((block) => {
    const health = meter.report(block);
    if (health) onHealth?.(health);
  });
  child.stdout.setEncoding('utf8').on('data', read);
  // The publisher's bytes are counted on their way to ffmpeg.
  const input = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      meter.received(chunk.length);
      done(null, chunk);
    },
  });
  input.pipe(child.stdin);
  // A publisher sending faster than ffmpeg reads is not our crash: writes after exit are dropped.
  child.stdin.on('error', () => {});
  input.on('error', () => {});
  const done = new Promise<{ code: number | null; error: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, error }));
    child.on('error', (err) => resolve({ code: -1, error: String(err) }));
  });
  let killer: NodeJS.Timeout | undefined;
  const sweeper = setInterval(() => void sweepSegments(out.dir, KEEP_SEGMENTS_SECONDS), SWEEP_SECONDS * 1000);
  sweeper.unref();
  void done.then(() => {
    clearTimeout(killer);
    clearInterval(sweeper);
    input.destroy();
  });
  return {
    input,
    done,
    finish() {
      input.end();
      // ffmpeg encodes what it was sent before it exits: on a busy machine that can be many seconds
      // behind the publisher, and the recording is only whole once it is done. One that does not
      // finish within FINISH_TIMEOUT_MS is stopped (the replay is still made from what it wrote).
      killer = setTimeout(() => child.kill('SIGKILL'), FINISH_TIMEOUT_MS);
      killer.unref();
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}

/** How long a finished ingest may take to encode what it was sent before it is stopped. */
export const FINISH_TIMEOUT_MS = 120_000;

/** Deletes a session's segments written more than `keepSeconds` ago (every rendition's). Returns how many. */
export async function sweepSegments(dir: string, keepSeconds: number, now = Date.now()): Promise<number> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((n) => SEGMENT_FILE.test(n));
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > keepSeconds * 1000) {
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Whether a live playlist (the main one unless named) has its first segment, i.e. viewers can start watching. */
export async function playlistReady(dir: string, playlist = MAIN_PLAYLIST): Promise<boolean> {
  const text = await fs.promises.readFile(path.join(dir, playlist), 'utf8').catch(() => '');
  return /\.ts\s*$/m.test(text);
}

/**
 * The master playlist of a session with a ladder, written once the main rendition has its first
 * segment: its size tells each rung's width. Rungs as tall as the main one or taller are left out
 * (they would be the same picture at a lower bitrate). Returns the heights offered.
 */
export async function writeMasterPlaylist(dir: string, ladder: readonly number[]): Promise<number[]> {
  const text = await fs.promises.readFile(path.join(dir, MAIN_PLAYLIST), 'utf8');
  const first = /^(seg-\d{6}\.ts)\s*$/m.exec(text)?.[1];
  if (!first) throw new Error('the main rendition has no segment yet');
  const probe = parseProbe(await runMediaTool('ffprobe', probeArgs(path.join(dir, first)), { timeoutMs: 10_000 }));
  if (!probe) throw new Error('the main rendition has no video');
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const variants = [
    { height: probe.height, width: probe.width, kbps: MAIN_VIDEO_KBPS + 128, uri: MAIN_PLAYLIST },
    ...ladder
      .filter((h) => h < probe.height)
      .map((h) => ({ height: h, width: even((probe.width * h) / probe.height), kbps: rungVideoKbps(h) + rungAudioKbps(h), uri: rungPlaylist(h) })),
  ];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of variants) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(v.kbps * 1200)},RESOLUTION=${v.width}x${v.height},FRAME-RATE=30.000`, v.uri);
  }
  const target = path.join(dir, MASTER_PLAYLIST);
  await fs.promises.writeFile(`${target}.tmp`, lines.join('\n') + '\n');
  await fs.promises.rename(`${target}.tmp`, target);
  return variants.map((v) => v.height);
}
