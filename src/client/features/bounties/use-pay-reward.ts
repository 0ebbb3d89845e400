import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Payment } from '../../../shared/payments/payments';
import type { PayState } from '../payments/pay-machine';
import { usePayFlow } from '../payments/use-pay-flow';
import { bountyKeys, openRewardPayment } from './queries';

/**
 * The poster pays the approved claim's reward from Phantom, followed until finalized or failed;
 * the bounty's page is read again once the payment has settled.
 */
export function usePayReward(bountyId: string): { state: PayState; start: () => void; reset: () => void } {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: bountyKeys.detail(bountyId) });
    void qc.invalidateQueries({ queryKey: [...bountyKeys.all, 'list'] });
  };
  return usePayFlow({
    open: (wallet) => openRewardPayment(bountyId, wallet),
    onReport: (p: Payment) => {
      // One toast however many reports say so (the answer, the realtime event, a poll).
      if (p.status === 'finalized') toast.success('Reward paid', { id: `paid-${p.id}`, description: `${p.amountSol} SOL sent to ${p.payee.displayName}.` });
      // The bounty is marked paid before the finalized event goes out: its page reads it again.
      if (p.status === 'finalized' || p.status === 'failed') refresh();
    },
    onError: () => void qc.invalidateQueries({ queryKey: bountyKeys.detail(bountyId) }),
  });
}
