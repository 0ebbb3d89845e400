// ffmpeg and ffprobe command lines, built by pure functions (CONTRIBUTING.md, after PeerTube) so
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

/** The HLS ladder: 1080p, 720p, 480p, 360p, plus an audio rendition. */
export const LADDER: readonly Rung[] = [
  { name: '1080p', shortSide: 1080, videoKbps: 5000 },
  { name: '720p', shortSide: 720, videoKbps: 2800 },
  { name: '480p', shortSide: 480, videoKbps: 1400 },
  { name: '360p', shortSide: 360, videoKbps: 800 },
];
export const AUDIO_KBPS = 128;
export const SEGMENT_SECONDS = 4;

/**
 * Demuxers user files may be opened with. Playlists and lists of other files (hls, dash, concat,
 * image sequences and the like) are never among them: they would make ffmpeg read other files or
 * addresses named inside the upload.
 */
export const VIDEO_DEMUXERS = ['mov', 'matroska', 'avi', 'mpegts', 'flv', 'mpeg', 'ogg'] as const;
export const IMAGE_DEMUXERS = ['png_pipe', 'jpeg_pipe', 'webp_pipe', 'gif'] as const;
export type Demuxers = typeof VIDEO_DEMUXERS | typeof IMAGE_DEMUXERS;

/** Input options for a user's file: read it from local disk only, with one of `demuxers`. */
export const inputGuard = (demuxers: Demuxers) => ['-protocol_whitelist', 'file', '-format_whitelist', demuxers.join(',')];

export const probeArgs = (input: string, demuxers: Demuxers = VIDEO_DEMUXERS) => [
  '-v',
  'error',
  ...inputGuard(demuxers),
  '-print_format',
  'json',
  '-show_format',
  '-show_streams',
  input,
];

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
  const [num, den] = String(video.avg_frame_rate ?? video.r_frame_rate ?? '30/1')
    .split('/')
    .map(Number);
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

/**
 * The rungs not above the source's short side. A source smaller than the smallest rung gets one
 * rendition at its own size: scaling it up would only cost work and bytes.
 */
export function pickLadder(width: number, height: number): Rung[] {
  const short = Math.min(width, height);
  const rungs = LADDER.filter((r) => r.shortSide <= short);
  if (rungs.length) return rungs;
  const smallest = LADDER[LADDER.length - 1]!;
  const side = Math.max(2, Math.floor(short / 2) * 2);
  return [{ name: `${side}p`, shortSide: side, videoKbps: Math.max(200, Math.round((smallest.videoKbps * side) / smallest.shortSide)) }];
}

export interface VideoLimits {
  /** Longest video taken, in seconds. */
  maxSeconds: number;
  /** Largest width or height taken, in pixels. */
  maxSide: number;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const hours = (s: number) => (s % 3600 === 0 ? plural(s / 3600, 'hour') : s % 60 === 0 ? plural(s / 60, 'minute') : plural(s, 'second'));
/** What is wrong with a source for these limits (the message for its owner), or undefined. */
export function limitProblem(probe: Pick<ProbeResult, 'durationSeconds' | 'width' | 'height'>, limits: VideoLimits): string | undefined {
  if (probe.durationSeconds > limits.maxSeconds + 0.5) return `Videos can be at most ${hours(limits.maxSeconds)} long. Shorten this one and upload it again.`;
  if (Math.max(probe.width, probe.height) > limits.maxSide) {
    return `Videos can be at most ${limits.maxSide} pixels on their longest side. This one is ${probe.width}x${probe.height}; export it smaller and upload it again.`;
  }
  return undefined;
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
  const args = ['-hide_banner', '-y', ...inputGuard(VIDEO_DEMUXERS), '-i', input, '-filter_complex', [split, ...scales].join(';')];
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
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    `${outDir}/%v/seg_%04d.ts`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streams.join(' '),
    '-progress',
    'pipe:1',
    '-nostats',
    `${outDir}/%v/index.m3u8`,
  );
  return args;
}

/** A JPEG frame at `seconds`, scaled to at most 1280 on its long side. */
export function frameArgs(input: string, seconds: number, output: string): string[] {
  return [
    '-hide_banner',
    '-y',
    ...inputGuard(VIDEO_DEMUXERS),
    '-ss',
    seconds.toFixed(2),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    "scale='min(1280,iw)':-2",
    '-q:v',
    '3',
    output,
  ];
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
  // Never wider than the source: a tiny video is not blown up into its previews.
  const tileWidth = Math.min(probe.width >= probe.height ? 160 : 90, Math.max(2, Math.floor(probe.width / 2) * 2));
  const tileHeight = Math.max(2, Math.round((tileWidth * probe.height) / probe.width / 2) * 2);
  const columns = Math.min(10, tiles);
  return { interval, columns, rows: Math.ceil(tiles / columns), tileWidth, tileHeight };
}

export function spriteArgs(input: string, spec: SpriteSpec, output: string): string[] {
  return [
    '-hide_banner',
    '-y',
    ...inputGuard(VIDEO_DEMUXERS),
    '-i',
    input,
    '-vf',
    `fps=1/${spec.interval.toFixed(4)},scale=${spec.tileWidth}:${spec.tileHeight},tile=${spec.columns}x${spec.rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    output,
  ];
}

/** Parses ffmpeg's `-progress` output: the last `out_time_us` as seconds. */
export function progressSeconds(chunk: string): number | undefined {
  const matches = [...chunk.matchAll(/out_time_(?:us|ms)=(\d+)/g)];
  const last = matches.at(-1);
  return last ? Number(last[1]) / 1_000_000 : undefined;
}

/** How generated clips (demo content, tests) are encoded: H.264 and AAC, ending with the shorter stream. */
const GENERATED_OUTPUT = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'];

/** A test pattern with a tone (demo content and tests): `seconds` long, `width`x`height`. */
export function testPatternArgs(output: string, seconds: number, width: number, height: number, frequency = 440): string[] {
  return [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`,
    ...GENERATED_OUTPUT,
    output,
  ];
}

