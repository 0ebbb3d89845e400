import { useEffect, useState } from 'react';
import { browserHost, findPhantom } from './phantom-provider';
import { WALLET_TIMINGS } from './wallet-errors';

/** How long the extension gets to show up before the install link is offered: the connect step's own wait. */
const GRACE_MS = WALLET_TIMINGS.selectDelayMs + WALLET_TIMINGS.readinessPolls * WALLET_TIMINGS.readinessIntervalMs;

/**
 * 'present' once Phantom's provider is in the page; 'absent' when it has not appeared within the
 * connect step's wait (it keeps looking, as a slow extension may still arrive); 'unknown' before.
 */
export function usePhantomPresence(): 'unknown' | 'present' | 'absent' {
  const [state, setState] = useState<'unknown' | 'present' | 'absent'>(() => (findPhantom(browserHost()).provider ? 'present' : 'unknown'));
  useEffect(() => {
    if (state === 'present') return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (findPhantom(browserHost()).provider) setState('present');
      else if (Date.now() - started >= GRACE_MS) setState('absent');
    }, 250);
    return () => window.clearInterval(timer);
  }, [state]);
  return state;
}
