import { describe, expect, it } from 'vitest';
import { isoToLocal, localToIso } from './schedule-time';

describe('schedule times in a datetime-local field', () => {
  it('go back and forth on the viewer’s clock, to the minute', () => {
    const iso = new Date(2030, 11, 1, 18, 5, 42).toISOString();
    expect(isoToLocal(iso)).toBe('2030-12-01T18:05');
    expect(localToIso(isoToLocal(iso))).toBe(new Date(2030, 11, 1, 18, 5).toISOString());
    expect(localToIso('')).toBeNull();
  });
});
