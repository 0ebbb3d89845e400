import { describe, expect, it } from 'vitest';
import type { ChatReplayMessage } from '../../../shared/chat/chat';
import { appendReplay, replayNeed, shownAt, type ReplayBuffer } from './chat-replay-buffer';

const msg = (id: string, at: number) => ({ id, at, body: id }) as unknown as ChatReplayMessage;

describe('the replay chat’s buffer', () => {
  const buffer: ReplayBuffer = { from: 0, messages: [msg('a', 5), msg('b', 60), msg('c', 120)], more: true };

  it('shows what was said up to the player’s position', () => {
    expect(shownAt(buffer, 0).map((m) => m.id)).toEqual([]);
    expect(shownAt(buffer, 60).map((m) => m.id)).toEqual(['a', 'b']);
    expect(shownAt(buffer, 500).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('asks for the next messages before the last is reached, and afresh after a seek outside what it holds', () => {
    expect(replayNeed(undefined, 12)).toEqual({ kind: 'replace', at: 12 });
    expect(replayNeed(buffer, 50)).toEqual({ kind: 'none' });
    expect(replayNeed(buffer, 100)).toEqual({ kind: 'append', at: 120 });
    expect(replayNeed(buffer, 400)).toEqual({ kind: 'replace', at: 400 });
    expect(replayNeed({ ...buffer, from: 300 }, 100)).toEqual({ kind: 'replace', at: 100 });
    expect(replayNeed({ ...buffer, more: false }, 400)).toEqual({ kind: 'none' });
  });

  it('adds the next messages once each', () => {
    const next = appendReplay(buffer, { messages: [msg('c', 120), msg('d', 130)], more: false });
    expect(next.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(next.more).toBe(false);
  });
});
