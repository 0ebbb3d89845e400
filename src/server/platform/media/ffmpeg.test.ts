import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  demoClipArgs,
  frameArgs,
  hlsArgs,
  IMAGE_DEMUXERS,
  imageArgs,
  isVideoContainer,
  limitProblem,
  parseProbe,
  pickLadder,
  probeArgs,
  progressSeconds,
  scaleFilter,
  spriteArgs,
  spriteSpec,
  thumbnailTimes,
  type ProbeResult,
} from './ffmpeg.js';

const probe = (over: Partial<ProbeResult> = {}): ProbeResult => ({
  durationSeconds: 10,
  width: 1280,
  height: 720,
  fps: 30,
  hasAudio: true,
  formatName: 'mov,mp4',
  videoCodec: 'h264',
  ...over,
});

describe('ladder', () => {
  it('never goes above the source', () => {
    expect(pickLadder(1920, 1080).map((r) => r.name)).toEqual(['1080p', '720p', '480p', '360p']);
    expect(pickLadder(1280, 720).map((r) => r.name)).toEqual(['720p', '480p', '360p']);
    expect(pickLadder(854, 480).map((r) => r.name)).toEqual(['480p', '360p']);
  });
  it('measures portrait sources by their short side', () => {
    expect(pickLadder(1080, 1920).map((r) => r.name)).toEqual(['1080p', '720p', '480p', '360p']);
    expect(pickLadder(720, 1280).map((r) => r.name)).toEqual(['720p', '480p', '360p']);
  });
  it("keeps one rung at the source's own size for tiny sources, never scaling up", () => {
    expect(pickLadder(320, 240)).toEqual([{ name: '240p', shortSide: 240, videoKbps: 533 }]);
    expect(pickLadder(135, 241).map((r) => r.shortSide)).toEqual([134]);
    expect(pickLadder(64, 48)[0]!.videoKbps).toBe(200);
    for (const [w, h] of [
      [320, 240],
      [1920, 1080],
      [100, 500],
      [7, 7],
    ] as const) {
      expect(Math.max(...pickLadder(w, h).map((r) => r.shortSide))).toBeLessThanOrEqual(Math.min(w, h));
    }
  });
  it('scales landscape by height and portrait by width', () => {
    expect(scaleFilter(1920, 1080, 720)).toBe('scale=-2:720');
    expect(scaleFilter(1080, 1920, 720)).toBe('scale=720:-2');
  });
});

describe('input guard', () => {
  const inputOptions = (args: string[]) => args.slice(0, args.indexOf('-i') === -1 ? args.length - 1 : args.indexOf('-i'));
  it('opens user files from local disk only, with container demuxers only, in every run', () => {
    const p = probe();
    const runs = {
      probe: probeArgs('in'),
      hls: hlsArgs('in', 'out', p, pickLadder(p.width, p.height)),
      frame: frameArgs('in', 1, 'out.jpg'),
      sprite: spriteArgs('in', spriteSpec(p), 'out.jpg'),
      image: imageArgs('in', 'out.jpg', 512, 512),
    };
    for (const [name, args] of Object.entries(runs)) {
      const opts = inputOptions(args);
      expect(opts[opts.indexOf('-protocol_whitelist') + 1], name).toBe('file');
      const demuxers = opts[opts.indexOf('-format_whitelist') + 1]!.split(',');
      expect(demuxers.length, name).toBeGreaterThan(0);
      for (const playlist of ['hls', 'dash', 'concat', 'image2', 'tee', 'subfile', 'ffmetadata']) expect(demuxers, name).not.toContain(playlist);
    }
    expect(inputOptions(runs.image)).toContain(IMAGE_DEMUXERS.join(','));
    expect(probeArgs('in').at(-1)).toBe('in');
  });
});

describe('limits', () => {
  const limits = { maxSeconds: 4 * 3600, maxSide: 4096 };
  it('refuses too long or too large sources with a reason', () => {
    expect(limitProblem({ durationSeconds: 4 * 3600, width: 3840, height: 2160 }, limits)).toBeUndefined();
    expect(limitProblem({ durationSeconds: 4 * 3600 + 5, width: 1920, height: 1080 }, limits)).toBe(
      'Videos can be at most 4 hours long. Shorten this one and upload it again.',
    );
    expect(limitProblem({ durationSeconds: 60, width: 2160, height: 7680 }, limits)).toBe(
      'Videos can be at most 4096 pixels on their longest side. This one is 2160x7680; export it smaller and upload it again.',
    );
    expect(limitProblem({ durationSeconds: 120, width: 640, height: 360 }, { maxSeconds: 60, maxSide: 4096 })).toMatch(/at most 1 minute long/);
  });
});

