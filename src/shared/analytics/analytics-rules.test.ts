import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, percentChange, periodRange, toCsv, viewSourceFromPath } from './analytics-rules.js';

describe('periods', () => {
  it('ends today and compares with the same number of days before', () => {
    expect(periodRange('7d', '2026-03-10', '2020-01-01')).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      previous: { from: '2026-02-25', to: '2026-03-03' },
    });
    expect(periodRange('all', '2026-03-10', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-03-10', previous: null });
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('gives a change only against something', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
  });
});

describe('CSV', () => {
  it('quotes what needs it and keeps formulas as text', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          [1, null],
          ['=SUM(A1)', -2],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n1,\r\n\'=SUM(A1),-2\r\n');
  });
});

describe('view sources', () => {
  it('names where the viewer was before the watch page', () => {
    expect(viewSourceFromPath(null, 'glint')).toBe('external');
    expect(viewSourceFromPath('/app', 'glint')).toBe('home');
    expect(viewSourceFromPath('/glint', 'glint')).toBe('home');
    expect(viewSourceFromPath('/search', 'glint')).toBe('search');
    expect(viewSourceFromPath('/shorts/a/b/c', 'glint')).toBe('shorts');
    expect(viewSourceFromPath('/profile/sol', 'glint')).toBe('profile');
    expect(viewSourceFromPath('/glint/a/b/c', 'glint')).toBe('other');
  });
});
