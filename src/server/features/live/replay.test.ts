import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinRecordings } from './replay.js';

/** The file's duration as ffprobe reads it from its header: 'N/A' when it has none. */
const durationOf = (file: string) =>
  execFileSync('ffprobe', ['-v', 'quiet', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], { encoding: 'utf8' }).trim();

describe('the replay’s recording', () => {
  it('is whole, with a duration, even when the encoder was stopped before it finished writing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-replay-'));
    try {
      fs.mkdirSync(path.join(dir, '1'));
      const recording = path.join(dir, '1', 'recording.mkv');
      // What a live encoder leaves when it is killed: Matroska written as it comes, never finished.
      const encoder = spawn('ffmpeg', [
        ...['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
        ...['-c:v', 'libx264', '-tune', 'zerolatency', '-g', '15'],
        ...['-cluster_time_limit', '500', '-flush_packets', '1', '-f', 'matroska', recording],
      ]);
      // Until it has written a few clusters.
      for (let i = 0; i < 100 && (fs.statSync(recording, { throwIfNoEntry: false })?.size ?? 0) < 20_000; i++) await new Promise((r) => setTimeout(r, 100));
      encoder.kill('SIGKILL');
      await new Promise((r) => encoder.on('close', r));
      expect(durationOf(recording)).toBe('N/A');

      const target = path.join(dir, 'replay.mkv');
      expect(await joinRecordings(dir, 1, target)).toBe(true);
      expect(Number(durationOf(target))).toBeGreaterThan(0.5);
      expect(fs.existsSync(`${target}.part`)).toBe(false);
      expect(fs.existsSync(recording)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