/** What a demo clip shows: its scene, title and creator, and the root of its chord. */
export interface DemoClip {
  seconds: number;
  width: number;
  height: number;
  title: string;
  creator: string;
  /** Root of the soft chord under it, in Hz. */
  tone: number;
  /** Which generated scene moves behind the words (any integer; it picks one). */
  scene: number;
  /** A TrueType font for the words; without one the clip has no words. */
  fontFile?: string | undefined;
}

/** Text for drawtext (with `expansion=none`): the filter graph's escaping of backslash and colon; quotes become ’. */
const drawtextText = (t: string) => t.replace(/\\/g, '\\\\').replace(/'/g, '\u2019').replace(/:/g, '\\:');

/**
 * A demo clip that looks like content rather than a test card, made from ffmpeg's own generators
 * so a first start needs nothing downloaded: a moving scene (drifting gradients, the Game of
 * Life, a cellular automaton), the title and the creator drawn over it, and a soft major chord that
 * swells in and fades out.
 */
export function demoClipArgs(output: string, c: DemoClip): string[] {
  const size = `${c.width}x${c.height}`;
  // Scenes are drawn small and scaled up: smooth or blocky by design, and quick to make.
  const small = `${Math.max(32, Math.round(c.width / 4))}x${Math.max(32, Math.round(c.height / 4))}`;
  const blocks = `${Math.round(c.width / 8)}x${Math.round(c.height / 8)}`;
  const scenes = [
    `gradients=size=${small}:rate=30:speed=0.015:c0=0x1f1147:c1=0x7c3aed:c2=0x06b6d4:c3=0x0f172a:nb_colors=4:type=radial,scale=${size}:flags=bicubic`,
    `life=size=${blocks}:rate=15:mold=10:ratio=0.2:life_color=0x22d3ee:death_color=0x312e81,scale=${size}:flags=neighbor,fps=30`,
    `gradients=size=${small}:rate=30:speed=0.02:c0=0x0b1020:c1=0xf59e0b:c2=0xdb2777:nb_colors=3:type=linear,scale=${size}:flags=bicubic`,
    `cellauto=size=${blocks}:rate=15:rule=110:random_fill_ratio=0.3,scale=${size}:flags=neighbor,colorchannelmixer=rr=0.12:gg=0.4:bb=0.7,fps=30`,
  ];
  const scene = scenes[Math.abs(c.scene) % scenes.length]!;
  // The title fits the width: about 0.55 em a character in a sans bold.
  const big = Math.round(Math.min(Math.min(c.width, c.height) / 12, (c.width * 0.9) / (0.55 * Math.max(8, c.title.length))));
  const note = Math.round(Math.min(c.width, c.height) / 22);
  const words = c.fontFile
    ? `,drawbox=y=ih*0.62:w=iw:h=ih*0.38:color=black@0.45:t=fill` +
      `,drawtext=fontfile=${c.fontFile}:expansion=none:text='${drawtextText(c.title)}':fontcolor=white:fontsize=${big}:x=(w-tw)/2:y=h*0.68:alpha='min(1,t/0.8)'` +
      `,drawtext=fontfile=${c.fontFile}:expansion=none:text='@${drawtextText(c.creator)}':fontcolor=0xe0e7ff:fontsize=${note}:x=(w-tw)/2:y=h*0.68+${Math.round(big * 1.5)}:alpha='min(1,max(0,(t-0.4)/0.8))'`
    : '';
  const r = c.tone;
  const chord = `aevalsrc='(0.10*sin(2*PI*${r}*t)+0.07*sin(2*PI*${(r * 1.26).toFixed(2)}*t)+0.06*sin(2*PI*${(r * 1.5).toFixed(2)}*t))*(0.75+0.25*sin(2*PI*0.5*t))':s=48000:d=${c.seconds}`;
  return [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${scene},format=yuv420p${words},fade=t=in:d=0.5,fade=t=out:st=${Math.max(0, c.seconds - 0.7)}:d=0.7`,
    '-f',
    'lavfi',
    '-i',
    `${chord},afade=t=in:d=1,afade=t=out:st=${Math.max(0, c.seconds - 1.5)}:d=1.5`,
    '-t',
    String(c.seconds),
    ...GENERATED_OUTPUT,
    output,
  ];
}

/** One JPEG frame of good quality, without the input's metadata (EXIF). */
export const JPEG_STILL = ['-frames:v', '1', '-map_metadata', '-1', '-q:v', '3'];

/** Re-encodes an uploaded image to a JPEG of exactly `w`x`h` (cropped to fill), metadata (EXIF) dropped. */
export function imageArgs(input: string, output: string, w: number, h: number): string[] {
  return [
    '-hide_banner',
    '-y',
    ...inputGuard(IMAGE_DEMUXERS),
    '-i',
    input,
    '-vf',
    `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}`,
    ...JPEG_STILL,
    output,
  ];
}

/** Image formats accepted for avatars and banners, by ffprobe's format name. */
export function isImageFormat(formatName: string, codec: string): boolean {
  return (IMAGE_DEMUXERS as readonly string[]).includes(formatName) && ['png', 'mjpeg', 'webp', 'gif'].includes(codec);
}
