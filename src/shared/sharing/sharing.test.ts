import { describe, expect, it } from 'vitest';
import { embedCode, fitWithin, parseEmbedOptions, parseStartTime, sharedItemId } from './sharing-rules.js';

const id = '0b9f3c1e-1111-4aaa-8bbb-123456789abc';

describe('parseStartTime', () => {
  it('reads seconds and h/m/s forms', () => {
    expect(parseStartTime('90')).toBe(90);
    expect(parseStartTime('90s')).toBe(90);
    expect(parseStartTime('1m30s')).toBe(90);
    expect(parseStartTime('1h2m3s')).toBe(3723);
    expect(parseStartTime('2m')).toBe(120);
  });
  it('ignores nothing, zero and anything else', () => {
    for (const raw of [null, '', '0', '-5', 'abc', '1.5', '1e9', '99999999', 'm', '1x']) expect(parseStartTime(raw), String(raw)).toBeNull();
  });
});

describe('parseEmbedOptions', () => {
  it('turns options on with 1 only', () => {
    expect(parseEmbedOptions(new URLSearchParams('autoplay=1&muted=1&t=42'))).toEqual({ autoplay: true, muted: true, start: 42 });
    expect(parseEmbedOptions(new URLSearchParams('autoplay=true&muted=0'))).toEqual({ autoplay: false, muted: false, start: null });
  });
});

describe('sharedItemId', () => {
  it('finds the item of every shareable address', () => {
    expect(sharedItemId(new URL(`https://g.test/glint/ada/my-video/${id}`))).toEqual({ id, kind: 'video' });
    expect(sharedItemId(new URL(`https://g.test/glint/${id}?t=30`))).toEqual({ id, kind: 'video' });
    expect(sharedItemId(new URL(`https://g.test/shorts?video=${id}`))).toEqual({ id, kind: 'video' });
    expect(sharedItemId(new URL(`https://g.test/shorts/ada/a-short/${id}`))).toEqual({ id, kind: 'video' });
    expect(sharedItemId(new URL(`https://g.test/stream/ada/live/${id}`))).toEqual({ id, kind: 'stream' });
    expect(sharedItemId(new URL(`https://g.test/embed/${id}`))).toEqual({ id, kind: 'any' });
  });
  it('finds nothing in other addresses', () => {
    for (const path of ['/', '/app', '/glint', '/shorts', '/profile/ada', '/bounties/x', `/glint/a/${id}`, `/api/videos/${id}`]) {
      expect(sharedItemId(new URL(`https://g.test${path}`)), path).toBeNull();
    }
  });
});

describe('embed sizes and code', () => {
  it('fits within the maximum asked, keeping the shape', () => {
    expect(fitWithin(640, 360)).toEqual({ width: 640, height: 360 });
    expect(fitWithin(640, 360, 320)).toEqual({ width: 320, height: 180 });
    expect(fitWithin(640, 360, 1000, 90)).toEqual({ width: 160, height: 90 });
    expect(fitWithin(640, 360, 2000, 2000)).toEqual({ width: 640, height: 360 });
  });
  it('writes an iframe of the embed, starting where asked, its title escaped', () => {
    expect(embedCode('https://g.test', { id, title: 'A "quoted" <b> & more' }, 83)).toBe(
      `<iframe src="https://g.test/embed/${id}?t=83" width="640" height="360" title="A &quot;quoted&quot; &lt;b&gt; &amp; more" frameborder="0" ` +
        'allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>',
    );
    expect(embedCode('https://g.test', { id, title: 't', portrait: true })).toContain('width="315" height="560"');
  });
});
