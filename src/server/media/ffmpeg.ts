// ffmpeg and ffprobe command lines, built by pure functions (CONVENTIONS.md, after PeerTube) so
// they are unit-tested without running anything; `run.ts` executes them.

export interface ProbeResult {
  durationSeconds: number;
  width: number;
  height: number;
  /** Frames per second of the video stream. */
  fps: number;
  hasAudio: boolean;
  /** Container format names ffprobe found, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string;
  videoCodec: string;
}

export interface Rung {
  name: string;
  /** The short side in pixels: 1080 for 1920x1080 landscape and for 1080x1920 portrait. */
  shortSide: number;
  videoKbps: number;
}

/** The HLS ladder (issue 5): 1080p, 720p, 480p, 360p, plus an audio rendition. */
export const LADDER: readonly Rung[] = [
  { name: '1080p', shortSide: 1080, videoKbps: 5000 },
  { name: '720p', shortSide: 720, videoKbps: 2800 },
  { name: '480p', shortSide: 480, videoKbps: 1400 },
  { name: '360p', shortSide: 360, videoKbps: 800 },
];
export const AUDIO_KBPS = 128;
export const SEGMENT_SECONDS = 4;

export const probeArgs = (input: string) => ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input];

/** Reads ffprobe's JSON; undefined when the file has no video stream (not a video). */
export function parseProbe(json: string): ProbeResult | undefined {
  let data: { format?: { duration?: string; format_name?: string }; streams?: Record<string, unknown>[] };
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !(s.disposition as { attached_pic?: number } | undefined)?.attached_pic);
  if (!video) return undefined;
  let width = Number(video.width);
  let height = Number(video.height);
  // Phones record landscape pixels with a rotation flag: what viewers see is turned.
  const rotation = Math.abs(Number((video.tags as { rotate?: string } | undefined)?.rotate ?? rotationFromSideData(video)) || 0);
  if (rotation === 90 || rotation === 270) [width, height] = [height, width];
  const [num, den] = String(video.avg_frame_rate ?? video.r_frame_rate ?? '30/1').split('/').map(Number);
  const fps = num && den ? num / den : 30;
  const durationSeconds = Number(data.format?.duration ?? video.duration ?? 0);
  if (!width || !height || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return undefined;
  return {
    durationSeconds,
    width,
    height,
    fps: Math.round(fps * 100) / 100,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    formatName: data.format?.format_name ?? '',
    videoCodec: String(video.codec_name ?? ''),
  };
}

function rotationFromSideData(video: Record<string, unknown>): number {
  const side = video.side_data_list as { rotation?: number }[] | undefined;
  return side?.find((d) => typeof d.rotation === 'number')?.rotation ?? 0;
}

/** Containers we take as video uploads (ffprobe's format names). */
const VIDEO_FORMATS = ['mov', 'mp4', 'matroska', 'webm', 'avi', 'mpegts', 'flv', 'mpeg', 'ogg', '3gp'];
export function isVideoContainer(formatName: string): boolean {
  return formatName.split(',').some((f) => VIDEO_FORMATS.includes(f));
}

/** The rungs not above the source's short side; at least the smallest, so tiny sources still play. */
export function pickLadder(width: number, height: number): Rung[] {
  const short = Math.min(width, height);
  const rungs = LADDER.filter((r) => r.shortSide <= short);
  return rungs.length ? rungs : [LADDER[LADDER.length - 1]!];
}

/** A scale filter that keeps the aspect ratio, with even dimensions, to `shortSide`. */
export function scaleFilter(width: number, height: number, shortSide: number): string {
  return width >= height ? `scale=-2:${shortSide}` : `scale=${shortSide}:-2`;
}

/**
 * One ffmpeg run that makes the whole HLS ladder: each video rung a variant, audio as its own
 * rendition group, keyframes every segment so every rung cuts at the same times.
 */
