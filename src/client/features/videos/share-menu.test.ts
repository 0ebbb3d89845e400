import { describe, expect, it } from 'vitest';
import { atTime, shareTargets } from './share-menu';

describe('share links', () => {
  it('adds the start time to a link, replacing one it had', () => {
    expect(atTime('https://g.test/glint/ada/v/1', 83.7)).toBe('https://g.test/glint/ada/v/1?t=83');
    expect(atTime('https://g.test/glint/ada/v/1?t=5', 10)).toBe('https://g.test/glint/ada/v/1?t=10');
  });

  it('posts the link and title on X and Telegram, encoded', () => {
    const t = shareTargets('https://g.test/glint/ada/v/1?t=3', 'SOL & co #1');
    const x = new URL(t.x);
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(x.searchParams.get('url')).toBe('https://g.test/glint/ada/v/1?t=3');
    expect(x.searchParams.get('text')).toBe('SOL & co #1');
    const tg = new URL(t.telegram);
    expect(tg.origin + tg.pathname).toBe('https://t.me/share/url');
    expect(tg.searchParams.get('url')).toBe('https://g.test/glint/ada/v/1?t=3');
  });
});
