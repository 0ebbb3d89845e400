import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput, DeletionStatus, ExportStatus } from '../../../shared/privacy/privacy';
import { getCurrentSession, listAccounts, listSessions } from '../auth/auth-api';
import { api } from '../../lib/api';

export const settingsKeys = {
  all: ['settings'] as const,
  accounts: () => [...settingsKeys.all, 'accounts'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
};

/** How the account signs in: 'credential' (a password), 'google', 'phantom'. */
export function useLinkedAccountsQuery() {
  return useQuery({ queryKey: settingsKeys.accounts(), queryFn: listAccounts });
}

/** The account's sessions, newest activity first, with the one of this browser marked. */
export function useSessionsQuery() {
  return useQuery({
    queryKey: settingsKeys.sessions(),
    queryFn: async () => {
      const [sessions, current] = await Promise.all([listSessions(), getCurrentSession()]);
      const currentId = current?.session.id ?? null;
      const sorted = [...sessions].sort((a, b) => {
        if (a.id === currentId) return -1;
        if (b.id === currentId) return 1;
        return b.updatedAt.localeCompare(a.updatedAt);
      });
      return { sessions: sorted, currentId };
    },
  });
}

export const privacyKeys = {
  all: ['privacy'] as const,
  export: () => [...privacyKeys.all, 'export'] as const,
  deletion: () => [...privacyKeys.all, 'deletion'] as const,
};

/** The newest data export; asked again every 2 s while it is prepared, so the progress moves. */
export function useDataExportQuery() {
  return useQuery({
    queryKey: privacyKeys.export(),
    queryFn: () => api<ExportStatus>('/api/account/export'),
    refetchInterval: (q) => (q.state.data?.export?.status === 'preparing' ? 2000 : false),
  });
}

export function useRequestExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ExportStatus>('/api/account/export', { method: 'POST', json: {} }),
    onSuccess: (data) => queryClient.setQueryData(privacyKeys.export(), data),
  });
}

/** When the account is to be deleted (null when it is not). */
export function useDeletionQuery() {
  return useQuery({ queryKey: privacyKeys.deletion(), queryFn: () => api<DeletionStatus>('/api/account/deletion') });
}

export function useScheduleDeletionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api<DeletionStatus>('/api/account/deletion', { method: 'POST', json: input }),
    onSuccess: (data) => queryClient.setQueryData(privacyKeys.deletion(), data),
  });
}

export function useCancelDeletionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<DeletionStatus>('/api/account/deletion', { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(privacyKeys.deletion(), data),
  });
}
