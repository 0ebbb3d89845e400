// Live streaming benchmarks, through the real app: a publisher over RTMP, viewers in headless
// Chromium on the stream's page, and many HLS viewers at once. Run by `npm run bench`.
//
// Glass to glass: the publisher paints the wall clock (milliseconds) into every frame as a row of
// black and white blocks, at the moment it makes the frame. The viewer's page reads the blocks of
// each frame it shows (requestVideoFrameCallback, a canvas) and subtracts them from its own clock:
// one machine, one clock, the whole path (encode, RTMP, ingest encode, HLS, hls.js, decode).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

/** A publisher at 30 fps whose frames carry the time they were made, to `url`, until stopped. */
function startPublisher(url: string) {
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${W}x${H}`, '-r', String(FPS), '-i', 'pipe:0'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(FPS), '-pix_fmt', 'yuv420p', '-f', 'flv', url],
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  ffmpeg.stdin.on('error', () => {});
  const started = Date.now();
  let n = 0;
  const timer = setInterval(() => {
    // Frames due by now, each stamped with the moment it is made.
    while (n < ((Date.now() - started) * FPS) / 1000) {
      ffmpeg.stdin.write(frameOf(Date.now()));
      n++;
    }
  }, 5);
  return {
    started,
    pid: ffmpeg.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        ffmpeg.on('close', () => resolve());
        ffmpeg.stdin.end();
      }),
  };
}

/** Runs in the page: reads the clock out of every frame shown, for `seconds`. */
function readFrames(args: { cols: number; rows: number; seconds: number }): Promise<{ latencies: number[]; firstFrameMs: number }> {
  return new Promise((resolve) => {
    const opened = performance.timeOrigin;
    const latencies: number[] = [];
    let firstFrameMs = -1;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const find = () => document.querySelector<HTMLVideoElement>('[data-testid="live-player"] video');
    const wait = () => {
      const video = find();
      if (!video) return void setTimeout(wait, 50);
      const onFrame = () => {
        const now = Date.now();
        if (firstFrameMs < 0) firstFrameMs = now - opened;
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
          latencies.push(now - made);
        }
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    };
    wait();
    setTimeout(() => resolve({ latencies, firstFrameMs }), args.seconds * 1000);
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

export async function liveBenchmarks(): Promise<LiveRow[]> {
  const rows: LiveRow[] = [];
  const bench = await startBenchApp({
    RTMP_PORT: '0',
    CLIENT_DIR: path.resolve('dist/client'),
    LIVE_GRACE_SECONDS: '1',
    // The live segment length the server would use, so the figures can be compared across settings.
    ...(process.env.LIVE_SEGMENT_SECONDS ? { LIVE_SEGMENT_SECONDS: process.env.LIVE_SEGMENT_SECONDS } : {}),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const creator = await bench.account('bench_live');
    const stream = (await (await creator.call('POST', '/api/streams', { title: 'Bench live', category: 'Trading' })).json()) as StreamDetail;
    const { key, server } = (await (await creator.call('POST', '/api/live/key', {})).json()) as { key: string; server: string };
    const publisher = startPublisher(`${server.replace('localhost', '127.0.0.1')}/${key}`);
    let live: StreamDetail | undefined;
    while (!live?.hlsUrl) {
      await new Promise((r) => setTimeout(r, 50));
      live = (await (await fetch(`${bench.base}/api/streams/${stream.id}`)).json()) as StreamDetail;
    }
    rows.push({ name: 'Publish to live (RTMP connect to the first HLS segment listed)', value: `${((Date.now() - publisher.started) / 1000).toFixed(2)} s` });

    const pid = ingestPid();
    const cpu0 = pid ? cpuSeconds(pid) : 0;
    const t0 = Date.now();
    const page = await browser.newPage({ baseURL: bench.base });
    // tsx names the page function's inner functions with a helper the page lacks.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(`/stream/${stream.id}`);
    const seen = await page.evaluate(readFrames, { cols: COLS, rows: ROWS, seconds: WATCH_SECONDS });
    const cpu = pid ? (cpuSeconds(pid) - cpu0) / ((Date.now() - t0) / 1000) : NaN;
    const settled = seen.latencies.slice(Math.floor(seen.latencies.length / 4));
    rows.push({ name: 'Viewer: page open to first live frame shown (headless Chromium, hls.js)', value: `${(seen.firstFrameMs / 1000).toFixed(2)} s` });
    rows.push({
      name: `Glass to glass, frame made to frame shown (${settled.length} frames after the first ${WATCH_SECONDS / 4} s; target ≤ 2 s)`,
      value: `p50 ${(pct(settled, 0.5) / 1000).toFixed(2)} s, p95 ${(pct(settled, 0.95) / 1000).toFixed(2)} s`,
    });
    rows.push({ name: 'Ingest encode CPU per stream (720p-capable x264 veryfast, 30 fps; 180p source here)', value: `${(cpu * 100).toFixed(0)}% of one core` });

    // Many viewers at once, each as hls.js does it: the playlist every segment, each new segment once.
    const playlistUrl = bench.base + live.hlsUrl;
    const times: number[] = [];
    let bytes = 0;
    const until = Date.now() + 10_000;
    await Promise.all(
      Array.from({ length: HLS_VIEWERS }, async () => {
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
          await new Promise((r) => setTimeout(r, bench.config.live.segmentSeconds * 1000));
        }
      }),
    );
    rows.push({
      name: `${HLS_VIEWERS} HLS viewers for 10 s on one server (playlist + segment requests)`,
      value: `${times.length} requests, p50 ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, ${((bytes * 8) / 10 / 1e6).toFixed(0)} Mbit/s served`,
    });
    await publisher.stop();
  } finally {
    await browser.close();
    await bench.close();
  }
  return rows;
}
