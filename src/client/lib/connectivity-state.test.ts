import { describe, expect, it } from 'vitest';
import { connectivityReducer, initialConnectivity, isOffline, probeDelay, type Connectivity, type ConnectivityEvent } from './connectivity-state';

const run = (state: Connectivity, ...events: ConnectivityEvent['type'][]) => events.reduce((s, type) => connectivityReducer(s, { type }), state);

describe('connectivity', () => {
  it('starts from what the browser says', () => {
    expect(isOffline(initialConnectivity(true))).toBe(false);
    expect(isOffline(initialConnectivity(false))).toBe(true);
  });

  it('goes offline with the browser and back when the browser is online again', () => {
    const offline = run(initialConnectivity(true), 'browser-offline');
    expect(isOffline(offline)).toBe(true);
    expect(isOffline(run(offline, 'browser-online'))).toBe(false);
  });

  it('is offline when a request gets no answer although the browser says online, until one is answered', () => {
    const failed = run(initialConnectivity(true), 'request-failed');
    expect(isOffline(failed)).toBe(true);
    expect(isOffline(run(failed, 'request-failed'))).toBe(true);
    expect(isOffline(run(failed, 'request-answered'))).toBe(false);
  });

  it('trusts an answer over a browser that still says offline', () => {
    expect(isOffline(run(initialConnectivity(false), 'request-answered'))).toBe(false);
  });

  it('coming back online forgets an earlier failed request, so paused queries run again', () => {
    expect(isOffline(run(initialConnectivity(true), 'request-failed', 'browser-offline', 'browser-online'))).toBe(false);
  });

  it('returns the same state for an event that changes nothing', () => {
    const online = initialConnectivity(true);
    expect(connectivityReducer(online, { type: 'request-answered' })).toBe(online);
    expect(connectivityReducer(online, { type: 'browser-online' })).toBe(online);
    const offline = initialConnectivity(false);
    expect(connectivityReducer(offline, { type: 'browser-offline' })).toBe(offline);
  });
});

describe('probeDelay', () => {
  it('asks the server after 2 s, doubling to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(probeDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});
