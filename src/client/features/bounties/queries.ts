import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BountyClaim, BountyDetail, ClaimableContent, CreateBountyInput, CreateClaimInput } from '../../../shared/bounties/bounties';
import type { BountyCard } from '../../../shared/bounties/bounty-card';
import type { Payment } from '../../../shared/payments/payments';
import { api, apiPath } from '../../lib/api';

export interface BountyFilter {
  status?: BountyCard['status'] | undefined;
  category?: string | undefined;
}

export const bountyKeys = {
  all: ['bounties'] as const,
  list: (f: BountyFilter) => [...bountyKeys.all, 'list', f] as const,
  detail: (id: string) => [...bountyKeys.all, 'detail', id] as const,
  claimable: (id: string) => [...bountyKeys.all, 'claimable', id] as const,
};

export function useBounties(filter: BountyFilter = {}) {
  return useQuery({
    queryKey: bountyKeys.list(filter),
    queryFn: ({ signal }) => api<BountyCard[]>(apiPath('/api/bounties', { status: filter.status, category: filter.category }), { signal }),
  });
}

/** A payment of the reward on its way: the page asks again until the chain has settled it. */
const inFlight = (d: BountyDetail | undefined) => d?.payment?.status === 'pending' || d?.payment?.status === 'confirmed';

export function useBounty(id: string) {
  return useQuery({
    queryKey: bountyKeys.detail(id),
    queryFn: ({ signal }) => api<BountyDetail>(`/api/bounties/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (inFlight(q.state.data) ? 3000 : false),
  });
}

/** Your contents a claim may submit; asked only while the claim dialog is open. */
export function useClaimableContent(id: string, enabled: boolean) {
  return useQuery({
    queryKey: bountyKeys.claimable(id),
    queryFn: ({ signal }) => api<ClaimableContent[]>(`/api/bounties/${encodeURIComponent(id)}/claimable`, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** Every write answers the bounty as it is now: the page takes it, the lists are asked again. */
function useBountyWrite<TVars>(id: string, call: (vars: TVars) => Promise<BountyDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      qc.setQueryData(bountyKeys.detail(id), detail);
      void qc.invalidateQueries({ queryKey: [...bountyKeys.all, 'list'] });
    },
  });
}

export function usePostBounty() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBountyInput) => api<BountyDetail>('/api/bounties', { method: 'POST', json: input }),
    onSuccess: (detail) => {
      qc.setQueryData(bountyKeys.detail(detail.id), detail);
      void qc.invalidateQueries({ queryKey: [...bountyKeys.all, 'list'] });
    },
  });
}

export function useClaimBounty(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClaimInput) => api<BountyClaim>(`/api/bounties/${encodeURIComponent(id)}/claims`, { method: 'POST', json: input }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: bountyKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: bountyKeys.claimable(id) });
    },
  });
}

const post = (path: string) => api<BountyDetail>(path, { method: 'POST', json: {} });

export const useApproveClaim = (id: string) => useBountyWrite(id, (claimId: string) => post(`/api/bounties/${id}/claims/${claimId}/approve`));
export const useRejectClaim = (id: string) => useBountyWrite(id, (claimId: string) => post(`/api/bounties/${id}/claims/${claimId}/reject`));
export const useCancelBounty = (id: string) => useBountyWrite(id, () => post(`/api/bounties/${id}/cancel`));

/** Opens the reward's payment from this wallet (the poster's Phantom). */
export const openRewardPayment = (id: string, fromWallet: string) =>
  api<Payment>(`/api/bounties/${encodeURIComponent(id)}/payment`, { method: 'POST', json: { fromWallet } });
