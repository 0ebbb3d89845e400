import { useQuery } from '@tanstack/react-query';
import type { Leaderboard, LeaderboardBoard, LeaderboardWindow } from '../../../shared/leaderboards/leaderboards';
import { useSession } from '../auth/session';
import { api, apiPath } from '../../lib/api';

export const leaderboardKeys = {
  all: ['leaderboards'] as const,
  /** The viewer is part of the key: the answer carries their own rank. */
  board: (board: LeaderboardBoard, window: LeaderboardWindow, viewerId: string | null) => [...leaderboardKeys.all, { board, window, viewerId }] as const,
};

/** One board over one window: the top list and, signed in, your own place. */
export function useLeaderboard(board: LeaderboardBoard, window: LeaderboardWindow) {
  const viewerId = useSession().user?.id ?? null;
  return useQuery({
    queryKey: leaderboardKeys.board(board, window, viewerId),
    queryFn: ({ signal }) => api<Leaderboard>(apiPath('/api/leaderboards', { board, window }), { signal }),
  });
}
