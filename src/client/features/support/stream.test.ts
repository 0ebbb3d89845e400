import { describe, expect, it } from 'vitest';
import { sseParser } from './stream';

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
});
