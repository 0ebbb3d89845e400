import { describe, expect, it } from 'vitest';
import { ChannelChatFilterSchema, chatFilterMatcher, ChatFilterTermSchema } from './chat-filter.js';

describe('blocked words', () => {
  it('match whole words without regard to case, compatibility forms or invisible characters', () => {
    const match = chatFilterMatcher(['scam', 'free sol']);
    expect(match('this is a SCAM')).toBe('scam');
    expect(match('ｓｃａｍ alert')).toBe('scam');
    expect(match('s\u200Bcam')).toBe('scam');
    expect(match('claim FREE   sol now')).toBe('free   sol');
    expect(match('scammer')).toBeNull();
    expect(match('freesol')).toBeNull();
    expect(match('a clean message')).toBeNull();
  });

  it('let * stand for letters inside a word, and nothing else is a pattern', () => {
    const match = chatFilterMatcher(['airdrop*', '*rug*', 'a.b']);
    expect(match('airdrops here')).toBe('airdrops');
    expect(match('big rugpull coming')).toBe('rugpull');
    expect(match('unrugged')).toBe('unrugged');
    expect(match('air drop')).toBeNull();
    expect(match('axb')).toBeNull();
    expect(chatFilterMatcher([])('anything')).toBeNull();
  });

  it('are kept trimmed, in lower case and once each; other characters are refused with the reason', () => {
    expect(ChannelChatFilterSchema.parse({ terms: ['  Scam ', 'scam', 'FREE  **SOL'], hold: true })).toEqual({ terms: ['scam', 'free *sol'], hold: true });
    expect(ChatFilterTermSchema.safeParse('https://x').error?.issues[0]?.message).toBe('Use letters, digits, spaces and * only');
    expect(ChatFilterTermSchema.safeParse('***').error?.issues[0]?.message).toBe('A blocked word needs at least one letter or digit');
    expect(ChatFilterTermSchema.safeParse('x'.repeat(41)).success).toBe(false);
  });
});
