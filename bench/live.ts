// Live streaming benchmarks, through the real app: a publisher over RTMP, viewers in headless
// Chromium on the stream's page, and many HLS viewers at once. Run by `npm run bench`.
//
// Glass to glass: the publisher paints the wall clock (milliseconds) into every frame as a row of
// black and white blocks, at the moment it makes the frame. The viewer's page reads the blocks of
// each frame it shows (requestVideoFrameCallback, a canvas) and subtracts them from its own clock:
// one machine, one clock, the whole path (encode, RTMP, ingest encode, HLS, hls.js, decode).
//
// The floor, in the same run and from the same frames: plain ffmpeg writing HLS with the same
// segment length straight from the stamped frames, served as static files and played by hls.js
// in the same Chromium, read the same way. Glint's figure is only meaningful next to it: the
// machine is shared, and what it can do changes from one minute to the next.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { StreamDetail } from '../src/shared/live/streams.js';
import { startBenchApp } from './support.js';
import { ARGS, CHROMIUM } from '../tests/e2e/chromium.js';

export interface LiveRow {
  name: string;
  value: string;
}

const W = 320;
const H = 180;
const FPS = 30;
/** 40 bits of the clock and an 8-bit check, as 8 x 6 blocks of 40 x 30 pixels. */
const COLS = 8;
const ROWS = 6;
const BITS = COLS * ROWS;
const WATCH_SECONDS = 20;
const HLS_VIEWERS = 200;

function bitsOf(ms: number): number[] {
  const low = BigInt(ms) & ((1n << 40n) - 1n);
  const bytes = Array.from({ length: 5 }, (_, i) => Number((low >> BigInt(8 * i)) & 0xffn));
  const check = bytes.reduce((a, b) => (a + b) & 0xff, 0);
  const bits: number[] = [];
  for (let i = 0; i < 40; i++) bits.push(Number((low >> BigInt(i)) & 1n));
  for (let i = 0; i < 8; i++) bits.push((check >> i) & 1);
  return bits;
}

function frameOf(ms: number): Buffer {
  const frame = Buffer.alloc(W * H);
  const bits = bitsOf(ms);
  const bw = W / COLS;
  const bh = H / ROWS;
  for (let b = 0; b < BITS; b++) {
    if (!bits[b]) continue;
    const x0 = (b % COLS) * bw;
    const y0 = Math.floor(b / COLS) * bh;
    for (let y = y0; y < y0 + bh; y++) frame.fill(255, y * W + x0, y * W + x0 + bw);
  }
  return frame;
}

/** The stamp of a gray `W`x`H` frame, as the viewer's page reads it; null when its check fails. */
function stampOf(frame: Buffer, now: number): number | null {
  const bw = W / COLS;
  const bh = H / ROWS;
  const bits: number[] = [];
  for (let b = 0; b < BITS; b++) {
    const x = Math.floor((b % COLS) * bw + bw / 2);
    const y = Math.floor(Math.floor(b / COLS) * bh + bh / 2);
    bits.push(frame[y * W + x]! > 128 ? 1 : 0);
  }
  let low = 0;
  for (let i = 39; i >= 0; i--) low = low * 2 + bits[i]!;
  const bytes = Array.from({ length: 5 }, (_, i) => Math.floor(low / 2 ** (8 * i)) % 256);
  let check = 0;
  for (let i = 7; i >= 0; i--) check = check * 2 + bits[40 + i]!;
  if (bytes.reduce((a, c) => (a + c) & 0xff, 0) !== check) return null;
  const span = 2 ** 40;
  return now - (((((now % span) - low) % span) + span) % span);
}

