import type { Payment } from '../../../shared/payments/payments';

/**
 * Paying from Phantom (a tip, a bounty's reward) as one value: idle, then connecting Phantom, opening the payment on
 * the server, waiting for the payer to approve it in Phantom, and then the chain's own states
 * as the server reports them (pending, confirmed, finalized), or failed with the reason. A report
 * that does not fit (an older payment's event, a late answer after a failure) changes nothing.
 */
export type PayState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'opening'; wallet: string }
  | { status: 'signing'; payment: Payment }
  | { status: 'pending' | 'confirmed' | 'finalized'; payment: Payment }
  | { status: 'failed'; reason: string; payment: Payment | null };

export type PayEvent =
  | { type: 'start' }
  | { type: 'connected'; wallet: string }
  | { type: 'opened'; payment: Payment }
  /** The server's view of the payment: the answer to the signature, a realtime event, a poll. */
  | { type: 'report'; payment: Payment }
  | { type: 'failed'; reason: string }
  | { type: 'reset' };

export const payIdle: PayState = { status: 'idle' };

/** Still working: the flow cannot be started again, and its dialog says so. */
export const isPaying = (s: PayState) =>
  s.status === 'connecting' || s.status === 'opening' || s.status === 'signing' || s.status === 'pending' || s.status === 'confirmed';

/** Once the payment is on chain, a failure is the chain's; before, nothing was sent. */
const ORDER = { created: 0, pending: 1, confirmed: 2, finalized: 3, failed: 3 } as const;

export function payReducer(state: PayState, event: PayEvent): PayState {
  switch (event.type) {
    case 'start':
      return isPaying(state) ? state : { status: 'connecting' };
    case 'connected':
      return state.status === 'connecting' ? { status: 'opening', wallet: event.wallet } : state;
    case 'opened':
      return state.status === 'opening' ? { status: 'signing', payment: event.payment } : state;
    case 'report': {
      if (!('payment' in state) || !state.payment || state.payment.id !== event.payment.id) return state;
      if (state.status === 'failed' || state.status === 'finalized') return state;
      const p = event.payment;
      // A stale report (a poll answered after a newer event) never moves the flow back.
      if (ORDER[p.status] < ORDER[state.payment.status]) return state;
      if (p.status === 'created') return state;
      if (p.status === 'failed') return { status: 'failed', reason: p.failure ?? 'The payment failed.', payment: p };
      return { status: p.status, payment: p };
    }
    case 'failed':
      if (state.status === 'idle' || state.status === 'failed' || state.status === 'finalized') return state;
      return { status: 'failed', reason: event.reason, payment: 'payment' in state ? state.payment : null };
    case 'reset':
      return isPaying(state) ? state : payIdle;
  }
}
