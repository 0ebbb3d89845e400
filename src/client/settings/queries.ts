import { useQuery } from '@tanstack/react-query';
import { getCurrentSession, listAccounts, listSessions } from '../auth/auth-api';

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
