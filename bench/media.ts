// Media benchmarks: transcoding speed as a multiple of real time, and the time from an upload's
// last byte to a playable video. Run by `npm run bench`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hlsArgs, parseProbe, pickLadder, probeArgs, testPatternArgs } from '../src/server/platform/media/ffmpeg.js';
import { runMediaTool } from '../src/server/platform/media/run.js';
import { startBenchApp } from './support.js';
import { tusUploadWhole } from '../src/server/test-support/tus.js';

export interface MediaRow {
  name: string;
  value: string;
}

export async function mediaBenchmarks(): Promise<MediaRow[]> {
  const rows: MediaRow[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-media-'));
  try {
    const source = path.join(tmp, 'source-720p-60s.mp4');
    execFileSync('ffmpeg', testPatternArgs(source, 60, 1280, 720), { stdio: 'ignore' });
    const probe = parseProbe(await runMediaTool('ffprobe', probeArgs(source)))!;
    const rungs = pickLadder(probe.width, probe.height);
    const out = path.join(tmp, 'hls');
    fs.mkdirSync(out);
    const t0 = performance.now();
    await runMediaTool('ffmpeg', hlsArgs(source, out, probe, rungs));
    const seconds = (performance.now() - t0) / 1000;
    rows.push({
      name: `HLS ladder of a 60 s 720p source (${rungs.map((r) => r.name).join(', ')} + audio)`,
      value: `${seconds.toFixed(1)} s = ${(60 / seconds).toFixed(2)}x real time`,
    });

    // Upload complete -> playable, through the real app: tus upload, queue, worker, storage.
    const clip = path.join(tmp, 'clip-720p-10s.mp4');
    execFileSync('ffmpeg', testPatternArgs(clip, 10, 1280, 720), { stdio: 'ignore' });
    const { base, account, close } = await startBenchApp();
    const { call, cookie } = await account('bench_user');
    const { id } = (await (await call('POST', '/api/videos', { kind: 'long', title: 'Bench', category: 'Other' })).json()) as { id: string };
    const bytes = fs.readFileSync(clip);
    const sent = await tusUploadWhole(base, cookie(), id, bytes);
    if (sent.status !== 204) throw new Error(`the upload was refused: ${sent.status}`);
    const t1 = performance.now();
    for (;;) {
      const v = (await (await call('GET', `/api/videos/${id}`)).json()) as { status: string };
      if (v.status === 'ready' || v.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    rows.push({ name: 'Upload complete to playable (10 s 720p clip, ladder, thumbnails, sprite)', value: `${((performance.now() - t1) / 1000).toFixed(1)} s` });
    await close();
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}
