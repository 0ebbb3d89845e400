// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../../test-support/mount';
import { groupDecimal, RankChangeMarker, valueParts } from './leaderboard-list';

const view = mountPerTest();

describe('leaderboard values', () => {
  it('keeps SOL exact and groups the whole part', () => {
    expect(groupDecimal('1234567.000000001')).toBe('1,234,567.000000001');
    expect(groupDecimal('999')).toBe('999');
    expect(valueParts('creators', '7d', '0.5')).toEqual({ amount: '0.5', unit: 'SOL' });
    expect(valueParts('viewed', '24h', '1')).toEqual({ amount: '1', unit: 'view' });
    expect(valueParts('followed', '30d', '12000')).toEqual({ amount: '12,000', unit: 'new followers' });
    expect(valueParts('followed', 'all', '1')).toEqual({ amount: '1', unit: 'follower' });
  });
});

describe('RankChangeMarker', () => {
  const render = (change: Parameters<typeof RankChangeMarker>[0]['change']) => {
    act(() => view.root.render(<RankChangeMarker change={change} />));
    return view.host.querySelector('[data-change]');
  };

  it('shows an arrow and the places, and says it in words for screen readers', () => {
    expect(render(3)?.getAttribute('data-change')).toBe('up');
    expect(view.host.querySelector('.sr-only')?.textContent).toBe('Up 3 places from the previous period');
    expect(view.host.querySelector('[aria-hidden]')?.textContent).toBe('3');
    expect(render(-2)?.getAttribute('data-change')).toBe('down');
    expect(view.host.querySelector('.sr-only')?.textContent).toBe('Down 2 places from the previous period');
    expect(render(0)?.getAttribute('data-change')).toBe('same');
    expect(render('new')?.textContent).toContain('New on this board');
  });

  it('shows nothing where there is nothing to compare with', () => {
    expect(render(null)).toBeNull();
    expect(view.host.textContent).toBe('');
  });
});
