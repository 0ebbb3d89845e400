import { describe, expect, it } from 'vitest';
import { hlsArgs, isVideoContainer, parseProbe, pickLadder, progressSeconds, scaleFilter, spriteSpec, thumbnailTimes, type ProbeResult } from './ffmpeg.js';

const probe = (over: Partial<ProbeResult> = {}): ProbeResult => ({
  durationSeconds: 10, width: 1280, height: 720, fps: 30, hasAudio: true, formatName: 'mov,mp4', videoCodec: 'h264', ...over,
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
  it('keeps one rung for tiny sources', () => {
    expect(pickLadder(320, 240).map((r) => r.name)).toEqual(['360p']);
  });
  it('scales landscape by height and portrait by width', () => {
    expect(scaleFilter(1920, 1080, 720)).toBe('scale=-2:720');
    expect(scaleFilter(1080, 1920, 720)).toBe('scale=720:-2');
  });
});

describe('hlsArgs', () => {
  it('maps each rung and the audio as its own group', () => {
    const args = hlsArgs('in.mp4', 'out', probe(), pickLadder(1280, 720));
    const s = args.join(' ');
    expect(s).toContain('[0:v]split=3[v0][v1][v2]');
    expect(s).toContain('-var_stream_map a:0,agroup:audio,default:yes,name:audio v:0,agroup:audio,name:720p v:1,agroup:audio,name:480p v:2,agroup:audio,name:360p');
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
  const json = (streams: unknown[], format: unknown = { duration: '12.5', format_name: 'mov,mp4,m4a,3gp,3g2,mj2' }) =>
    JSON.stringify({ streams, format });

  it('reads size, fps, audio and duration', () => {
    const p = parseProbe(json([{ codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30000/1001' }, { codec_type: 'audio' }]));
    expect(p).toEqual({ durationSeconds: 12.5, width: 1920, height: 1080, fps: 29.97, hasAudio: true, formatName: 'mov,mp4,m4a,3gp,3g2,mj2', videoCodec: 'h264' });
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
  });
  it('reads ffmpeg progress', () => {
    expect(progressSeconds('frame=10\nout_time_us=2500000\nprogress=continue\nout_time_us=3000000\n')).toBe(3);
    expect(progressSeconds('frame=1\n')).toBeUndefined();
  });
});