/** ffmpeg encoding the stamped frames it reads on stdin (x264 as a live encoder sends it), then `output`. */
function encoder(output: string[]): ChildProcessWithoutNullStreams {
  const ffmpeg = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${W}x${H}`, '-r', String(FPS), '-i', 'pipe:0'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
    ...output,
  ]);
  ffmpeg.stdin.on('error', () => {});
  ffmpeg.stdout.resume();
  ffmpeg.stderr.on('data', (d: Buffer) => process.stderr.write(d));
  return ffmpeg;
}

/** Frames at 30 fps, each carrying the time it was made, written to every encoder until stopped. */
function startSource(encoders: ChildProcessWithoutNullStreams[]) {
  const started = Date.now();
  let n = 0;
  const timer = setInterval(() => {
    // Frames due by now, each stamped with the moment it is made.
    while (n < ((Date.now() - started) * FPS) / 1000) {
      const frame = frameOf(Date.now());
      for (const e of encoders) e.stdin.write(frame);
      n++;
    }
  }, 5);
  return {
    started,
    stop: () =>
      Promise.all(
        encoders.map(
          (e) =>
            new Promise<void>((resolve) => {
              clearInterval(timer);
              if (e.exitCode !== null) return resolve();
              e.on('close', () => resolve());
              e.stdin.end();
            }),
        ),
      ),
  };
}

/**
 * The floor: `dir`'s HLS as static files and a page that plays it with hls.js's own live settings,
 * one segment behind the newest (the closest whole segments allow), nothing else of Glint's.
 */
async function serveFloor(dir: string, segmentSeconds: number) {
  const hlsJs = fs.readFileSync(path.resolve('node_modules/hls.js/dist/hls.light.min.js'));
  const page = `<!doctype html><meta charset="utf-8"><title>floor</title>
<div data-testid="live-player"><video muted autoplay playsinline></video></div>
<script src="/hls.js"></script>
<script>
  const video = document.querySelector('video');
  const hls = new Hls({ liveSyncDuration: ${segmentSeconds} });
  hls.loadSource('/hls/index.m3u8');
  hls.attachMedia(video);
  video.addEventListener('loadedmetadata', () => video.play().catch(() => {}));
</script>`;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (url === '/hls.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(hlsJs);
    const name = /^\/hls\/([\w-]+\.(m3u8|ts))$/.exec(url);
    let body: Buffer | undefined;
    try {
      body = name ? fs.readFileSync(path.join(dir, name[1]!)) : undefined;
    } catch {
      // not written yet, or swept
    }
    if (!name || !body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': name[2] === 'ts' ? 'video/mp2t' : 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache' }).end(body);
  });
  server.on('clientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Watches a live playlist: each new segment's listing time and, for every other one, the age of
 * its newest frame at that moment (what the encode, the ingest and the segmenter add together).
 */
function watchPlaylist(playlistUrl: string) {
  const ages: number[] = [];
  const seen = new Set<string>();
  let stopped = false;
  let count = 0;
  const lastFrameOf = (url: string) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      const ff = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', url, '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${W}x${H}`, 'pipe:1']);
      ff.stdout.on('data', (d: Buffer) => chunks.push(d));
      ff.on('close', () => resolve(Buffer.concat(chunks)));
    });
  const loop = async () => {
    while (!stopped) {
      const text = await fetch(playlistUrl)
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => '');
      const listedAt = Date.now();
      for (const seg of text.split('\n').filter((l) => l.endsWith('.ts'))) {
        if (seen.has(seg)) continue;
        seen.add(seg);
        // The segments listed when watching starts are old already.
        if (seen.size <= 6 || count++ % 2) continue;
        void lastFrameOf(new URL(seg, playlistUrl).href).then((frames) => {
          if (frames.length < W * H) return;
          const made = stampOf(frames.subarray(frames.length - W * H), listedAt);
          if (made !== null) ages.push(listedAt - made);
        });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const done = loop();
  return {
    ages,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

interface Seen {
  /** Frame made to frame shown, ms, for every frame whose stamp was read. */
  latencies: number[];
  /** For the same frames: seconds of picture buffered ahead of the one shown. */
  ahead: number[];
  firstFrameMs: number;
  /** Times the player ran out of picture (`waiting`) and times it jumped (`seeking`). */
  stalls: number;
  seeks: number;
}

/** Runs in the page: reads the clock out of every frame shown, for `seconds`. */
function readFrames(args: { cols: number; rows: number; seconds: number }): Promise<Seen> {
  return new Promise((resolve) => {
    const opened = performance.timeOrigin;
    const seen: Seen = { latencies: [], ahead: [], firstFrameMs: -1, stalls: 0, seeks: 0 };
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const find = () => document.querySelector<HTMLVideoElement>('[data-testid="live-player"] video');
    const wait = () => {
      const video = find();
      if (!video) return void setTimeout(wait, 50);
      video.addEventListener('waiting', () => seen.firstFrameMs >= 0 && seen.stalls++);
      video.addEventListener('seeking', () => seen.firstFrameMs >= 0 && seen.seeks++);
      const onFrame = () => {
        const now = Date.now();
        if (seen.firstFrameMs < 0) seen.firstFrameMs = now - opened;
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        ctx.drawImage(video, 0, 0);
        const bw = canvas.width / args.cols;
        const bh = canvas.height / args.rows;
        const bits: number[] = [];
        for (let b = 0; b < args.cols * args.rows; b++) {
          const x = Math.floor((b % args.cols) * bw + bw / 2);
          const y = Math.floor(Math.floor(b / args.cols) * bh + bh / 2);
          bits.push(ctx.getImageData(x, y, 1, 1).data[0]! > 128 ? 1 : 0);
        }
        let low = 0;
        for (let i = 39; i >= 0; i--) low = low * 2 + bits[i]!;
        const bytes = Array.from({ length: 5 }, (_, i) => Math.floor(low / 2 ** (8 * i)) % 256);
        let check = 0;
        for (let i = 7; i >= 0; i--) check = check * 2 + bits[40 + i]!;
        if (bytes.reduce((a, c) => (a + c) & 0xff, 0) === check) {
          // The clock's high bits are the viewer's own: the 40 low bits wrap every 34 years.
          const span = 2 ** 40;
          const made = now - (((((now % span) - low) % span) + span) % span);
          seen.latencies.push(now - made);
          const b = video.buffered;
          seen.ahead.push(b.length ? b.end(b.length - 1) - video.currentTime : 0);
        }
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    };
    wait();
    setTimeout(() => resolve(seen), args.seconds * 1000);
  });
}

/** CPU seconds a process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The ingest ffmpeg of this app: a child reading a publisher from its stdin. */
function ingestPid(): number | undefined {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (ppid === process.pid && cmd.includes('pipe:0') && cmd.includes('tee')) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]) => pct(xs, 0.5);

/** One path's figures: the frames after the first quarter of the watch, and their last quarter (drift). */
function summary(seen: Seen) {
  const from = Math.floor(seen.latencies.length / 4);
  const settled = seen.latencies.slice(from);
  const ahead = seen.ahead.slice(from).map((s) => s * 1000);
  return {
    frames: settled.length,
    p50: median(settled),
    p95: pct(settled, 0.95),
    last: median(seen.latencies.slice(Math.floor((seen.latencies.length * 3) / 4))),
    ahead: median(ahead),
    newest: median(settled.map((l, i) => l - ahead[i]!)),
  };
}

export async function liveBenchmarks(): Promise<LiveRow[]> {
  const rows: LiveRow[] = [];
  const watchSeconds = Number(process.env.BENCH_LIVE_SECONDS ?? WATCH_SECONDS);
  const hlsViewers = Number(process.env.BENCH_LIVE_VIEWERS ?? HLS_VIEWERS);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  rows.push({ name: 'Load average at the start (1, 5, 15 min; 2 cores)', value: load() });
  const bench = await startBenchApp({
    RTMP_PORT: '0',
    // Another build's client (BENCH_CLIENT_DIR) to compare players on the same server.
    CLIENT_DIR: path.resolve(process.env.BENCH_CLIENT_DIR ?? 'dist/client'),
    LIVE_GRACE_SECONDS: '1',
    // The live segment length the server would use, so the figures can be compared across settings.
    ...(process.env.LIVE_SEGMENT_SECONDS ? { LIVE_SEGMENT_SECONDS: process.env.LIVE_SEGMENT_SECONDS } : {}),
  });
  const seg = bench.config.live.segmentSeconds;
  const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-live-floor-'));
  const floor = await serveFloor(floorDir, seg);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const creator = await bench.account('bench_live');
    const stream = (await (await creator.call('POST', '/api/streams', { title: 'Bench live', category: 'Trading' })).json()) as StreamDetail;
    const { key, server } = (await (await creator.call('POST', '/api/live/key', {})).json()) as { key: string; server: string };
    // One source of frames for both: a publisher to Glint over RTMP, and the floor's ffmpeg.
    const gop = Math.round(FPS * seg);
    const source = startSource([
      encoder(['-g', String(FPS), '-f', 'flv', `${server.replace('localhost', '127.0.0.1')}/${key}`]),
      encoder([
        ...['-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0'],
        ...['-f', 'hls', '-hls_time', String(seg), '-hls_list_size', '6', '-hls_flags', 'independent_segments+temp_file'],
        path.join(floorDir, 'index.m3u8'),
      ]),
    ]);
    let live: StreamDetail | undefined;
    while (!live?.hlsUrl) {
      await new Promise((r) => setTimeout(r, 50));
      live = (await (await fetch(`${bench.base}/api/streams/${stream.id}`)).json()) as StreamDetail;
    }
    rows.push({ name: 'Publish to live (RTMP connect to the first HLS segment listed)', value: seconds(Date.now() - source.started) });

    const pid = ingestPid();
    const cpu0 = pid ? cpuSeconds(pid) : 0;
    const t0 = Date.now();
    const playlistUrl = bench.base + live.hlsUrl;
    const watchers = [watchPlaylist(playlistUrl), watchPlaylist(`${floor.base}/hls/index.m3u8`)];
    // Both players at once, in the same browser: the same machine at the same moment.
    const [glint, plain] = await Promise.all(
      [
        { base: bench.base, url: `/stream/${stream.id}` },
        { base: floor.base, url: '/' },
      ].map(async ({ base, url }) => {
        const page = await browser.newPage({ baseURL: base });
        // tsx names the page function's inner functions with a helper the page lacks.
        await page.addInitScript('window.__name = (f) => f');
        await page.goto(url);
        return page.evaluate(readFrames, { cols: COLS, rows: ROWS, seconds: watchSeconds });
      }),
    );
    const cpu = pid ? (cpuSeconds(pid) - cpu0) / ((Date.now() - t0) / 1000) : NaN;
    await Promise.all(watchers.map((w) => w.stop()));
    const [g, f] = [summary(glint!), summary(plain!)];
    const pair = (a: number, b: number) => `${seconds(a)} | floor ${seconds(b)} (${a >= b ? '+' : '−'}${seconds(Math.abs(a - b))})`;
    rows.push({ name: 'Viewer: page open to first live frame shown (headless Chromium, hls.js)', value: pair(glint!.firstFrameMs, plain!.firstFrameMs) });
    rows.push({
      name: `Glass to glass p50, frame made to frame shown (${g.frames} | ${f.frames} frames after the first ${watchSeconds / 4} s; target: floor + 0.3 s)`,
      value: pair(g.p50, f.p50),
    });
    rows.push({ name: 'Glass to glass p95', value: pair(g.p95, f.p95) });
    rows.push({ name: `Glass to glass p50 over the last ${watchSeconds / 4} s (drift)`, value: pair(g.last, f.last) });
    rows.push({
      name: 'Stage: newest frame of a segment, its age when the playlist lists it (p50)',
      value: pair(median(watchers[0]!.ages), median(watchers[1]!.ages)),
    });
    rows.push({ name: "Stage: newest frame in the player's buffer, its age at each frame shown (p50)", value: pair(g.newest, f.newest) });
    rows.push({ name: "Stage: picture buffered ahead of the frame shown (p50; the player's hold-back)", value: pair(g.ahead, f.ahead) });
    rows.push({
      name: 'Player ran out of picture / jumped (waiting / seeking events after the first frame)',
      value: `${glint!.stalls} / ${glint!.seeks} | floor ${plain!.stalls} / ${plain!.seeks}`,
    });
    rows.push({ name: 'Ingest encode CPU per stream (720p-capable x264 veryfast, 30 fps; 180p source here)', value: `${(cpu * 100).toFixed(0)}% of one core` });
    rows.push({ name: 'Load average after the watch', value: load() });

    // Many viewers at once, each as hls.js does it: the playlist every segment, each new segment once.
    if (hlsViewers > 0) {
      const times: number[] = [];
      let bytes = 0;
      const until = Date.now() + 10_000;
      await Promise.all(
        Array.from({ length: hlsViewers }, async () => {
          const got = new Set<string>();
          while (Date.now() < until) {
            const a = performance.now();
            const text = await (await fetch(playlistUrl)).text();
            times.push(performance.now() - a);
            for (const seg of text.split('\n').filter((l) => l.endsWith('.ts'))) {
              if (got.has(seg)) continue;
              got.add(seg);
              const b = performance.now();
              bytes += (await (await fetch(new URL(seg, playlistUrl))).arrayBuffer()).byteLength;
              times.push(performance.now() - b);
            }
            await new Promise((r) => setTimeout(r, seg * 1000));
          }
        }),
      );
      rows.push({
        name: `${hlsViewers} HLS viewers for 10 s on one server (playlist + segment requests)`,
        value: `${times.length} requests, p50 ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, ${((bytes * 8) / 10 / 1e6).toFixed(0)} Mbit/s served`,
      });
    }
    await source.stop();
  } finally {
    await browser.close();
    await floor.close();
    await bench.close();
    fs.rmSync(floorDir, { recursive: true, force: true });
  }
  return rows;
}
