import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveArgs, sweepSegments } from './ingest.js';

describe('live segments on disk', () => {
  it('are kept 90 s for clips, then swept, every rendition alike; playlists, the recording and the still stay', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-sweep-'));
    const files = [
      'seg-000001.ts',
      'seg-000200.ts',
      'r240-000001.ts',
      'r240-000200.ts',
      'index.m3u8',
      'r240.m3u8',
      'master.m3u8',
      'recording.mkv',
      'snapshot.jpg',
      'seg-000201.ts.tmp',
    ];
    for (const f of files) fs.writeFileSync(path.join(dir, f), 'x');
    const now = Date.now();
    const old = new Date(now - 120_000);
    for (const f of files.filter((f) => f.includes('000001') || !f.includes('0002'))) fs.utimesSync(path.join(dir, f), old, old);
    expect(await sweepSegments(dir, 90, now)).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual(files.filter((f) => !f.includes('000001')).sort());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are not deleted by ffmpeg, which would keep only a playlist’s length of them', () => {
    const args = liveArgs('flv', { dir: '/tmp/x', segmentSeconds: 0.5, ladder: [240] }).join(' ');
    expect(args).not.toContain('delete_segments');
    expect(args).toContain('temp_file');
  });

  it('come from a decoder that holds back no frames, whatever the server’s core count', () => {
    // Frame threads delay each decoded frame by one per thread: 15 frames (0.5 s) on a 16-core
    // server. Slice threads do not. The option must come before the input it applies to.
    for (const format of ['flv', 'webm'] as const) {
      const args = liveArgs(format, { dir: '/tmp/x', segmentSeconds: 0.5 });
      const at = args.indexOf('-thread_type');
      expect(args[at + 1]).toBe('slice');
      expect(at).toBeGreaterThan(-1);
      expect(at).toBeLessThan(args.indexOf('-i'));
    }
  });
});
