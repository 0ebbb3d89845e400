import { useCallback, useEffect, useReducer, useRef } from 'react';
import { GENERIC_ERROR_MESSAGE } from '../../../shared/platform/errors';
import type { Payment } from '../../../shared/payments/payments';
import { api, ApiError } from '../../lib/api';
import { useRealtimeEvent } from '../realtime/realtime-provider';
import { walletErrorMessage } from '../wallet/wallet-errors';
import { connectPayer, PayError, payWithPhantom } from './pay';
import { isPaying, payIdle, payReducer, type PayState } from './pay-machine';

/** How often a payment on its way is asked about, in case a realtime event was missed. */
const POLL_MS = 3000;

function reasonOf(error: unknown): string {
  if (error instanceof PayError || error instanceof ApiError) return error.message;
  return walletErrorMessage(error, 'connect', GENERIC_ERROR_MESSAGE);
}

export interface PayFlowOptions {
  /** Opens the payment on the server for the connected wallet (a tip, a bounty's reward). */
  open: (wallet: string) => Promise<Payment>;
  /** Every report of the server about this flow's payment (the answer, a realtime event, a poll). */
  onReport?: (payment: Payment) => void;
  /** A failure before anything was sent (the wallet, the server refusing to open it). */
  onError?: (error: unknown) => void;
}

/**
 * Paying from Phantom, start to end: connect Phantom, open the payment on the server, Phantom
 * signs and sends the transfer, and the server's verification on chain is followed over the
 * realtime socket (with a slow poll as a safety net) until finalized or failed.
 */
export function usePayFlow({ open, onReport, onError }: PayFlowOptions): { state: PayState; start: () => void; reset: () => void } {
  const [state, dispatch] = useReducer(payReducer, payIdle);
  const current = useRef(state);
  const options = useRef({ open, onReport, onError });
  useEffect(() => {
    current.current = state;
    options.current = { open, onReport, onError };
  });

  const report = useCallback((p: Payment) => {
    dispatch({ type: 'report', payment: p });
    options.current.onReport?.(p);
  }, []);

  useRealtimeEvent('payment.status', (p) => {
    const s = current.current;
    if ('payment' in s && s.payment?.id === p.id) report(p);
  });

  const waitingId = state.status === 'pending' || state.status === 'confirmed' ? state.payment.id : null;
  useEffect(() => {
    if (!waitingId) return;
    const timer = window.setInterval(() => {
      api<Payment>(`/api/payments/${waitingId}`).then(report, () => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waitingId, report]);

  const start = useCallback(() => {
    if (isPaying(current.current)) return;
    dispatch({ type: 'start' });
    current.current = { status: 'connecting' };
    void (async () => {
      try {
        const wallet = await connectPayer();
        dispatch({ type: 'connected', wallet: wallet.address });
        const payment = await options.current.open(wallet.address);
        dispatch({ type: 'opened', payment });
        report(await payWithPhantom(wallet, payment));
      } catch (error) {
        dispatch({ type: 'failed', reason: reasonOf(error) });
        options.current.onError?.(error);
      }
    })();
  }, [report]);

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { state, start, reset };
}
