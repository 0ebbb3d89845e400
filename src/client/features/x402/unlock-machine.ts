/**
 * Unlocking a priced video, as a flow: idle (maybe with the last refusal) → connecting Phantom →
 * asking for the media (the 402) → signing in Phantom → settling (the server has the facilitator
 * verify and settle) → done. An event that does not fit the state leaves it as it is.
 */
export type UnlockState =
  | { at: 'idle'; error?: string }
  | { at: 'connecting' }
  | { at: 'asking' }
  | { at: 'signing' }
  | { at: 'settling' }
  | { at: 'done'; transaction: string | null };

export type UnlockEvent =
  | { type: 'start' }
  | { type: 'step'; step: 'asking' | 'signing' | 'settling' }
  | { type: 'unlocked'; transaction: string | null }
  | { type: 'failed'; error: string };

export const idleUnlock: UnlockState = { at: 'idle' };

export const isUnlocking = (s: UnlockState) => s.at !== 'idle' && s.at !== 'done';

const ORDER = ['connecting', 'asking', 'signing', 'settling'] as const;

export function unlockReducer(state: UnlockState, event: UnlockEvent): UnlockState {
  switch (event.type) {
    case 'start':
      return state.at === 'idle' ? { at: 'connecting' } : state;
    case 'step': {
      // Steps only go forward, and only while unlocking.
      const from = ORDER.indexOf(state.at as (typeof ORDER)[number]);
      return from >= 0 && ORDER.indexOf(event.step) > from ? { at: event.step } : state;
    }
    case 'unlocked':
      return isUnlocking(state) ? { at: 'done', transaction: event.transaction } : state;
    case 'failed':
      return isUnlocking(state) ? { at: 'idle', error: event.error } : state;
  }
}

/** The words on the button for each state. */
export function unlockLabel(state: UnlockState, price: string): string {
  switch (state.at) {
    case 'connecting':
      return 'Connecting to Phantom…';
    case 'asking':
      return 'Preparing the payment…';
    case 'signing':
      return 'Approve in Phantom…';
    case 'settling':
      return 'Settling on Solana…';
    case 'done':
      return 'Unlocked';
    default:
      return `Unlock for ${price}`;
  }
}
