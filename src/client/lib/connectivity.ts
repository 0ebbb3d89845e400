import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { serverUrl } from './native/api-origin';
import { connectivityReducer, initialConnectivity, isOffline, probeDelay, type Connectivity, type ConnectivityEvent } from './connectivity-state';

/**
 * The page's one connectivity store (rules in connectivity-state.ts). It drives TanStack Query's
 * online manager, so queries pause while offline and refetch by themselves when the network comes
 * back, and the offline banner reads it.
 */
let state: Connectivity = initialConnectivity(typeof navigator === 'undefined' ? true : navigator.onLine);
const listeners = new Set<() => void>();
let probeTimer: number | undefined;
let probeAttempt = 0;

function dispatch(event: ConnectivityEvent): void {
  const next = connectivityReducer(state, event);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
  scheduleProbe();
}

/**
 * The browser says online but a call got no answer: ask the server now and then until it answers,
 * because nothing else would tell us it is back.
 */
function scheduleProbe(): void {
  const needed = state.browserOnline && !state.serverReachable && typeof window !== 'undefined';
  if (!needed) {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    probeAttempt = 0;
    return;
  }
  if (probeTimer !== undefined) return;
  probeTimer = window.setTimeout(() => {
    probeTimer = undefined;
    probeAttempt++;
    // In the native app the server is another origin (VITE_API_ORIGIN), not the app's own files.
    fetch(serverUrl('/api/health'), { cache: 'no-store' }).then(
      () => dispatch({ type: 'request-answered' }),
      () => scheduleProbe(),
    );
  }, probeDelay(probeAttempt));
}

/** Called by the API client for every call that got an answer or none (lib/api.ts). */
export function reportRequest(answered: boolean): void {
  dispatch({ type: answered ? 'request-answered' : 'request-failed' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens to the browser's online/offline events and hands the verdict to TanStack Query. Once, at start. */
export function startConnectivity(): void {
  window.addEventListener('online', () => dispatch({ type: 'browser-online' }));
  window.addEventListener('offline', () => dispatch({ type: 'browser-offline' }));
  onlineManager.setEventListener((setOnline) => {
    setOnline(!isOffline(state));
    return subscribe(() => setOnline(!isOffline(state)));
  });
}

/** True while the app cannot reach its server. */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isOffline(state),
    () => false,
  );
}
