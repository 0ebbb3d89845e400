import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { GENERIC_ERROR_MESSAGE } from '../../shared/errors';
import type { Payment } from '../../shared/payments';
import { api, ApiError } from '../lib/api';
import { connectPayer, PayError, payWithPhantom } from '../payments/pay';
import { useRealtimeEvent } from '../realtime/realtime-provider';
import { walletErrorMessage } from '../wallet/wallet-errors';
import { isPaying, payIdle, payReducer, type PayState } from './pay-machine';
import { bountyKeys, openRewardPayment } from './queries';

/** How often the page asks about a payment on its way, in case a realtime event was missed. */
const POLL_MS = 3000;

function reasonOf(error: unknown): string {
  if (error instanceof PayError || error instanceof ApiError) return error.message;
  return walletErrorMessage(error, 'connect', GENERIC_ERROR_MESSAGE);
}

/**
 * The poster pays the approved claim's reward: connect Phantom, open the payment on the server,
 * Phantom signs and sends the transfer, and the server's verification on chain is followed over
 * the realtime socket (with a slow poll as a safety net) until finalized or failed.
 */
export function usePayReward(bountyId: string): { state: PayState; start: () => void; reset: () => void } {
  const [state, dispatch] = useReducer(payReducer, payIdle);
  const current = useRef(state);
  useEffect(() => {
    current.current = state;
  }, [state]);
  const qc = useQueryClient();

  const report = useCallback(
    (p: Payment) => {
      dispatch({ type: 'report', payment: p });
      // One toast however many reports say so (the answer, the realtime event, a poll).
      if (p.status === 'finalized') toast.success('Reward paid', { id: `paid-${p.id}`, description: `${p.amountSol} SOL sent to ${p.payee.displayName}.` });
      // The bounty is marked paid before the finalized event goes out: its page reads it again.
      if (p.status === 'finalized' || p.status === 'failed') {
        void qc.invalidateQueries({ queryKey: bountyKeys.detail(bountyId) });
        void qc.invalidateQueries({ queryKey: [...bountyKeys.all, 'list'] });
      }
    },
    [qc, bountyId],
  );

  useRealtimeEvent('payment.status', (p) => {
    if (p.bountyId === bountyId) report(p);
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
        const payment = await openRewardPayment(bountyId, wallet.address);
        dispatch({ type: 'opened', payment });
        report(await payWithPhantom(wallet, payment));
      } catch (error) {
        dispatch({ type: 'failed', reason: reasonOf(error) });
        void qc.invalidateQueries({ queryKey: bountyKeys.detail(bountyId) });
      }
    })();
  }, [bountyId, qc, report]);

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { state, start, reset };
}
