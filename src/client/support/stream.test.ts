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

  it('links only in-app paths and http(s)', () => {
    expect(safeHref('/submit')).toEqual({ href: '/submit', internal: true });
    expect(safeHref('https://example.com/a')).toEqual({ href: 'https://example.com/a', internal: false });
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
  });

  it('parses links and bold, leaving unsafe links as text', () => {
    expect(parseInline('See [OBS](/submit) and **this** [x](javascript:alert(1))')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'OBS', href: '/submit', internal: true },
      { kind: 'text', text: ' and ' },
      { kind: 'bold', text: 'this' },
      { kind: 'text', text: ' ' },
      { kind: 'text', text: '[x](javascript:alert(1)' },
      { kind: 'text', text: ')' },
    ]);
  });
});
