import type { QueryClient } from '@tanstack/react-query';
import type { VideoDetail } from '../../../shared/videos/videos';
import { api } from '../../lib/api';
import { relatedVideosFilter, videoListQuery } from './feed-query';

/** A video's query key (videoKeys.detail): apart from the rest of the video queries, so the router can start it. */
export const videoDetailKey = (id: string) => ['videos', 'detail', id] as const;

export const fetchVideoDetail = (id: string, signal?: AbortSignal) => api<VideoDetail>(`/api/videos/${encodeURIComponent(id)}`, { signal });

/**
 * Starts reading a watch page's video with the navigation, beside the screen's code; the screen
 * finds it under way. With `related`, its related videos follow as soon as its category is known,
 * rather than once the screen has drawn the video.
 */
export function prefetchVideoDetail(queryClient: QueryClient, id: string | undefined, { related = false } = {}): void {
  if (!id) return;
  const detail = queryClient.fetchQuery({ queryKey: videoDetailKey(id), queryFn: ({ signal }) => fetchVideoDetail(id, signal) });
  detail.then(
    (video) => {
      if (related && video.kind === 'long') void queryClient.prefetchQuery(videoListQuery(relatedVideosFilter(video)));
    },
    () => undefined, // the screen shows what went wrong
  );
}
