import { describe, expect, it } from 'vitest';
import { idleUnlock, unlockLabel, unlockReducer, type UnlockState } from './unlock-machine';

describe('the unlock flow', () => {
  it('goes from idle through Phantom and settlement to done', () => {
    let s: UnlockState = idleUnlock;
    s = unlockReducer(s, { type: 'start' });
    expect(unlockLabel(s, '$1.50')).toBe('Connecting to Phantom…');
    for (const step of ['asking', 'signing', 'settling'] as const) s = unlockReducer(s, { type: 'step', step });
    expect(s).toEqual({ at: 'settling' });
    s = unlockReducer(s, { type: 'unlocked', transaction: 'sig' });
    expect(s).toEqual({ at: 'done', transaction: 'sig' });
  });

  it('comes back to idle with the reason, and the button says the price again', () => {
    const s = unlockReducer({ at: 'signing' }, { type: 'failed', error: 'Payment cancelled in Phantom. Nothing was paid.' });
    expect(s).toEqual({ at: 'idle', error: 'Payment cancelled in Phantom. Nothing was paid.' });
    expect(unlockLabel(s, '$1.50')).toBe('Unlock for $1.50');
  });

  it('ignores events that do not fit (the same state object comes back)', () => {
    const idle: UnlockState = { at: 'idle' };
    expect(unlockReducer(idle, { type: 'unlocked', transaction: null })).toBe(idle);
    expect(unlockReducer(idle, { type: 'step', step: 'signing' })).toBe(idle);
    const settling: UnlockState = { at: 'settling' };
    expect(unlockReducer(settling, { type: 'step', step: 'asking' })).toBe(settling);
    expect(unlockReducer(settling, { type: 'start' })).toBe(settling);
    const done: UnlockState = { at: 'done', transaction: null };
    expect(unlockReducer(done, { type: 'failed', error: 'x' })).toBe(done);
  });
});
