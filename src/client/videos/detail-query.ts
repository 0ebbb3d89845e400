import type { QueryClient } from '@tanstack/react-query';
import type { VideoDetail } from '../../shared/videos';
import { api } from '../lib/api';

/** A video's query key (videoKeys.detail): apart from the rest of the video queries, so the router can start it. */
export const videoDetailKey = (id: string) => ['videos', 'detail', id] as const;

export const fetchVideoDetail = (id: string, signal?: AbortSignal) => api<VideoDetail>(`/api/videos/${encodeURIComponent(id)}`, { signal });

/** Starts reading a watch page's video with the navigation, beside the screen's code; the screen finds it under way. */
export function prefetchVideoDetail(queryClient: QueryClient, id: string | undefined): void {
  if (id) void queryClient.prefetchQuery({ queryKey: videoDetailKey(id), queryFn: ({ signal }) => fetchVideoDetail(id, signal) });
}
