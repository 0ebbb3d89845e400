import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePlaylist, PlaylistDetail, PlaylistSummary, UpdatePlaylist, WatchLaterState } from '../../../shared/playlists/playlists';
import { api, apiPath } from '../../lib/api';
import { useSession } from '../auth/session';

export const playlistKeys = {
  all: ['playlists'] as const,
  mine: (userId: string, videoId?: string) => [...playlistKeys.all, 'mine', userId, videoId ?? ''] as const,
  detail: (id: string, userId: string) => [...playlistKeys.all, 'detail', id, userId] as const,
  ofProfile: (username: string) => [...playlistKeys.all, 'profile', username] as const,
};

/** Your playlists, Watch later first; with `videoId`, whether each holds it (the Save dialog). */
export function useMyPlaylists(videoId?: string) {
  const { user } = useSession();
  return useQuery({
    queryKey: playlistKeys.mine(user?.id ?? '', videoId),
    queryFn: ({ signal }) => api<PlaylistSummary[]>(apiPath('/api/playlists', { videoId }), { signal }),
    enabled: !!user,
  });
}

/** A playlist and its videos in order, as the signed-in viewer (or a guest) may see it. */
export function usePlaylist(id: string | undefined) {
  const { user, status } = useSession();
  return useQuery({
    queryKey: playlistKeys.detail(id ?? '', user?.id ?? ''),
    queryFn: ({ signal }) => api<PlaylistDetail>(`/api/playlists/${encodeURIComponent(id!)}`, { signal }),
    // Who asks decides what a private playlist answers: wait until that is known.
    enabled: !!id && status !== 'loading',
  });
}

export function useProfilePlaylists(username: string) {
  return useQuery({
    queryKey: playlistKeys.ofProfile(username),
    queryFn: ({ signal }) => api<PlaylistSummary[]>(`/api/profiles/${encodeURIComponent(username)}/playlists`, { signal }),
  });
}

/** A playlist write; every playlist read is asked again after it. */
function usePlaylistWrite<T, R>(write: (input: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => qc.invalidateQueries({ queryKey: playlistKeys.all }) });
}

export const useCreatePlaylist = () => usePlaylistWrite((input: CreatePlaylist) => api<PlaylistDetail>('/api/playlists', { method: 'POST', json: input }));

export const useUpdatePlaylist = (id: string) =>
  usePlaylistWrite((patch: UpdatePlaylist) => api<PlaylistDetail>(`/api/playlists/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch }));

export const useDeletePlaylist = () => usePlaylistWrite((id: string) => api<void>(`/api/playlists/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** Puts a video in a playlist (`saved`) or takes it out; Watch later through its toggle. */
export const useSetSaved = () =>
  usePlaylistWrite(
    ({ playlist, videoId, saved }: { playlist: Pick<PlaylistSummary, 'id' | 'watchLater'>; videoId: string; saved: boolean }): Promise<unknown> =>
      playlist.watchLater
        ? api<WatchLaterState>(`/api/watch-later/${encodeURIComponent(videoId)}`, { method: 'POST' })
        : saved
          ? api<void>(`/api/playlists/${encodeURIComponent(playlist.id)}/items`, { method: 'POST', json: { videoId } })
          : api<void>(`/api/playlists/${encodeURIComponent(playlist.id)}/items/${encodeURIComponent(videoId)}`, { method: 'DELETE' }),
  );

/** A new order of a playlist, shown at once (the cache is patched) and put back if the server refuses it. */
export function useReorderPlaylist(id: string) {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = playlistKeys.detail(id, user?.id ?? '');
  return useMutation({
    mutationFn: (videoIds: string[]) => api<PlaylistDetail>(`/api/playlists/${encodeURIComponent(id)}/order`, { method: 'PUT', json: { videoIds } }),
    onMutate: async (videoIds) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<PlaylistDetail>(key);
      if (before) {
        const byId = new Map(before.videos.map((v) => [v.id, v]));
        qc.setQueryData<PlaylistDetail>(key, { ...before, videos: videoIds.map((v) => byId.get(v)!).filter(Boolean) });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (fresh) => qc.setQueryData(key, fresh),
  });
}
