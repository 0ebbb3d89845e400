import { describe, expect, it } from 'vitest';
import { CreateVideoSchema, UpdateVideoSchema, shortProblem, SHORT_NOT_VERTICAL, SHORT_TOO_LONG, toVideoCard, trendingScore } from './videos.js';

describe('trending', () => {
  const e = (views: number, likes = 0, comments = 0, shares = 0) => ({ views, likes, comments, shares });
  it('ranks more engagement higher at the same age', () => {
    expect(trendingScore(e(100, 10), 5)).toBeGreaterThan(trendingScore(e(100), 5));
    expect(trendingScore(e(0, 0, 1), 5)).toBeGreaterThan(trendingScore(e(0, 1), 5));
  });
  it('decays with age: yesterday’s hit falls behind today’s smaller one', () => {
    expect(trendingScore(e(50), 2)).toBeGreaterThan(trendingScore(e(200), 48));
    expect(trendingScore(e(10), 0)).toBeGreaterThan(trendingScore(e(10), 1));
  });
});

describe('video rules', () => {
  it('accepts vertical or square shorts up to 3 minutes', () => {
    expect(shortProblem(720, 1280, 180)).toBeUndefined();
    expect(shortProblem(720, 720, 30)).toBeUndefined();
    expect(shortProblem(1280, 720, 30)).toBe(SHORT_NOT_VERTICAL);
    expect(shortProblem(720, 1280, 181)).toBe(SHORT_TOO_LONG);
  });
  it('checks titles, categories and tags at their limits', () => {
    const base = { kind: 'long', title: 'A', category: 'DeFi' } as const;
    expect(CreateVideoSchema.parse(base)).toMatchObject({ category: 'defi', visibility: 'public', tags: [], description: '' });
    expect(CreateVideoSchema.safeParse({ ...base, title: '   ' }).error?.issues[0]?.message).toBe('Title is required');
    expect(CreateVideoSchema.safeParse({ ...base, title: 'x'.repeat(100) }).success).toBe(true);
    expect(CreateVideoSchema.safeParse({ ...base, title: 'x'.repeat(101) }).success).toBe(false);
    expect(CreateVideoSchema.safeParse({ ...base, category: 'Beanie Babies' }).error?.issues[0]?.message).toBe('Choose a category');
    expect(CreateVideoSchema.parse({ ...base, tags: ['SOL', 'sol', ' Sol '] }).tags).toEqual(['sol']);
    expect(CreateVideoSchema.safeParse({ ...base, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }).success).toBe(false);
  });
});

describe('a video card', () => {
  it('keeps only the card fields of a larger shape (lists send cards, not whole videos)', () => {
    const creator = { id: 'c', username: 'alice', displayName: 'Alice', avatarUrl: null, verificationType: 'none' as const };
    const card = {
      id: 'v',
      kind: 'short' as const,
      title: 'T',
      slug: 't',
      category: 'Gaming',
      thumbnailUrl: null,
      durationSeconds: 12,
      views: 3,
      likes: 1,
      publishedAt: null,
      priceUsdc: '0.5',
      creator,
    };
    expect(toVideoCard({ ...card, description: 'long text', hlsUrl: 'x', isOwner: true } as typeof card)).toEqual(card);
  });
});

describe('an edit of a video', () => {
  it('keeps the tags when it does not name them (they are not reset to none)', () => {
    expect(UpdateVideoSchema.parse({ visibility: 'unlisted' })).toEqual({ visibility: 'unlisted' });
    expect(UpdateVideoSchema.parse({ tags: ['DeFi', 'defi'] })).toEqual({ tags: ['defi'] });
    expect(CreateVideoSchema.parse({ kind: 'long', title: 't', category: 'Trading' }).tags).toEqual([]);
  });
});
