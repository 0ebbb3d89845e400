import { describe, expect, it } from 'vitest';
import { parseInline, safeHref, sseParser } from './stream';

describe('support chat stream', () => {
  it('reads deltas split anywhere, and stops at [DONE]', () => {
    const got: string[] = [];
    const p = sseParser((t) => got.push(t));
    const wire = 'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\ndata: {"choices":[{"delta":{"content":"lo"}}]}\n\ndata: [DONE]\n\n';
    let done = false;
    for (let i = 0; i < wire.length; i += 7) done = p.push(wire.slice(i, i + 7)) || done;
    expect(got.join('')).toBe('Hello');
    expect(done).toBe(true);
  });

  it("links only this site's own paths", () => {
    expect(safeHref('/submit')).toEqual({ href: '/submit' });
    expect(safeHref('/glint/ana/intro/v1')).toEqual({ href: '/glint/ana/intro/v1' });
    expect(safeHref('https://evil.example/claim')).toBeUndefined();
    expect(safeHref('http://example.com/a')).toBeUndefined();
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('/\\evil.example')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
  });

  it('parses links and bold; a link elsewhere is its text alone', () => {
    expect(parseInline('See [OBS](/submit) and **this** [x](javascript:alert(1)) [claim](https://evil.example/claim)')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'OBS', href: '/submit' },
      { kind: 'text', text: ' and ' },
      { kind: 'bold', text: 'this' },
      { kind: 'text', text: ' x) claim' },
    ]);
  });

  it('reads an escaped title as text, inside a link to its page', () => {
    const title = 'Airdrop\\]\\(https://evil.example/claim\\) \\[more';
    expect(parseInline(`- [${title}](/stream/s1) by @ana\\_b`.slice(2))).toEqual([
      { kind: 'link', text: 'Airdrop](https://evil.example/claim) [more', href: '/stream/s1' },
      { kind: 'text', text: ' by @ana_b' },
    ]);
  });
});