describe('hlsArgs', () => {
  it('maps each rung and the audio as its own group', () => {
    const args = hlsArgs('in.mp4', 'out', probe(), pickLadder(1280, 720));
    const s = args.join(' ');
    expect(s).toContain('[0:v]split=3[v0][v1][v2]');
    expect(s).toContain(
      '-var_stream_map a:0,agroup:audio,default:yes,name:audio v:0,agroup:audio,name:720p v:1,agroup:audio,name:480p v:2,agroup:audio,name:360p',
    );
    expect(args).toContain('-b:v:0');
    expect(args[args.indexOf('-b:v:0') + 1]).toBe('2800k');
    expect(args.at(-1)).toBe('out/%v/index.m3u8');
    expect(s).toContain('-master_pl_name master.m3u8');
  });
  it('leaves audio out of a silent source', () => {
    const s = hlsArgs('in.mp4', 'out', probe({ hasAudio: false }), pickLadder(640, 360)).join(' ');
    expect(s).not.toContain('0:a:0');
    expect(s).not.toContain('agroup');
    expect(s).toContain('-var_stream_map v:0,name:360p');
  });
});

describe('probe parsing', () => {
  const json = (streams: unknown[], format: unknown = { duration: '12.5', format_name: 'mov,mp4,m4a,3gp,3g2,mj2' }) => JSON.stringify({ streams, format });

  it('reads size, fps, audio and duration', () => {
    const p = parseProbe(json([{ codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30000/1001' }, { codec_type: 'audio' }]));
    expect(p).toEqual({
      durationSeconds: 12.5,
      width: 1920,
      height: 1080,
      fps: 29.97,
      hasAudio: true,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      videoCodec: 'h264',
    });
  });
  it('turns rotated phone video upright', () => {
    const p = parseProbe(json([{ codec_type: 'video', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] }]));
    expect([p?.width, p?.height]).toEqual([1080, 1920]);
  });
  it('refuses what has no video: audio files, cover art, garbage', () => {
    expect(parseProbe(json([{ codec_type: 'audio' }]))).toBeUndefined();
    expect(parseProbe(json([{ codec_type: 'video', width: 600, height: 600, disposition: { attached_pic: 1 } }, { codec_type: 'audio' }]))).toBeUndefined();
    expect(parseProbe('not json')).toBeUndefined();
  });
  it('knows video containers', () => {
    expect(isVideoContainer('mov,mp4,m4a,3gp,3g2,mj2')).toBe(true);
    expect(isVideoContainer('matroska,webm')).toBe(true);
    expect(isVideoContainer('png_pipe')).toBe(false);
    expect(isVideoContainer('mp3')).toBe(false);
  });
});

describe('thumbnails, sprite and progress', () => {
  it('picks three frames inside the video', () => {
    expect(thumbnailTimes(20)).toEqual([5, 10, 15]);
  });
  it('tiles at most 100 previews, 10 to a row', () => {
    expect(spriteSpec(probe({ durationSeconds: 600 }))).toMatchObject({ columns: 10, rows: 10, interval: 6, tileWidth: 160, tileHeight: 90 });
    expect(spriteSpec(probe({ durationSeconds: 10, width: 1080, height: 1920 }))).toMatchObject({ columns: 5, rows: 1, tileWidth: 90, tileHeight: 160 });
    // A tiny source is not blown up into its previews.
    expect(spriteSpec(probe({ durationSeconds: 10, width: 64, height: 48 }))).toMatchObject({ tileWidth: 64, tileHeight: 48 });
  });
  it('reads ffmpeg progress', () => {
    expect(progressSeconds('frame=10\nout_time_us=2500000\nprogress=continue\nout_time_us=3000000\n')).toBe(3);
    expect(progressSeconds('frame=1\n')).toBeUndefined();
  });
});

describe('demo clips', () => {
  it('are a moving scene with words and a chord, made by ffmpeg alone, whatever the title holds', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-demo-'));
    try {
      const out = path.join(dir, 'demo.mp4');
      const font = ['/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'].find((f) => fs.existsSync(f));
      execFileSync(
        'ffmpeg',
        demoClipArgs(out, { seconds: 2, width: 320, height: 568, title: "It's 100%: a\\b test", creator: 'demo_user', tone: 220, scene: 1, fontFile: font }),
        { stdio: 'ignore' },
      );
      const info = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', out]).toString());
      const video = info.streams.find((s: { codec_type: string }) => s.codec_type === 'video');
      expect([video.width, video.height]).toEqual([320, 568]);
      expect(info.streams.some((s: { codec_type: string }) => s.codec_type === 'audio')).toBe(true);
      expect(Number(info.format.duration)).toBeCloseTo(2, 0);
      // The scene moves: two frames a second apart differ.
      const frame = (t: number) =>
        execFileSync('ffmpeg', ['-v', 'error', '-ss', String(t), '-i', out, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-']);
      expect(frame(0.5).equals(frame(1.5))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
