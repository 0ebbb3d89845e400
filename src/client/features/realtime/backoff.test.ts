import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS, realtimeUrl, reconnectDelay } from './backoff';

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const top = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(top)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('draws each wait between half and all of its ceiling', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
    for (let i = 0; i < 200; i++) {
      const d = reconnectDelay(i % 10);
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    }
  });
});

describe('realtimeUrl', () => {
  it('follows the page: wss on https, ws on http', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'glint.example' })).toBe('wss://glint.example/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/realtime');
  });
});
