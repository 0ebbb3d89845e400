import { describe, expect, it } from 'vitest';
import { CreatePlaylistSchema, UpdatePlaylistSchema, moveInOrder, nextInOrder } from './playlists.js';

describe('playlist rules', () => {
  it('moves a video by places, clamped to the ends (the keyboard’s Move up / Move down and drops)', () => {
    expect(moveInOrder(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveInOrder(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 'a', 5)).toEqual(['b', 'c', 'a']);
    expect(moveInOrder(['a', 'b', 'c'], 'c', -2)).toEqual(['c', 'a', 'b']);
    expect(moveInOrder(['a'], 'z', 1)).toEqual(['a']);
  });

  it('finds the next video of the queue, none after the last', () => {
    expect(nextInOrder([{ id: 'a' }, { id: 'b' }], 'a')).toEqual({ id: 'b' });
    expect(nextInOrder([{ id: 'a' }, { id: 'b' }], 'b')).toBeUndefined();
    expect(nextInOrder([{ id: 'a' }], 'z')).toBeUndefined();
  });

  it('checks a new playlist: a trimmed title of 1–100 characters, private unless told', () => {
    expect(CreatePlaylistSchema.parse({ title: '  Road trip ' })).toEqual({ title: 'Road trip', description: '', visibility: 'private' });
    expect(CreatePlaylistSchema.safeParse({ title: '  ' }).error?.issues[0]?.message).toBe('Give your playlist a title');
    expect(CreatePlaylistSchema.safeParse({ title: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('A title has at most 100 characters');
    expect(UpdatePlaylistSchema.safeParse({ visibility: 'secret' }).success).toBe(false);
    expect(UpdatePlaylistSchema.parse({})).toEqual({});
  });
});
