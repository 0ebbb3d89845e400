import { describe, expect, it } from 'vitest';
import { HealthMeter, progressReader, type ProgressBlock } from './ingest-health.js';

const block = (frame: number, seconds: number, drop = 0, dup = 0) =>
  `frame=${frame}\nfps=30.00\nout_time_us=${seconds * 1e6}\nout_time=00:00:0${seconds}.000000\ndup_frames=${dup}\ndrop_frames=${drop}\nspeed=1x\nprogress=continue\n`;

describe('ffmpeg progress', () => {
  it('is read block by block, however the output is cut into chunks', () => {
    const blocks: ProgressBlock[] = [];
    const read = progressReader((b) => blocks.push(b));
    const text = block(60, 2) + block(120, 4, 1, 2);
    // Cut mid-line and mid-block, as a pipe may.
    for (const chunk of [text.slice(0, 7), text.slice(7, 130), text.slice(130)]) read(chunk);
    expect(blocks).toEqual([
      { frame: 60, outTimeUs: 2e6, dropFrames: 0, dupFrames: 0 },
      { frame: 120, outTimeUs: 4e6, dropFrames: 1, dupFrames: 2 },
    ]);
  });

  it('reads a figure ffmpeg leaves out or cannot give (N/A) as zero', () => {
    const blocks: ProgressBlock[] = [];
    progressReader((b) => blocks.push(b))('frame=N/A\nprogress=continue\n');
    expect(blocks).toEqual([{ frame: 0, outTimeUs: 0, dropFrames: 0, dupFrames: 0 }]);
  });
});

describe('a stream’s health', () => {
  it('is measured over the interval since the last report: bitrate in, frames, speed, unsteady frames', () => {
    const meter = new HealthMeter();
    // While ffmpeg probes, it has no output time yet: nothing to report.
    expect(meter.report({ frame: 0, outTimeUs: 0, dropFrames: 0, dupFrames: 0 }, 8_000)).toBeUndefined();
    expect(meter.report({ frame: 30, outTimeUs: 1e6, dropFrames: 0, dupFrames: 0 }, 10_000)).toBeUndefined();
    // 2 s later: 750 kB arrived (3,000 kbps), 60 frames, 2 s of stream, 3 dropped and 1 repeated.
    meter.received(500_000);
    meter.received(250_000);
    expect(meter.report({ frame: 90, outTimeUs: 3e6, dropFrames: 3, dupFrames: 1 }, 12_000)).toEqual({
      inputKbps: 3000,
      fps: 30,
      speed: 1,
      unsteadyPerSecond: 2,
      droppedFrames: 3,
      duplicatedFrames: 1,
      at: new Date(12_000).toISOString(),
    });
    // A block right after another is folded into the next interval rather than read as no data.
    expect(meter.report({ frame: 92, outTimeUs: 3.1e6, dropFrames: 3, dupFrames: 1 }, 12_050)).toBeUndefined();
    // Nothing arrived and the encode stalled: no bitrate, half speed.
    expect(meter.report({ frame: 105, outTimeUs: 4e6, dropFrames: 3, dupFrames: 1 }, 14_000)).toMatchObject({ inputKbps: 0, fps: 7.5, speed: 0.5 });
  });
});
