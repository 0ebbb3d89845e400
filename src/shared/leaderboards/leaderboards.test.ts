import { describe, expect, it } from 'vitest';
import { LeaderboardQuerySchema, rankChangeText, windowBounds } from './leaderboards.js';

describe('leaderboard windows', () => {
  const now = new Date('2026-03-31T12:00:00Z');

  it('ends at now and has a window of the same length before it', () => {
    expect(windowBounds('24h', now)).toEqual({ from: new Date('2026-03-30T12:00:00Z'), previousFrom: new Date('2026-03-29T12:00:00Z') });
    expect(windowBounds('7d', now)).toEqual({ from: new Date('2026-03-24T12:00:00Z'), previousFrom: new Date('2026-03-17T12:00:00Z') });
    expect(windowBounds('30d', now)).toEqual({ from: new Date('2026-03-01T12:00:00Z'), previousFrom: new Date('2026-01-30T12:00:00Z') });
    expect(windowBounds('all', now)).toEqual({ from: null, previousFrom: null });
  });

  it('reads the query with defaults and refuses anything else', () => {
    expect(LeaderboardQuerySchema.parse({})).toEqual({ board: 'creators', window: '7d' });
    expect(LeaderboardQuerySchema.parse({ board: 'followed', window: 'all' })).toEqual({ board: 'followed', window: 'all' });
    expect(LeaderboardQuerySchema.safeParse({ board: 'richest' }).success).toBe(false);
    expect(LeaderboardQuerySchema.safeParse({ window: '1y' }).success).toBe(false);
  });
});

describe('rank change in words', () => {
  it('says what the arrow shows', () => {
    expect(rankChangeText(3)).toBe('Up 3 places from the previous period');
    expect(rankChangeText(-1)).toBe('Down 1 place from the previous period');
    expect(rankChangeText(0)).toBe('Same rank as the previous period');
    expect(rankChangeText('new')).toBe('New on this board');
    expect(rankChangeText(null)).toBe('');
  });
});
