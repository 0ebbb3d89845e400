import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { ExplorerLink } from './explorer-link';
import type { Payment } from '../../../shared/payments/payments';
import { api } from '../../lib/api';
import { useRealtimeEvent } from '../realtime/realtime-provider';
import { SectionList, SettingsSection } from '../settings/settings-section';
import { Badge } from '../../ui/badge';

export const paymentKeys = { mine: ['payments', 'mine'] as const };

const STATUS_TEXT: Record<Payment['status'], string> = {
  created: 'Not paid',
  pending: 'Waiting for the network',
  confirmed: 'Confirmed, waiting for finality',
  finalized: 'Verified on chain',
  failed: 'Failed',
};

/** Settings › Tips and payments: what you sent (in any state, with why one failed) and what you received. */
export function PaymentsSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const payments = useQuery({ queryKey: paymentKeys.mine, queryFn: () => api<{ payments: Payment[] }>('/api/payments') });
  useRealtimeEvent('payment.status', () => void queryClient.invalidateQueries({ queryKey: paymentKeys.mine }));
  return (
    <SettingsSection
      id="payments"
      icon={Coins}
      title="Tips and payments"
      description="Tips and bounty rewards you sent or received in SOL, as the Solana network saw them."
    >
      <SectionList
        query={payments}
        items={payments.data?.payments}
        skeletonClassName="h-24"
        errorTitle="Could not load your payments"
        empty="No tips or payments yet. Tip a creator from their stream, video or profile."
      >
        {(list) => (
          <ul className="flex flex-col divide-y divide-border" aria-label="Your payments">
            {list.map((p) => {
              const sent = p.payer.id === userId;
              const other = sent ? p.payee : p.payer;
              return (
                <li key={p.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {sent ? 'You sent' : 'You received'} {p.amountSol} SOL {sent ? 'to' : 'from'} @{other.username}
                      <span className="text-muted-foreground"> · {p.kind === 'tip' ? 'tip' : 'bounty reward'}</span>
                    </p>
                    {p.message ? <p className="truncate text-muted-foreground">“{p.message}”</p> : null}
                    {p.status === 'failed' && p.failure ? <p className="text-destructive">{p.failure}</p> : null}
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={p.createdAt}>{new Date(p.createdAt).toLocaleString()}</time>
                      <ExplorerLink
                        href={p.explorerUrl}
                        before=" · "
                        className="inline-flex items-center gap-0.5 underline underline-offset-2"
                        iconClassName="size-3"
                      >
                        Transaction
                      </ExplorerLink>
                    </p>
                  </div>
                  <Badge
                    variant={p.status === 'failed' ? 'outline' : p.status === 'finalized' ? 'success' : 'amber'}
                    className={p.status === 'failed' ? 'border-destructive/40 text-destructive' : undefined}
                  >
                    {STATUS_TEXT[p.status]}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </SectionList>
    </SettingsSection>
  );
}
