import { describe, expect, it } from 'vitest';
import { chapterAt, parseChapters } from './chapters.js';

describe('chapters from a description', () => {
  it('are read from lines that begin with a time, whatever surrounds them', () => {
    const d = 'My stream recap\n\n0:00 Intro\n- 1:30 - Charts\n• 12:05: Token launch\n1:02:03 | Q&A\nThanks for watching!';
    expect(parseChapters(d)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 90, title: 'Charts' },
      { start: 725, title: 'Token launch' },
      { start: 3723, title: 'Q&A' },
    ]);
  });

  it('need three or more, ascending, from 0:00, inside the video', () => {
    expect(parseChapters('0:00 a\n1:00 b')).toEqual([]);
    expect(parseChapters('0:10 a\n1:00 b\n2:00 c')).toEqual([]);
    expect(parseChapters('0:00 a\n2:00 b\n1:00 c')).toEqual([]);
    expect(parseChapters('0:00 a\n1:00 b\n2:00 c', 100)).toEqual([]);
    expect(parseChapters('0:00 a\n1:00 b\n2:00 c', 150)).toHaveLength(3);
    expect(parseChapters('Price 1:00 up\n0:00 a\nnot 1:00 b\n2:00 c')).toEqual([]);
  });

  it('find the chapter playing at a time', () => {
    const chapters = parseChapters('0:00 a\n1:00 b\n2:00 c');
    expect(chapterAt(chapters, 0)?.title).toBe('a');
    expect(chapterAt(chapters, 119)?.title).toBe('b');
    expect(chapterAt(chapters, 500)?.title).toBe('c');
  });
});
