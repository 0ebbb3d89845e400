import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** What arrives from a publisher: FLV from RTMP (OBS and other encoders), WebM from a browser's MediaRecorder. */
export type IngestFormat = 'flv' | 'webm';

export interface LiveOutput {
  /** The folder of this ingest session: `index.m3u8`, its segments, and `recording.mkv`. */
  dir: string;
  /** Live segment length in seconds; keyframes come exactly that often. */
  segmentSeconds: number;
}

/** Segments kept on disk after they leave the playlist: about 90 s, for clips. */
const KEEP_SEGMENTS_SECONDS = 90;
const PLAYLIST_SEGMENTS = 6;
/** The live card's picture: written again every this many seconds. */
export const SNAPSHOT_SECONDS = 10;
export const SNAPSHOT_FILE = 'snapshot.jpg';

/**
 * ffmpeg for one ingest session, reading the publisher's media on stdin and writing, through one
 * encode, a low-latency HLS playlist (short segments, a keyframe at each) and a recording that
 * becomes the replay. The encode is 720p at most, H.264 `zerolatency` and AAC: every viewer's
 * browser plays it, whatever the publisher sent.
 */
export function liveArgs(format: IngestFormat, out: LiveOutput): string[] {
  const seg = out.segmentSeconds;
  const keep = Math.ceil(KEEP_SEGMENTS_SECONDS / seg);
  const hls = [
    'f=hls',
    `hls_time=${seg}`,
    `hls_list_size=${PLAYLIST_SEGMENTS}`,
    `hls_delete_threshold=${keep}`,
    'hls_flags=delete_segments+independent_segments+program_date_time+temp_file',
    `hls_segment_filename=${path.join(out.dir, 'seg-%06d.ts')}`,
  ].join(':');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    // Packets read while probing are kept for WebM: MediaRecorder sends one keyframe at the start
    // and rarely another, so dropping them (`nobuffer`) would leave nothing decodable. Its tracks
    // are declared in the header, so a short probe suffices.
    ...(format === 'webm' ? ['-fflags', '+genpts', '-analyzeduration', '500000', '-probesize', '500000'] : ['-fflags', '+nobuffer+genpts']),
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
    '-vf',
    "scale=-2:'min(720,ih)':flags=bicubic,format=yuv420p",
    '-r',
    '30',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-b:v',
    '2500k',
    '-maxrate',
    '3000k',
    '-bufsize',
    '3000k',
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
    '128k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-flags',
    '+global_header',
    '-f',
    'tee',
    `[${hls}]${path.join(out.dir, 'index.m3u8')}|[f=matroska]${path.join(out.dir, 'recording.mkv')}`,
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

/** Starts ffmpeg for an ingest session; the output folder is made fresh. */
export function startIngest(format: IngestFormat, out: LiveOutput): IngestProcess {
  fs.mkdirSync(out.dir, { recursive: true });
  const child: ChildProcessByStdio<Writable, null, Readable> = spawn(process.env.FFMPEG_PATH ?? 'ffmpeg', liveArgs(format, out), {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let error = '';
  child.stderr.on('data', (d: Buffer) => {
    if (error.length < 4000) error += d.toString();
  });
  // A publisher sending faster than ffmpeg reads is not our crash: writes after exit are dropped.
  child.stdin.on('error', () => {});
  const done = new Promise<{ code: number | null; error: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, error }));
    child.on('error', (err) => resolve({ code: -1, error: String(err) }));
  });
  let killer: NodeJS.Timeout | undefined;
  void done.then(() => clearTimeout(killer));
  return {
    input: child.stdin,
    done,
    finish() {
      child.stdin.end();
      // ffmpeg that does not finish writing within a few seconds is stopped.
      killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      killer.unref();
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}

/** Whether a live playlist has its first segment, i.e. viewers can start watching. */
export async function playlistReady(dir: string): Promise<boolean> {
  const text = await fs.promises.readFile(path.join(dir, 'index.m3u8'), 'utf8').catch(() => '');
  return /\.ts\s*$/m.test(text);
}