export function hlsArgs(input: string, outDir: string, probe: ProbeResult, rungs: Rung[]): string[] {
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[v${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[v${i}]${scaleFilter(probe.width, probe.height, r.shortSide)},format=yuv420p[v${i}o]`);
  const args = ['-hide_banner', '-y', '-i', input, '-filter_complex', [split, ...scales].join(';')];
  rungs.forEach((_, i) => args.push('-map', `[v${i}o]`));
  if (probe.hasAudio) args.push('-map', '0:a:0');
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-sc_threshold', '0');
  args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
  rungs.forEach((r, i) => {
    args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.1)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
  });
  if (probe.hasAudio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000');
  const streams = rungs.map((r, i) => `v:${i}${probe.hasAudio ? ',agroup:audio' : ''},name:${r.name}`);
  if (probe.hasAudio) streams.unshift('a:0,agroup:audio,default:yes,name:audio');
  args.push(
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_playlist_type', 'vod',
    '-hls_flags', 'independent_segments',
    '-hls_segment_filename', `${outDir}/%v/seg_%04d.ts`,
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streams.join(' '),
    '-progress', 'pipe:1', '-nostats',
    `${outDir}/%v/index.m3u8`,
  );
  return args;
}

/** A JPEG frame at `seconds`, scaled to at most 1280 on its long side. */
export function frameArgs(input: string, seconds: number, output: string): string[] {
  return ['-hide_banner', '-y', '-ss', seconds.toFixed(2), '-i', input, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', output];
}

/** Where the thumbnail candidates are taken: a quarter, half and three quarters in. */
export function thumbnailTimes(duration: number): number[] {
  return [0.25, 0.5, 0.75].map((f) => Math.max(0, Math.min(duration - 0.1, duration * f)));
}

export interface SpriteSpec {
  interval: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

/** Preview thumbnails: one tile every `interval` seconds (at most 100 tiles), 10 to a row. */
export function spriteSpec(probe: ProbeResult): SpriteSpec {
  const tiles = Math.min(100, Math.max(1, Math.ceil(probe.durationSeconds / 2)));
  const interval = probe.durationSeconds / tiles;
  const tileWidth = probe.width >= probe.height ? 160 : 90;
  const tileHeight = Math.round((tileWidth * probe.height) / probe.width / 2) * 2;
  const columns = Math.min(10, tiles);
  return { interval, columns, rows: Math.ceil(tiles / columns), tileWidth, tileHeight };
}

export function spriteArgs(input: string, spec: SpriteSpec, output: string): string[] {
  return [
    '-hide_banner', '-y', '-i', input,
    '-vf', `fps=1/${spec.interval.toFixed(4)},scale=${spec.tileWidth}:${spec.tileHeight},tile=${spec.columns}x${spec.rows}`,
    '-frames:v', '1', '-q:v', '4', output,
  ];
}

/** Parses ffmpeg's `-progress` output: the last `out_time_us` as seconds. */
export function progressSeconds(chunk: string): number | undefined {
  const matches = [...chunk.matchAll(/out_time_(?:us|ms)=(\d+)/g)];
  const last = matches.at(-1);
  return last ? Number(last[1]) / 1_000_000 : undefined;
}

/** A test pattern with a tone (demo content and tests): `seconds` long, `width`x`height`. */
export function testPatternArgs(output: string, seconds: number, width: number, height: number, frequency = 440): string[] {
  return [
    '-hide_banner', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', output,
  ];
}

/** Re-encodes an uploaded image to a JPEG of exactly `w`x`h` (cropped to fill), metadata (EXIF) dropped. */
export function imageArgs(input: string, output: string, w: number, h: number): string[] {
  return [
    '-hide_banner', '-y', '-i', input,
    '-vf', `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}`,
    '-frames:v', '1', '-map_metadata', '-1', '-q:v', '3', output,
  ];
}

/** Image formats accepted for avatars and banners, by ffprobe's format name. */
export function isImageFormat(formatName: string, codec: string): boolean {
  return ['png_pipe', 'jpeg_pipe', 'webp_pipe', 'gif', 'image2'].includes(formatName) || ['png', 'mjpeg', 'webp', 'gif'].includes(codec);
}
