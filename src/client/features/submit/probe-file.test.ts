import { describe, expect, it } from 'vitest';
import { NOT_A_VIDEO, SHORT_NOT_VERTICAL } from '../../../shared/videos/videos';
import { fileProblem, titleFromFile, type Chosen } from './probe-file';

const chosen = (over: Partial<Chosen> & { size?: number; type?: string } = {}): Chosen => {
  const file = new File([new Uint8Array(over.size ?? 1000)], 'clip.mp4', { type: over.type ?? 'video/mp4' });
  return { file, url: 'blob:x', info: over.info, container: over.container };
};

describe('a chosen file, before a byte is sent', () => {
  it('is titled after its name, tidied', () => {
    expect(titleFromFile('my_first_stream.final.mp4')).toBe('my first stream.final');
  });

  it('is refused when its first bytes are not a video, whatever its name and type say', () => {
    expect(fileProblem(chosen({ container: false, info: null }), 'long', null)).toBe(NOT_A_VIDEO);
    expect(fileProblem(chosen({ container: true, info: null }), 'long', null)).toBeUndefined();
  });

  it('is refused when too big or empty, and as a short when landscape', () => {
    expect(fileProblem(chosen({ size: 2000 }), 'long', 1000)).toMatch(/^This file is too big/);
    expect(fileProblem(chosen({ size: 0 }), 'long', null)).toBe('This file is empty.');
    expect(fileProblem(chosen({ info: { width: 640, height: 360, duration: 10 } }), 'short', null)).toBe(SHORT_NOT_VERTICAL);
    expect(fileProblem(chosen({ info: { width: 640, height: 360, duration: 10 } }), 'long', null)).toBeUndefined();
  });
});
