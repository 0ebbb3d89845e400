import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry, HistoryPage } from '../../../shared/videos/history';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';

const historyKeys = {
  all: ['history'] as const,
  list: (userId: string) => [...historyKeys.all, userId] as const,
  continue: (userId: string) => [...historyKeys.all, userId, 'continue'] as const,
};

/** Your watch history, a page at a time, newest first, and whether it is paused. */
export function useHistory() {
  const { user } = useSession();
  return useInfiniteQuery({
    queryKey: historyKeys.list(user?.id ?? ''),
    queryFn: ({ signal, pageParam }) => api<HistoryPage>(`/api/history?offset=${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.more ? pages.reduce((n, p) => n + p.entries.length, 0) : undefined),
    enabled: !!user,
  });
}

/** Home's "Continue watching": long videos you stopped partway through. */
export function useContinueWatching() {
  const { user } = useSession();
  return useQuery({
    queryKey: historyKeys.continue(user?.id ?? ''),
    queryFn: ({ signal }) => api<HistoryEntry[]>('/api/history/continue', { signal }),
    enabled: !!user,
  });
}

function useHistoryWrite<T>(write: (input: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => qc.invalidateQueries({ queryKey: historyKeys.all }) });
}

/** Takes one video out of your history (`videoId`), or clears it (null). */
export function useRemoveFromHistory() {
  return useHistoryWrite((videoId: string | null) => api<void>(videoId ? `/api/history/${encodeURIComponent(videoId)}` : '/api/history', { method: 'DELETE' }));
}

export function usePauseHistory() {
  return useHistoryWrite((paused: boolean) => api<{ paused: boolean }>('/api/history/paused', { method: 'PUT', json: { paused } }));
}
