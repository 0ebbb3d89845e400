import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminVerificationRequest, Badge, MyVerification, VerificationRequestInput, VerifiedAccount } from '../../../shared/verification/verification';
import { sessionKeys } from '../auth/session';
import { api, apiPath } from '../../lib/api';

export const verificationKeys = {
  all: ['verification'] as const,
  mine: () => [...verificationKeys.all, 'mine'] as const,
  admin: () => [...verificationKeys.all, 'admin'] as const,
  pending: () => [...verificationKeys.admin(), 'pending'] as const,
  verified: (q: string) => [...verificationKeys.admin(), 'verified', q] as const,
};

/** Your badge and your latest request (settings). */
export function useMyVerification() {
  return useQuery({ queryKey: verificationKeys.mine(), queryFn: ({ signal }) => api<MyVerification>('/api/verification', { signal }) });
}

/**
 * A badge changed: names everywhere (cards, profiles, the menu) are asked again, so the badge
 * shows, or goes, at once.
 */
export function badgeChanged(qc: QueryClient) {
  void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== verificationKeys.all[0] || q.queryKey[1] !== 'mine' });
  void qc.invalidateQueries({ queryKey: sessionKeys.current });
}

export function useFileVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: VerificationRequestInput) => api<MyVerification>('/api/verification/requests', { method: 'POST', json: input }),
    onSuccess: (mine) => qc.setQueryData(verificationKeys.mine(), mine),
  });
}

export function useWithdrawVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<MyVerification>('/api/verification/requests/withdraw', { method: 'POST', json: {} }),
    onSuccess: (mine) => qc.setQueryData(verificationKeys.mine(), mine),
  });
}

/** The admins' queue of pending requests, oldest first. */
export function usePendingVerifications() {
  return useQuery({
    queryKey: verificationKeys.pending(),
    queryFn: ({ signal }) => api<AdminVerificationRequest[]>('/api/admin/verification/requests', { signal }),
  });
}

export function useVerifiedAccounts(q: string) {
  return useQuery({
    queryKey: verificationKeys.verified(q),
    queryFn: ({ signal }) => api<VerifiedAccount[]>(apiPath('/api/admin/verification/verified', { q }), { signal }),
    placeholderData: (previous) => previous,
  });
}

/** After an admin's decision: the queue, the verified list and every name shown are asked again. */
function useAdminDecision<TVars>(call: (vars: TVars) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: verificationKeys.admin() });
      badgeChanged(qc);
    },
  });
}

export function useGrantVerification() {
  return useAdminDecision(({ id, badge }: { id: string; badge: Badge }) =>
    api(`/api/admin/verification/requests/${encodeURIComponent(id)}/grant`, { method: 'POST', json: { badge } }),
  );
}

export function useRejectVerification() {
  return useAdminDecision(({ id, reason }: { id: string; reason: string }) =>
    api(`/api/admin/verification/requests/${encodeURIComponent(id)}/reject`, { method: 'POST', json: { reason } }),
  );
}

export function useRevokeBadge() {
  return useAdminDecision(({ userId, reason }: { userId: string; reason: string }) =>
    api(`/api/admin/verification/users/${encodeURIComponent(userId)}/revoke`, { method: 'POST', json: { reason } }),
  );
}
