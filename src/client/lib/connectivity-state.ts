/**
 * Whether Glint can reach its server, from two sources: the browser's own word (`navigator.onLine`
 * and its online/offline events) and what API calls meet (no answer at all, or any answer). The
 * browser can say "online" behind a dead network or a stopped server; a failed call is the proof.
 */
export interface Connectivity {
  /** The browser believes it has a network. */
  readonly browserOnline: boolean;
  /** The last API call (or probe) got an answer; false after one got none. */
  readonly serverReachable: boolean;
}

export type ConnectivityEvent =
  | { type: 'browser-offline' }
  | { type: 'browser-online' }
  /** A request got no answer (network error; not an abort). */
  | { type: 'request-failed' }
  /** A request got an answer, whatever its status. */
  | { type: 'request-answered' };

export function initialConnectivity(browserOnline: boolean): Connectivity {
  return { browserOnline, serverReachable: true };
}

/** The next state; an event that changes nothing returns the same object, so subscribers do not re-render. */
export function connectivityReducer(state: Connectivity, event: ConnectivityEvent): Connectivity {
  switch (event.type) {
    case 'browser-offline':
      return state.browserOnline ? { ...state, browserOnline: false } : state;
    case 'browser-online':
      // Back on a network: assume the server is there until a call says otherwise, so paused queries run.
      return state.browserOnline && state.serverReachable ? state : { browserOnline: true, serverReachable: true };
    case 'request-failed':
      return state.serverReachable ? { ...state, serverReachable: false } : state;
    case 'request-answered':
      // An answer proves the network is there, whatever the browser last said.
      return state.serverReachable && state.browserOnline ? state : { browserOnline: true, serverReachable: true };
  }
}

/** The app is offline: the banner shows and queries wait instead of failing. */
export function isOffline(state: Connectivity): boolean {
  return !state.browserOnline || !state.serverReachable;
}

/** While online but unanswered, the server is probed this often: 2 s doubling to 30 s. */
export function probeDelay(attempt: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, Math.min(attempt, 8)));
}
